import type { LanguageFilter } from '../query.js';
import type { FullTextIndex } from './full-text.js';
import type { IndexedItem } from './indexed-item.js';

/**
 * What the evaluator needs besides the item: the query's language filter (Field, IsFieldEmpty, image criteria,
 * FullText and the Field sort clause read translations through it) and the full-text word statistics of the
 * whole published set (the Legacy FullText stop words).
 */
export interface EvaluationContext {
  readonly languageFilter: LanguageFilter;
  readonly fullText: FullTextIndex;
}

const usesAlwaysAvailable = (filter: LanguageFilter): boolean => filter.useAlwaysAvailable ?? true;

/**
 * The translation whose field data the Field-like criteria and the Field sort clause compare (chosen as the Legacy
 * Field criterion does): without languages, the content's main language; with languages, the first (highest priority)
 * one the published version has; failing that, the main language when the item is always available and the filter uses
 * always-available; otherwise none (the item has no comparable field).
 */
export function fieldLanguage(item: IndexedItem, filter: LanguageFilter): string | null {
  const languages = filter.languages ?? [];
  if (languages.length === 0) return item.contentInfo.mainLanguageCode;
  for (const code of languages) if (item.versionInfo.languageCodes.includes(code)) return code;
  return usesAlwaysAvailable(filter) && item.contentInfo.alwaysAvailable ? item.contentInfo.mainLanguageCode : null;
}

/**
 * The translations whose words FullText searches (the Legacy language mask): all without languages; otherwise the
 * filter's languages, plus the main language when the item is always available and the filter uses
 * always-available. `null` means every language.
 */
export function fullTextLanguages(item: IndexedItem, filter: LanguageFilter): ReadonlySet<string> | null {
  const languages = filter.languages ?? [];
  if (languages.length === 0) return null;
  const allowed = new Set(languages);
  if (usesAlwaysAvailable(filter) && item.contentInfo.alwaysAvailable) allowed.add(item.contentInfo.mainLanguageCode);
  return allowed;
}
