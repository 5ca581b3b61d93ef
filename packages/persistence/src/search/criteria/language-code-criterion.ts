import { TABLES } from '../../schema/index.js';
import { criterionHandler } from '../criterion-handler.js';
import { c } from '../search-aliases.js';

/** The item's published version (`lv`). */
const lv = TABLES.contentVersion.$as('lv');

/**
 * LanguageCode: the current version has one of the languages (its `language_codes`), or — with
 * `matchAlwaysAvailable` — the item is always available (Legacy `language_mask & (langs | 1)`).
 * JSON membership per dialect: SQLite `json_each`, PostgreSQL `jsonb_exists_any`.
 */
export const languageCodeCriterion = criterionHandler('LanguageCode', (criterion, ctx) => {
  const codes = [...criterion.values];
  const placeholders = codes.map(() => '?').join(', ');
  const membership =
    ctx.dialect === 'postgresql'
      ? `jsonb_exists_any(${lv.languageCodes}, ARRAY[${placeholders}]::text[])`
      : `EXISTS (SELECT 1 FROM json_each(${lv.languageCodes}) lj WHERE lj.value IN (${placeholders}))`;
  const hasLanguage =
    `EXISTS (SELECT 1 FROM ${lv} WHERE ${lv.contentId} = ${c.id} AND ${lv.versionNo} = ${c.currentVersionNo} ` +
    `AND ${membership})`;
  return (query) => {
    query.where((either) => {
      if (codes.length > 0) either.orWhereRaw(hasLanguage, codes);
      else either.orWhereRaw('1 = 0');
      if (criterion.matchAlwaysAvailable) either.orWhere(c.alwaysAvailable, true);
    });
  };
});
