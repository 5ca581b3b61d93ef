import { describe, expect, it } from '@jest/globals';
import { buildLanguages } from '../../clean-install/build-seed.js';
import { languageDisplayName, languageLocale } from './language-names.js';

describe('language names as Ibexa installs them', () => {
  it('names eng-GB and pol-PL as Ibexa 4.6 lists them', () => {
    expect(languageDisplayName('eng-GB')).toBe('English (United Kingdom)');
    expect(languageDisplayName('pol-PL')).toBe('Polish (polski)');
  });

  it('adds the native name where it differs from the English one, else the region', () => {
    expect(languageDisplayName('ger-DE')).toBe('German (Deutsch)');
    expect(languageDisplayName('fre-FR')).toBe('French (français)');
    expect(languageDisplayName('ita-IT')).toBe('Italian (italiano)');
    expect(languageDisplayName('eng-US')).toBe('English (United States)');
  });

  it("maps Ibexa's own codes (esl, cro) and ISO 639-2 codes to BCP 47", () => {
    expect([languageLocale('pol-PL'), languageLocale('ger-DE'), languageLocale('esl-ES'), languageLocale('cro-HR'), languageLocale('chi-TW')]).toEqual([
      'pl-PL', 'de-DE', 'es-ES', 'hr-HR', 'zh-TW',
    ]);
    expect(languageDisplayName('esl-ES')).toBe('Spanish (español)');
    expect(languageDisplayName('cro-HR')).toBe('Croatian (hrvatski)');
  });

  it('names a code the locale data does not know, or a malformed one, by the code', () => {
    expect(languageDisplayName('qaa-XX')).toBe('qaa-XX');
    expect(languageLocale('english')).toBeNull();
    expect(languageDisplayName('english')).toBe('english');
  });

  it('gives the clean install languages these names with bit-flag ids', () => {
    expect(buildLanguages(['eng-GB', 'pol-PL'])).toEqual([
      { id: 2, languageCode: 'eng-GB', name: 'English (United Kingdom)', enabled: true },
      { id: 4, languageCode: 'pol-PL', name: 'Polish (polski)', enabled: true },
    ]);
  });
});
