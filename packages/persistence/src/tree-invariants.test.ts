import * as jestGlobals from '@jest/globals';
import { describeTreeInvariants } from '@contentrepo/core/testing';
import { createPostgresTestStore, createSqliteTestStore, testDatabaseUrl } from './test-support/test-stores.js';

describeTreeInvariants(jestGlobals, 'SQLite', () => createSqliteTestStore());

const postgresUrl = testDatabaseUrl();
if (postgresUrl !== undefined) describeTreeInvariants(jestGlobals, 'PostgreSQL', () => createPostgresTestStore(postgresUrl));
