import { login } from '../bench-session.js';
import { measureWorkload, printMeasurements, type SearchMeasurement, type Target } from './measure-search.js';
import { startSearchServer } from './search-server.js';
import { searchWorkloads, typeAndParent } from './workloads.js';

/** Seconds of unmeasured load before each measurement (JIT, caches; the page cache after seeding). */
const WARM_UP_SECONDS = 5;

/**
 * The search benchmark, loopback only and bounded in time: seeds SMALL then LARGE articles (of two
 * content types: folders and `bench_article`, under a few hundred folders) through the SPI in the server process,
 * and measures `POST /views` (JSON) with autocannon — the filtered query at both sizes (sublinear growth), then
 * the five workloads at the large size. Targets on SQLite: p99 < 50 ms each with 10 connections.
 * Environment: BENCH_SMALL (default 10000), BENCH_LARGE (100000), BENCH_DURATION (seconds per run, default 10),
 * BENCH_CONNECTIONS (10), BENCH_SEED_TIMEOUT (seconds, default 900), DATABASE_URL (PostgreSQL instead of SQLite).
 */
async function main(): Promise<void> {
  const small = Number(process.env['BENCH_SMALL'] ?? 10_000);
  const large = Number(process.env['BENCH_LARGE'] ?? 100_000);
  const duration = Number(process.env['BENCH_DURATION'] ?? 10);
  const connections = Number(process.env['BENCH_CONNECTIONS'] ?? 10);
  const seedTimeout = Number(process.env['BENCH_SEED_TIMEOUT'] ?? 900);
  const server = await startSearchServer();
  try {
    const target: Target = { url: server.url, headers: await sessionHeaders(server.url) };
    const rows: SearchMeasurement[] = [];
    const growth: SearchMeasurement[] = [];
    for (const size of [small, large]) {
      const seeded = await server.seed(size, seedTimeout);
      process.stdout.write(`${server.driver}: ${seeded.articles} articles seeded (cumulated ${seeded.seconds.toFixed(1)} s for this step)\n`);
      const filtered = typeAndParent(seeded.facts);
      await measureWorkload(target, filtered, connections, WARM_UP_SECONDS);
      growth.push({ ...(await measureWorkload(target, filtered, connections, duration)), name: `${filtered.name} @ ${seeded.articles}` });
      if (size === large) {
        for (const workload of searchWorkloads(seeded.facts)) {
          await measureWorkload(target, workload, connections, WARM_UP_SECONDS);
          rows.push(await measureWorkload(target, workload, connections, duration));
        }
      }
    }
    printMeasurements(`POST /views at ${large} articles, ${connections} connections, ${duration} s each (${server.driver})`, rows);
    printMeasurements('growth of the filtered query', growth);
    const [atSmall, atLarge] = growth;
    if (atSmall && atLarge) {
      const ratio = atLarge.p50 / Math.max(atSmall.p50, 0.001);
      process.stdout.write(`p50 ratio ${ratio.toFixed(2)} for ${(large / small).toFixed(0)}× the items (sublinear when well below that)\n`);
    }
    const slow = rows.filter((row) => row.p99 >= 50 || row.errors > 0);
    process.stdout.write(slow.length === 0 ? 'target met: every p99 < 50 ms, no errors\n' : `target missed by: ${slow.map((row) => row.name).join(', ')}\n`);
  } finally {
    await server.stop();
  }
}

/** Logs in as admin and returns the request headers of a JSON view. */
async function sessionHeaders(url: string): Promise<Record<string, string>> {
  const session = await login(`${url}/api/ibexa/v2`);
  return {
    Cookie: session.cookie,
    'X-CSRF-Token': session.csrf,
    'Content-Type': 'application/vnd.ibexa.api.ViewInput+json; version=1.1',
    Accept: 'application/vnd.ibexa.api.View+json',
  };
}

main().catch((error: unknown) => {
  process.stderr.write(`search benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
