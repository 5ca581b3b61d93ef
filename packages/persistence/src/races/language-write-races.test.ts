import { beforeAll, expect, it } from '@jest/globals';
import {
  addMissingLanguages,
  ContentValidationError,
  createDefaultFieldTypeRegistry,
  createRepository,
  installCleanRepository,
  InvalidArgumentError,
  type Repository,
} from '@contentrepo/core';
import { createInMemoryBinaryStorage, createPlainTextPasswordHasher } from '@contentrepo/core/testing';
import { describeOnEachDialect } from '../test-support/dialect-suite.js';
import type { TestStore } from '../test-support/test-stores.js';

/**
 * A language deleted while content is being written in it, through the core services on each SQL engine: either
 * the deletion is refused (the content committed first) or every write in the language is refused (the deletion
 * committed first) — never a deleted language that content still refers to. The writers run on a second node
 * whose cached language list still has the language.
 */

const ROUNDS = 6;
const WRITERS = 4;
const TIMEOUT_MS = 60_000;
const CODES = ['ger-DE', 'fre-FR', 'ita-IT', 'dut-NL', 'swe-SE', 'fin-FI'] as const;

/** A repository acting as admin on `store`, with caches of its own (one server node). */
function node(store: TestStore): Repository {
  return createRepository({
    persistence: store.persistence,
    storage: createInMemoryBinaryStorage(),
    passwordHasher: createPlainTextPasswordHasher(),
    fieldTypes: createDefaultFieldTypeRegistry(),
    referenceCacheTtlMs: 60_000,
  }).forUser({ userId: 14 });
}

describeOnEachDialect(
  'a language deleted while content is written in it',
  (store) => {
    let admin: Repository;

    beforeAll(async () => {
      const { persistence, seedImporter } = store();
      await installCleanRepository({ persistence, seedImporter, fieldTypes: createDefaultFieldTypeRegistry(), passwordHasher: createPlainTextPasswordHasher() });
      admin = node(store());
    }, TIMEOUT_MS);

    it('either refuses the deletion or every write in the language, never leaving content in a deleted language', async () => {
      for (const languageCode of CODES.slice(0, ROUNDS)) {
        const language = await admin.languageService.createLanguage({ languageCode, name: languageCode });
        // A node whose cached language list has the new language writes in it.
        const writer = node(store());
        expect((await writer.languageService.loadLanguage(languageCode)).id).toBe(language.id);
        const writes = Array.from({ length: WRITERS }, (_, index) =>
          writer.contentService.createContent(
            { contentTypeId: 1, mainLanguageCode: languageCode, fields: [{ fieldDefIdentifier: 'name', value: `${languageCode} ${index}` }] },
            [{ parentLocationId: 2 }],
          ),
        );
        const [deletion, ...results] = await Promise.allSettled([admin.languageService.deleteLanguage(language), ...writes]);
        const created = results.filter((result) => result.status === 'fulfilled').length;
        const unexpected = results.filter((result) => result.status === 'rejected' && !(result.reason instanceof ContentValidationError));
        expect(unexpected).toEqual([]);
        if (deletion?.status === 'fulfilled') {
          expect(created).toBe(0);
          expect(await store().persistence.languageHandler.isUsed(languageCode)).toBe(false);
        } else {
          expect(deletion?.reason).toBeInstanceOf(InvalidArgumentError);
          expect(created).toBeGreaterThan(0);
          expect(await store().persistence.languageHandler.loadByCode(languageCode)).not.toBeNull();
        }
      }
    }, TIMEOUT_MS);

    it('adds each configured language once when several starts add the same ones at the same time', async () => {
      const codes = ['eng-GB', 'pol-PL', 'nor-NO'];
      const results = await Promise.all(Array.from({ length: 3 }, () => addMissingLanguages(store().persistence, codes)));
      expect(results.flat().map((language) => language.languageCode).sort()).toEqual(['nor-NO', 'pol-PL']);
      const stored = (await store().persistence.languageHandler.loadAll()).filter((language) => codes.includes(language.languageCode));
      expect(stored.map((language) => [language.languageCode, language.name])).toEqual([
        ['eng-GB', 'English (United Kingdom)'],
        ['pol-PL', 'Polish (polski)'],
        ['nor-NO', 'Norwegian (norsk)'],
      ]);
      expect(await addMissingLanguages(store().persistence, codes)).toEqual([]);
    }, TIMEOUT_MS);
  },
  { seed: false },
);
