import type { Language } from '../api/values/language.js';
import { InvalidArgumentError } from '../errors/repository-error.js';

/**
 * Languages (Ibexa `Language\Handler`). No permission checks; loads return null for unknown ids and codes; lists are
 * ordered by id. Writes run inside the caller's transaction, which holds the languages' lock.
 */
export interface LanguageHandler {
  loadAll(): Promise<readonly Language[]>;
  load(languageId: number): Promise<Language | null>;
  loadByCode(languageCode: string): Promise<Language | null>;
  /**
   * Adds a language with the next bit-flag id: the power of two above the highest id (2 in an empty store), as
   * Ibexa 4.6 allocates them.
   * @throws InvalidArgumentError when the code is taken, or when no id is left (`MAX_LANGUAGE_ID`).
   */
  create(language: Omit<Language, 'id'>): Promise<Language>;
  /** Replaces a language's name and enabled flag (its code and id never change). */
  update(language: Language): Promise<Language>;
  delete(languageId: number): Promise<void>;
  /**
   * Whether anything stored refers to the language (Ibexa's `canDeleteLanguage`, negated): an item's main language,
   * a version's initial language or translations, a field, a content type's main language, an object state group's
   * or state's languages, a URL alias.
   */
  isUsed(languageCode: string): Promise<boolean>;
}

/**
 * The highest language id: 2^30, the last power of two a 32-bit signed integer column holds, so a repository has at
 * most 30 languages (Ibexa's bit masks on 64-bit PHP allow 62).
 */
export const MAX_LANGUAGE_ID = 2 ** 30;

/**
 * The id a new language gets when the highest id is `highestId` (0 when there is none): the next power of two.
 * @throws InvalidArgumentError past {@link MAX_LANGUAGE_ID}
 */
export function nextLanguageId(highestId: number): number {
  const next = highestId < 2 ? 2 : 2 ** (Math.floor(Math.log2(highestId)) + 1);
  if (next > MAX_LANGUAGE_ID) {
    throw new InvalidArgumentError('languageCreateStruct', `Maximum number of languages reached (${Math.log2(MAX_LANGUAGE_ID)})`);
  }
  return next;
}
