import type { Language } from '../api/values/language.js';
import { LANGUAGE_CODE_PATTERN, languageDisplayName } from '../domain/rules/language-names.js';
import { InvalidArgumentError } from '../errors/repository-error.js';
import type { PersistenceHandler } from '../spi/persistence-handler.js';
import { insertLanguage, LANGUAGES_TARGET } from '../services/languages/create-language-service.js';

/**
 * Adds the languages of `languageCodes` the repository does not have yet, enabled and named as Ibexa installs them
 * (`languageDisplayName`), in one transaction holding the languages' lock (so that every node's caches drop their
 * languages when it commits). Languages that exist are left as they are, and none is removed. Meant for each
 * start of a server (the `LANGUAGES` setting), after the clean install.
 * @returns the languages added, in the order of `languageCodes` (none when all exist).
 * @throws InvalidArgumentError when a code is not of the form `xxx-XX` or no language id is left (nothing is added).
 */
export async function addMissingLanguages(persistence: PersistenceHandler, languageCodes: readonly string[]): Promise<Language[]> {
  const invalid = languageCodes.find((code) => !LANGUAGE_CODE_PATTERN.test(code));
  if (invalid !== undefined) throw new InvalidArgumentError('languageCode', `'${invalid}' is not a language code like eng-GB or pol-PL`);
  const existing = new Set((await persistence.languageHandler.loadAll()).map((language) => language.languageCode));
  const missing = [...new Set(languageCodes)].filter((code) => !existing.has(code));
  if (missing.length === 0) return [];
  return persistence.transaction(async (tx) => {
    await tx.lock([LANGUAGES_TARGET]);
    const added: Language[] = [];
    for (const languageCode of missing) {
      if (await tx.languageHandler.loadByCode(languageCode)) continue;
      added.push(await insertLanguage(tx, { languageCode, name: languageDisplayName(languageCode), enabled: true }));
    }
    return added;
  });
}
