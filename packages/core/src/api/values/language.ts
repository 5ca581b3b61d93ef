/**
 * A content language (Ibexa `Language`). Ids are powers of two (bit 1 is reserved for "always available"),
 * so a clean install's eng-GB has id 2 and the next configured language id 4.
 */
export interface Language {
  readonly id: number;
  readonly languageCode: string;
  readonly name: string;
  readonly enabled: boolean;
}

/** What `LanguageService.createLanguage` needs (Ibexa `LanguageCreateStruct`). */
export interface LanguageCreateStruct {
  /** `xxx-XX`, e.g. `ger-DE`; unique. */
  readonly languageCode: string;
  /** Not empty; at most 255 characters. */
  readonly name: string;
  /** Default true. */
  readonly enabled?: boolean;
}
