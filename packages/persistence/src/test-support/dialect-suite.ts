import * as jestGlobals from '@jest/globals';
import type { TestRunner } from '@contentrepo/core/testing';
import { buildSmallSeed } from './small-seed.js';
import { type TestDialect, testDialects, type TestStore, type TestStoreOptions } from './test-stores.js';

const { afterAll, beforeAll, describe } = jestGlobals;

/** The dialect's name in test titles, with the reason when this run skips it. */
export function dialectLabel(dialect: TestDialect): string {
  return dialect.skipReason === undefined ? dialect.name : `${dialect.name}, skipped: ${dialect.skipReason}`;
}

/** `describe(title (dialect), body)`, or `describe.skip` with the reason in the title when this run skips the dialect. */
export function describeDialect(dialect: TestDialect, title: string, body: () => void): void {
  (dialect.skipReason === undefined ? describe : describe.skip)(`${title} (${dialectLabel(dialect)})`, body);
}

/** Declares `body(dialect)` once per dialect with {@link describeDialect}: SQLite, and PostgreSQL (skipped without a server). */
export function describeDialects(title: string, body: (dialect: TestDialect) => void): void {
  for (const dialect of testDialects()) describeDialect(dialect, title, () => body(dialect));
}

/** Jest as the test kit's runner for the suites of `dialect`: their tests are all skipped when the dialect is. */
export function dialectRunner(dialect: TestDialect): TestRunner {
  return dialect.skipReason === undefined ? jestGlobals : { ...jestGlobals, describe: describe.skip };
}

/**
 * Declares `body` once per dialect (SQLite; PostgreSQL, skipped unless TEST_DATABASE_URL is set; or `only` one of
 * them) with a fresh store for the block, seeded with the small hand-built repository unless `seed` is false,
 * closed (and its data removed) after.
 */
export function describeOnEachDialect(
  title: string,
  body: (store: () => TestStore) => void,
  options: TestStoreOptions & { readonly seed?: boolean; readonly only?: 'SQLite' | 'PostgreSQL' } = {},
): void {
  const { seed = true, only, ...storeOptions } = options;
  for (const dialect of testDialects().filter((candidate) => only === undefined || candidate.name === only)) {
    describeDialect(dialect, title, () => {
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
