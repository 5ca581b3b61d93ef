import { login, type BenchSession } from './bench-session.js';
import { createAndPublish } from './create-publish.js';
import { measure, report, type Measurement } from './measure.js';
import { spawnServer } from './spawn-server.js';

/**
 * The foundation benchmark, loopback only and bounded in time:
 * 1. a bare Express route (the ceiling);
 * (each server in its own process, autocannon in this one)
 * 2. GET /content/objects/{id} as Content+json and Content+xml (session-authenticated);
 * 3. create+publish throughput.
 * Targets on SQLite: JSON ≥ 35 % of the ceiling, XML ≥ 25 %, create+publish ≥ 300 items/s.
 * Environment: BENCH_DURATION (seconds per run, default 5), BENCH_ROUNDS (paired rounds, default 3), BENCH_CONNECTIONS (default 10),
 * BENCH_ITEMS (create+publish items, default 2000), DATABASE_URL (PostgreSQL instead of SQLite).
 */
async function main(): Promise<void> {
  const duration = Number(process.env['BENCH_DURATION'] ?? 5);
  const connections = Number(process.env['BENCH_CONNECTIONS'] ?? 10);
  const items = Number(process.env['BENCH_ITEMS'] ?? 2000);
  const rounds = Number(process.env['BENCH_ROUNDS'] ?? 3);

  // Both servers run side by side; each measurement of the app is paired with a ceiling measurement taken just
  // before it, so that a noisy machine moves both alike. Medians over the rounds are reported.
  const bare = await spawnServer('bare');
  const server = await spawnServer('app');
  const api = `${server.url}/api/ibexa/v2`;
  try {
    const session = await login(api);
    const contentId = await createArticle(api, session);
    const url = `${api}/content/objects/${contentId}`;
    const headers = (format: 'json' | 'xml') => ({ Accept: `application/vnd.ibexa.api.Content+${format}`, Cookie: session.cookie });
    await measure('warm-up', { url, connections, duration: 2, headers: headers('json') });
    await measure('warm-up', { url: `${bare.url}/ping`, connections, duration: 1 });
    const samples: { ceiling: Measurement[]; json: Measurement[]; xml: Measurement[]; ratioJson: number[]; ratioXml: number[] } = {
      ceiling: [], json: [], xml: [], ratioJson: [], ratioXml: [],
    };
    for (let round = 0; round < rounds; round += 1) {
      for (const format of ['json', 'xml'] as const) {
        const ceiling = await measure('bare Express route (ceiling)', { url: `${bare.url}/ping`, connections, duration });
        const app = await measure(`GET Content+${format}`, { url, connections, duration, headers: headers(format) });
        samples.ceiling.push(ceiling);
        samples[format].push(app);
        (format === 'json' ? samples.ratioJson : samples.ratioXml).push(app.requestsPerSecond / ceiling.requestsPerSecond);
      }
    }
    report([median(samples.ceiling), median(samples.json), median(samples.xml)]);
    const throughput = await createAndPublish(api, session, { items, concurrency: connections, maxSeconds: duration * 6 });
    process.stdout.write(
      `create+publish: ${throughput.items} items in ${throughput.seconds.toFixed(2)} s = ${throughput.itemsPerSecond.toFixed(0)} items/s (errors: ${throughput.errors})\n`,
    );
    const percent = (ratios: number[]) => `${(medianOf(ratios) * 100).toFixed(1)}%`;
    process.stdout.write(
      `targets (median of ${rounds} paired rounds): GET Content JSON ${percent(samples.ratioJson)} of the ceiling (≥ 35%), ` +
        `XML ${percent(samples.ratioXml)} (≥ 25%), create+publish ${throughput.itemsPerSecond.toFixed(0)} items/s (≥ 300)\n`,
    );
  } finally {
    await server.stop();
    await bare.stop();
  }
}

function medianOf(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** The measurement with the median throughput. */
function median(rows: readonly Measurement[]): Measurement {
  const sorted = [...rows].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  const row = sorted[Math.floor(sorted.length / 2)];
  if (!row) throw new Error('no measurements');
  return row;
}

/** A published article with a few fields: the item the read benchmark loads. */
async function createArticle(api: string, session: BenchSession): Promise<number> {
  const docbook = (text: string) =>
    `<?xml version="1.0" encoding="UTF-8"?><section xmlns="http://docbook.org/ns/docbook" version="5.0-variant ezpublish-1.0"><para>${text}</para></section>`;
  const response = await fetch(`${api}/content/objects`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/vnd.ibexa.api.ContentCreate+json',
      Accept: 'application/vnd.ibexa.api.ContentInfo+json',
      Cookie: session.cookie,
      'X-CSRF-Token': session.csrf,
    },
    body: JSON.stringify({
      ContentCreate: {
        ContentType: { _href: '/api/ibexa/v2/content/types/2' },
        mainLanguageCode: 'eng-GB',
        LocationCreate: { ParentLocation: { _href: '/api/ibexa/v2/content/locations/1/2' }, sortField: 'PATH', sortOrder: 'ASC' },
        fields: {
          field: [
            { fieldDefinitionIdentifier: 'title', fieldValue: 'Benchmark article' },
            { fieldDefinitionIdentifier: 'intro', fieldValue: { xml: docbook('An introduction with <emphasis>some</emphasis> markup.') } },
            { fieldDefinitionIdentifier: 'body', fieldValue: { xml: docbook('Body text. '.repeat(40)) } },
            { fieldDefinitionIdentifier: 'author', fieldValue: [{ id: 1, name: 'Ada', email: 'ada@example.com' }] },
          ],
        },
      },
    }),
  });
  if (response.status !== 201) throw new Error(`create failed: ${response.status} ${await response.text()}`);
  const { Content } = (await response.json()) as { Content: { _id: number } };
  const publish = await fetch(`${api}/content/objects/${Content._id}/versions/1`, {
    method: 'POST',
    headers: { 'X-HTTP-Method-Override': 'PUBLISH', Cookie: session.cookie, 'X-CSRF-Token': session.csrf },
  });
  if (publish.status !== 204) throw new Error(`publish failed: ${publish.status}`);
  return Content._id;
}

main().catch((error: unknown) => {
  process.stderr.write(`benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
