/**
 * Names of content languages from the locale data of the JavaScript runtime (ICU/CLDR through `Intl`), so that no
 * hand-kept list of names has to follow CLDR.
 *
 * Ibexa's language codes are `<ISO 639-2 code>-<ISO 3166 region>` (`eng-GB`, `pol-PL`, `ger-DE`, `fre-FR`): ICU
 * canonicalises the three-letter codes, bibliographic ones included, to BCP 47 (`pol-PL` → `pl-PL`, `ger-DE` →
 * `de-DE`). Two codes of Ibexa's locale conversion map are no ISO 639 code and are mapped here: `esl` (Spanish,
 * `esl-ES` → `es_ES`) and `cro` (Croatian, `cro-HR` → `hr_HR`).
 */

/** The form of a language code: `eng-GB`, `pol-PL` (also what the `LANGUAGES` setting accepts). */
export const LANGUAGE_CODE_PATTERN = /^[a-z]{2,3}-[A-Z]{2}$/;

/** Ibexa language subtags that are no ISO 639 code, with the ISO 639-1 code they stand for (Ibexa's conversion map). */
const IBEXA_LANGUAGE_ALIASES: Readonly<Record<string, string>> = { esl: 'es', cro: 'hr' };

/**
 * The BCP 47 locale of an Ibexa language code (`pol-PL` → `pl-PL`, `esl-ES` → `es-ES`), or null when the code is
 * not of the form `xxx-XX` or not a valid locale.
 */
export function languageLocale(languageCode: string): string | null {
  if (!LANGUAGE_CODE_PATTERN.test(languageCode)) return null;
  const [language = '', region = ''] = languageCode.split('-');
  try {
    return Intl.getCanonicalLocales(`${IBEXA_LANGUAGE_ALIASES[language] ?? language}-${region}`)[0] ?? null;
  } catch {
    return null;
  }
}

/**
 * The name Ibexa gives a language when it is installed: the English name of the language followed by its native
 * name in brackets where the two differ (`pol-PL` → "Polish (polski)", `ger-DE` → "German (Deutsch)"), otherwise
 * the English name of the whole locale (`eng-GB` → "English (United Kingdom)", `eng-US` → "English (United
 * States)"). Ibexa 4.6 lists eng-GB as "English (United Kingdom)" and pol-PL as "Polish (polski)".
 * A language the locale data does not know is named by its code.
 */
export function languageDisplayName(languageCode: string): string {
  const locale = languageLocale(languageCode);
  if (locale === null) return languageCode;
  const language = new Intl.Locale(locale).language;
  const english = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
  const englishName = english.of(language);
  if (englishName === undefined) return languageCode;
  const native = new Intl.DisplayNames([language], { type: 'language', fallback: 'none' });
  // Without data for the language, ICU answers in the default locale: that is no native name.
  const nativeName = new Intl.Locale(native.resolvedOptions().locale).language === language ? native.of(language) : undefined;
  if (nativeName !== undefined && nativeName !== englishName) return `${englishName} (${nativeName})`;
  return new Intl.DisplayNames(['en'], { type: 'language', languageDisplay: 'standard', fallback: 'none' }).of(locale) ?? englishName;
}
