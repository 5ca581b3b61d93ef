import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { runConcurrentPatchWriters, WRITER_LANGUAGES } from './support/concurrent-patch-writers.js';
import { Cluster, START_TIMEOUT_MS } from './support/multi-node-cluster.js';
import { RoundRobin } from './support/multi-node-client.js';

/**
 * Concurrent writers on the embedded SQLite database: one real server process (`src/main.ts`), 64 PATCH requests
 * on one draft at the same moment over HTTP. (The same scenario on PostgreSQL, spread over three nodes, is in
 * multi-node.test.ts.)
 */
describe('64 concurrent PATCH writers on one draft, one server process on SQLite', () => {
  const cluster = new Cluster({ count: 1, env: { LANGUAGES: WRITER_LANGUAGES.join(',') } });
  beforeAll(() => cluster.start(), START_TIMEOUT_MS + 10_000);
  afterAll(() => cluster.stop(), 30_000);

  it('loses no acknowledged update: every distinct-slot write is stored, the shared slot holds an acknowledged value', async () => {
    const result = await runConcurrentPatchWriters(new RoundRobin(cluster.nodes), { basic: ['admin', 'publish'] });
    console.log(
      `SQLite: 64 concurrent PATCH writers: statuses ${JSON.stringify(result.statuses)}, lost acknowledged distinct-slot updates ` +
        `${result.lost.length} of ${result.acknowledgedDistinct}, shared slot holds ${String(result.sameValue)}`,
    );
    expect(result.lost).toEqual([]);
    expect(result.acknowledgedSame).toContain(result.sameValue);
    expect(result.statuses).toEqual({ 200: 64 });
  }, 60_000);
});
