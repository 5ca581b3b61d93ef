import { describe } from '@jest/globals';
import { contentContract } from './contract/content.contract.js';
import { contentTypeContract } from './contract/content-type.contract.js';
import type { PersistenceUnderTest } from './contract/fixtures.js';
import { locationContract } from './contract/location.contract.js';
import { referenceDataContract } from './contract/reference-data.contract.js';
import { roleContract } from './contract/role.contract.js';
import { searchContract } from './contract/search.contract.js';
import { transactionContract } from './contract/transaction.contract.js';
import { managementContract } from './contract/management.contract.js';
import { trashContract } from './contract/trash.contract.js';
import { urlAliasContract } from './contract/url-alias.contract.js';

export type { PersistenceUnderTest } from './contract/fixtures.js';

/**
 * The persistence contract suite: every PersistenceHandler implementation (in-memory, SQLite, PostgreSQL) runs
 * it and must pass. `create` returns a fresh, empty (migrated, not seeded) store; the suite calls it once per
 * group of tests and seeds the clean-install data itself (languages eng-GB and pol-PL).
 */
export function describePersistenceContract(name: string, create: () => Promise<PersistenceUnderTest>): void {
  describe(`persistence contract: ${name}`, () => {
    referenceDataContract(create);
    roleContract(create);
    contentContract(create);
    contentTypeContract(create);
    locationContract(create);
    transactionContract(create);
    searchContract(create);
    trashContract(create);
    urlAliasContract(create);
    managementContract(create);
  });
}
