/**
 * Test support of other workspace packages' tests (export `@contentrepo/persistence/testing`, TypeScript sources
 * only: it is not part of the build): the PostgreSQL test server of the run, test schemas and raw SQL on them.
 */
export {
  dropTestSchema,
  rawConnection,
  TEST_DATABASE_URL_VARIABLE,
  testDatabaseUrl,
  whileNoTestSchemaIsDropped,
  type TestStore,
} from './test-stores.js';
export { appendNumberedEvent, insertNumberedEvents, type NumberedEventRow, type RawQuery } from './numbered-events.js';
export type { Row } from '../db/row.js';
