import * as jestGlobals from '@jest/globals';
import { describe, it } from '@jest/globals';
import { describePersistenceContract, describeSearchContract } from '@contentrepo/core/testing';
import {
  createPostgresTestStore,
  createSqliteTestStore,
  TEST_DATABASE_URL_VARIABLE,
  testDatabaseUrl,
} from './test-support/test-stores.js';

describePersistenceContract(jestGlobals, 'SQLite', () => createSqliteTestStore());
describeSearchContract(jestGlobals, 'SQLite', () => createSqliteTestStore());

const postgresUrl = testDatabaseUrl();
if (postgresUrl === undefined) {
  describe('persistence contract: PostgreSQL', () => {
    it('is skipped', () => {
      console.log(`PostgreSQL contract run skipped: ${TEST_DATABASE_URL_VARIABLE} is not set`);
    });
  });
} else {
  describePersistenceContract(jestGlobals, 'PostgreSQL', () => createPostgresTestStore(postgresUrl));
  describeSearchContract(jestGlobals, 'PostgreSQL', () => createPostgresTestStore(postgresUrl));
}
