import { describeTreeInvariants } from '@contentrepo/core/testing';
import { createPostgresTestStore, createSqliteTestStore, testDatabaseUrl } from './test-support/test-stores.js';

describeTreeInvariants('SQLite', () => createSqliteTestStore());

const postgresUrl = testDatabaseUrl();
if (postgresUrl !== undefined) describeTreeInvariants('PostgreSQL', () => createPostgresTestStore(postgresUrl));
