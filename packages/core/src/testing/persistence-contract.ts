import { describe } from '@jest/globals';
import { contentContract } from './contract/content.contract.js';
import type { PersistenceUnderTest } from './contract/fixtures.js';
import { locationContract } from './contract/location.contract.js';
import { referenceDataContract } from './contract/reference-data.contract.js';
import { searchContract } from './contract/search.contract.js';
import { transactionContract } from './contract/transaction.contract.js';

export type { PersistenceUnderTest } from './contract/fixtures.js';

/**
 * The persistence contract suite: every PersistenceHandler implementation (in-memory, SQLite, PostgreSQL) runs
 * it and must pass. `create` returns a fresh, empty (migrated, not seeded) store; the suite calls it once per
 * group of tests and seeds the clean-install data itself (languages eng-GB and pol-PL).
 */
export function describePersistenceContract(name: string, create: () => Promise<PersistenceUnderTest>): void {
  describe(`persistence contract: ${name}`, () => {
    referenceDataContract(create);
    contentContract(create);
    locationContract(create);
    transactionContract(create);
    searchContract(create);
  });
}
