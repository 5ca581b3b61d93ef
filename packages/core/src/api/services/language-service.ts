import type { Language, LanguageCreateStruct } from '../values/language.js';

/**
 * Content languages (Ibexa `LanguageService`). Reads need no permission; writes need `content/translations` (Ibexa
 * 4.6) and lock the languages, so that every node's caches drop them when the write commits.
 * Errors: NotFoundError (unknown language), UnauthorizedError, InvalidArgumentError (bad struct, a code taken, a
 * language still in use, no id left).
 */
export interface LanguageService {
  loadLanguages(): Promise<readonly Language[]>;
  loadLanguage(languageCode: string): Promise<Language>;
  loadLanguageById(languageId: number): Promise<Language>;
  /**
   * Adds a language with the next bit-flag id (4, 8, ... after eng-GB's 2).
   * @throws InvalidArgumentError when the code is not of the form `xxx-XX`, the name is empty or longer than 255
   *   characters, the code exists (`language with the "<code>" language code already exists`), or 30 languages exist.
   * @throws UnauthorizedError without `content/translations`.
   */
  createLanguage(struct: LanguageCreateStruct): Promise<Language>;
  /** @throws InvalidArgumentError for an empty name; NotFoundError; UnauthorizedError. */
  updateLanguageName(language: Language, newName: string): Promise<Language>;
  /** @throws NotFoundError; UnauthorizedError. */
  enableLanguage(language: Language): Promise<Language>;
  /** @throws NotFoundError; UnauthorizedError. */
  disableLanguage(language: Language): Promise<Language>;
  /**
   * Removes a language nothing refers to.
   * @throws InvalidArgumentError (`Argument 'language' is invalid: Cannot delete language: some content still
   *   references the language`) while content, a content type, an object state or a URL alias uses it, as in Ibexa.
   * @throws NotFoundError; UnauthorizedError.
   */
  deleteLanguage(language: Language): Promise<void>;
}
