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
import type { TestRunner } from './test-runner.js';

export type { PersistenceUnderTest } from './contract/fixtures.js';

/**
 * The persistence contract suite: every PersistenceHandler implementation (in-memory, SQLite, PostgreSQL) runs
 * it and must pass. `create` returns a fresh, empty (migrated, not seeded) store; the suite calls it once per
 * group of tests and seeds the clean-install data itself (languages eng-GB and pol-PL). The tests are declared
 * with `runner`: Jest's or Vitest's globals, or `nodeTestRunner` for `node:test`.
 */
export function describePersistenceContract(runner: TestRunner, name: string, create: () => Promise<PersistenceUnderTest>): void {
  runner.describe(`persistence contract: ${name}`, () => {
    referenceDataContract(runner, create);
    roleContract(runner, create);
    contentContract(runner, create);
    contentTypeContract(runner, create);
    locationContract(runner, create);
    transactionContract(runner, create);
    searchContract(runner, create);
    trashContract(runner, create);
    urlAliasContract(runner, create);
    managementContract(runner, create);
  });
}
