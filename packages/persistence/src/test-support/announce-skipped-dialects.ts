/**
 * Jest global setup of the persistence tests: says once, before the run, that the PostgreSQL tests are skipped
 * and why (Jest's summary only counts skipped tests; their titles carry the reason too). It runs outside the
 * test environment, so it reads the variable itself rather than importing the test stores.
 */
export default function announceSkippedDialects(): void {
  const url = process.env['TEST_DATABASE_URL'];
  if (url === undefined || url === '') {
    process.stderr.write('persistence tests on PostgreSQL are skipped: TEST_DATABASE_URL is not set\n');
  }
}
