import { criterionHandler, type CriterionContext, type WhereBuilder, whereSql } from '../criterion-handler.js';
import { TABLES } from '../../schema/index.js';
import { c } from '../search-aliases.js';
import { fragment, joinFragments, sqlOf } from '../sql-fragment.js';
import { wildcardCondition } from '../wildcard.js';

/** Accounts (`ua`, `sua`) and their indexed login and e-mail (`su`). */
const ua = TABLES.userAccount.$as('ua');
const sua = TABLES.userAccount.$as('sua');
const su = TABLES.searchUser.$as('su');

const accounts = (ctx: CriterionContext) => ctx.kx(`${ua}`).select(ua.contentId);

/** IsUserBased: the item has (or has not) a user account. */
export const isUserBasedCriterion = criterionHandler('IsUserBased', (criterion, ctx) => (query) => {
  if (criterion.value) query.whereIn(c.id, accounts(ctx));
  else query.whereNotIn(c.id, accounts(ctx));
});

/** IsUserEnabled: the item is a user whose account is enabled (`value` true) or disabled (false). */
export const isUserEnabledCriterion = criterionHandler('IsUserEnabled', (criterion, ctx) => (query) => {
  query.whereIn(c.id, accounts(ctx).where(ua.enabled, criterion.value));
});

/** UserId: the item is a user with one of these content ids. */
export const userIdCriterion = criterionHandler('UserId', (criterion, ctx) => (query) => {
  query.whereIn(c.id, accounts(ctx).whereIn(ua.contentId, [...criterion.values]));
});

/**
 * A user whose login or email (as indexed lower-cased in `search_user`) matches one of the patterns
 * case-insensitively, `*` being a wildcard (docs/adr/0004); the account must still exist.
 */
function accountMatch(ctx: CriterionContext, column: 'login' | 'email', patterns: readonly string[]): WhereBuilder {
  const any = joinFragments(
    patterns.map((pattern) => wildcardCondition(ctx.dialect, su[column], pattern)),
    ' OR ',
  );
  if (!any) {
    return (query) => {
      query.whereRaw('1 = 0');
    };
  }
  return whereSql(
    sqlOf`${fragment(`${c.id} IN (SELECT ${su.contentId} FROM ${su} JOIN ${sua} ON ${sua.contentId} = ${su.contentId} WHERE`)} ${any})`,
  );
}

/** UserLogin: case-insensitive login match; several values mean any of them. */
export const userLoginCriterion = criterionHandler('UserLogin', (criterion, ctx) => accountMatch(ctx, 'login', criterion.values));

/** UserEmail: case-insensitive email match; several values mean any of them. */
export const userEmailCriterion = criterionHandler('UserEmail', (criterion, ctx) => accountMatch(ctx, 'email', criterion.values));
