import { afterAll, beforeAll, describe } from '@jest/globals';
import { buildSmallSeed } from './small-seed.js';
import { testDialects, type TestStore, type TestStoreOptions } from './test-stores.js';

/**
 * Declares `body` once per dialect (SQLite; PostgreSQL when TEST_DATABASE_URL is set; or `only` one of them) with
 * a fresh store for the block, seeded with the small hand-built repository unless `seed` is false, closed (and its
 * data removed) after.
 */
export function describeOnEachDialect(
  title: string,
  body: (store: () => TestStore) => void,
  options: TestStoreOptions & { readonly seed?: boolean; readonly only?: 'SQLite' | 'PostgreSQL' } = {},
): void {
  const { seed = true, only, ...storeOptions } = options;
  for (const dialect of testDialects().filter((candidate) => only === undefined || candidate.name === only)) {
    describe(`${title} (${dialect.name})`, () => {
      let store: TestStore | undefined;
      beforeAll(async () => {
        store = await dialect.create(storeOptions);
        if (seed) await store.seedImporter.import(buildSmallSeed());
      });
      afterAll(async () => {
        await store?.close();
      });
      body(() => {
        if (!store) throw new Error('store not created yet');
        return store;
      });
    });
  }
}
