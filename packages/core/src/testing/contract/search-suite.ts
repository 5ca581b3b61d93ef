import { describe } from '@jest/globals';
import type { PersistenceUnderTest } from './fixtures.js';
import { searchCriteriaContract } from './search-criteria.contract.js';
import { searchGeneratedContract } from './search-generated.contract.js';
import { searchSortContract } from './search-sort.contract.js';

/**
 * The search contract suite (search-auth-errors-data.md A.5–A.9, docs/adr/0004-search-semantics.md): hand-written
 * cases for every criterion and sort clause the SearchHandler receives, then fast-check generated queries over a
 * random content set compared with core's in-memory reference evaluator. Every engine (in-memory, SQLite,
 * PostgreSQL) must pass it; `create` returns a fresh, empty (migrated, not seeded) store, called once per group.
 */
export function describeSearchContract(name: string, create: () => Promise<PersistenceUnderTest>): void {
  describe(`search contract: ${name}`, () => {
    searchCriteriaContract(create);
    searchSortContract(create);
    searchGeneratedContract(create);
  });
}
