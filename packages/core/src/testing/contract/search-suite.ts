import type { TestRunner } from '../test-runner.js';
import type { PersistenceUnderTest } from './fixtures.js';
import { searchCriteriaContract } from './search-criteria.contract.js';
import { searchGeneratedContract } from './search-generated.contract.js';
import { searchSortContract } from './search-sort.contract.js';

/**
 * The search contract suite (Legacy semantics, docs/adr/0004-search-semantics.md): hand-written
 * cases for every criterion and sort clause the SearchHandler receives, then fast-check generated queries over a
 * random content set compared with core's in-memory reference evaluator. Every engine (in-memory, SQLite,
 * PostgreSQL) must pass it; `create` returns a fresh, empty (migrated, not seeded) store, called once per group.
 * The tests are declared with `runner` (see {@link TestRunner}).
 */
export function describeSearchContract(runner: TestRunner, name: string, create: () => Promise<PersistenceUnderTest>): void {
  runner.describe(`search contract: ${name}`, () => {
    searchCriteriaContract(runner, create);
    searchSortContract(runner, create);
    searchGeneratedContract(runner, create);
  });
}
