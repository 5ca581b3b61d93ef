import { criterionHandler, whereSql } from '../criterion-handler.js';
import { TABLES } from '../../schema/index.js';
import { c } from '../search-aliases.js';
import { fragment, sqlOf } from '../sql-fragment.js';
import { wildcardCondition } from '../wildcard.js';

/** The indexed names (`sn`). */
const sn = TABLES.searchName.$as('sn');

/**
 * ContentName (as in Legacy, docs/adr/0004): some translation's name of the current version
 * matches the value case-insensitively, `*` being a wildcard. Names are read from `search_name`, written
 * lower-cased with JavaScript's `toLowerCase` when the version is indexed (SQL `lower()` folds ASCII only on
 * SQLite), so that a literal prefix uses its index.
 */
export const contentNameCriterion = criterionHandler('ContentName', (criterion, ctx) =>
  whereSql(sqlOf`${fragment(`${c.id} IN (SELECT ${sn.contentId} FROM ${sn} WHERE`)} ${wildcardCondition(ctx.dialect, sn.name, criterion.value)})`),
);
