import type { TranslatedStrings } from '@contentrepo/core';

/**
 * The value of a translated string map in the first language of `languages` that has one, else the first value
 * (Ibexa's prioritised languages), or null when the map is empty.
 */
export function pickTranslation(strings: TranslatedStrings, languages: readonly (string | null | undefined)[]): string | null {
  for (const language of languages) {
    if (language && strings[language] !== undefined) return strings[language] ?? null;
  }
  return Object.values(strings)[0] ?? null;
}
