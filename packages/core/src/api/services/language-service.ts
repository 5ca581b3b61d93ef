import type { Language } from '../values/language.js';

/** Configured content languages (Ibexa `LanguageService`); reads. Errors: NotFoundError. */
export interface LanguageService {
  loadLanguages(): Promise<readonly Language[]>;
  loadLanguage(languageCode: string): Promise<Language>;
  loadLanguageById(languageId: number): Promise<Language>;
}
