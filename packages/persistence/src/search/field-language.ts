import type { LanguageFilter } from '@contentrepo/core';
import type { Dialect } from '../db/dialect.js';
import { TABLES } from '../schema/index.js';
import type { ContentRef } from './search-aliases.js';
import { fragment, type SqlFragment } from './sql-fragment.js';

/** The published version of the item (`fv`). */
const fv = TABLES.contentVersion.$as('fv');

/** Whether a language filter falls back to the main language of always-available items (default true). */
export const usesAlwaysAvailable = (filter: LanguageFilter): boolean => filter.useAlwaysAvailable ?? true;

/** The filter's languages, highest priority first ([] without a filter). */
export const filterLanguages = (filter: LanguageFilter): readonly string[] => filter.languages ?? [];

/**
 * Whether the published version of the content row `item` has the language bound to the placeholder: its
 * `language_codes` (JSON) contain it — SQLite `json_each`, PostgreSQL `jsonb_exists`.
 */
function versionHasLanguage(dialect: Dialect, item: ContentRef, languageCode: string): SqlFragment {
  const version = `${fv.contentId} = ${item.id} AND ${fv.versionNo} = ${item.currentVersionNo}`;
  return dialect === 'postgresql'
    ? fragment(`EXISTS (SELECT 1 FROM ${fv} WHERE ${version} AND jsonb_exists(${fv.languageCodes}, ?))`, languageCode)
    : fragment(`EXISTS (SELECT 1 FROM ${fv}, json_each(${fv.languageCodes}) fj WHERE ${version} AND fj.value = ?)`, languageCode);
}

/**
 * The language whose field data the Field-like criteria and the Field sort clause read for the content row
 * `item` (docs/adr/0004-search-semantics.md "Language of field data", core's `fieldLanguage`): without languages
 * the main language; with languages the first the published version has; else the main language when the item
 * is always available and the filter uses always-available; else SQL NULL (no field data compares).
 */
export function fieldLanguage(dialect: Dialect, filter: LanguageFilter, item: ContentRef): SqlFragment {
  const languages = filterLanguages(filter);
  if (languages.length === 0) return fragment(item.mainLanguageCode);
  const whens = languages.map((code) => versionHasLanguage(dialect, item, code));
  const fallback = usesAlwaysAvailable(filter) ? ` WHEN ${item.alwaysAvailable} THEN ${item.mainLanguageCode}` : '';
  return {
    sql: `CASE ${whens.map((when) => `WHEN ${when.sql} THEN ?`).join(' ')}${fallback} END`,
    bindings: whens.flatMap((when, index) => [...when.bindings, languages[index] ?? null]),
  };
}
