import type { Language } from '../api/values/language.js';

/** Languages (Ibexa `Language\Handler`). */
export interface LanguageHandler {
  loadAll(): Promise<readonly Language[]>;
  load(languageId: number): Promise<Language | null>;
  loadByCode(languageCode: string): Promise<Language | null>;
}
