import { alwaysFalse, criterionHandler, type CriterionContext, whereSql } from '../criterion-handler.js';
import { fieldMatches } from '../field-families.js';
import { fieldLanguage, filterLanguages } from '../field-language.js';
import { fragment, type SqlFragment, sqlOf } from '../sql-fragment.js';

/**
 * Field (search-auth-errors-data.md A.8, docs/adr/0004-search-semantics.md): some index entry of the field
 * `target` (any content type), in the language the query's filter selects for the item, matches the operator per
 * its type's family. The matching entries come from the per-family index branches of `field-families.ts`; the
 * language check joins the item (`fc`) to compare with its selected field language.
 */
export const fieldCriterion = criterionHandler('Field', (criterion, ctx) => {
  const matches = fieldMatches(ctx.dialect, criterion.target, criterion);
  if (!matches) return alwaysFalse;
  return whereSql(inFieldLanguage(ctx, matches));
});

/**
 * `c` is one of the items of `matches` (`content_id, language_code` rows) in the language selected for it.
 * Without languages that is the main language: a row value `(c.id, c.main_language_code) IN (…)`, no lookup of
 * the item per match. Under a NOT, SQLite evaluates a negated row-value IN by scanning the materialised rows for
 * every candidate (seconds at 100k items), so there the pair is one string key (`id:language`) in a single-column
 * IN, next to an IN on the id that keeps the lookups indexed. With languages the selected language needs the
 * item's version (`fieldLanguage`): the matches are joined to their item.
 */
export function inFieldLanguage(ctx: CriterionContext, matches: SqlFragment): SqlFragment {
  if (filterLanguages(ctx.languageFilter).length === 0) {
    if (!ctx.negated) return sqlOf`(c.id, c.main_language_code) IN (${matches})`;
    const key = (id: string, language: string): string => `${id} || ':' || ${language}`;
    return sqlOf`(c.id IN (SELECT fm.content_id FROM (${matches}) fm) AND ${fragment(key('c.id', 'c.main_language_code'))} IN (SELECT ${fragment(key('fk.content_id', 'fk.language_code'))} FROM (${matches}) fk))`;
  }
  const language = fieldLanguage(ctx.dialect, ctx.languageFilter, 'fc');
  return sqlOf`c.id IN (SELECT fm.content_id FROM (${matches}) fm JOIN content fc ON fc.id = fm.content_id WHERE fm.language_code = ${language})`;
}
