import autocannon from 'autocannon';
import type { Workload } from './workloads.js';

/** One workload's result: throughput (req/s), latency percentiles (ms), failed requests. */
export interface SearchMeasurement {
  readonly name: string;
  readonly requestsPerSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly errors: number;
}

/** How to reach the server. */
export interface Target {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
}

/**
 * Runs `POST /views` with the workload's bodies (round-robin) for `duration` seconds with `connections`
 * connections. Non-2xx responses count as errors, so that a failing search cannot look fast.
 */
export async function measureWorkload(target: Target, workload: Workload, connections: number, duration: number): Promise<SearchMeasurement> {
  let next = 0;
  const result = await autocannon({
    url: target.url,
    connections,
    duration,
    requests: [
      {
        method: 'POST',
        path: '/api/ibexa/v2/views',
        headers: { ...target.headers },
        setupRequest: (request) => {
          const body = workload.bodies[next % workload.bodies.length] ?? '';
          next += 1;
          return { ...request, body };
        },
      },
    ],
  });
  return {
    name: workload.name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

/** Prints measurements as a table. */
export function printMeasurements(title: string, rows: readonly SearchMeasurement[]): void {
  const header = `${'workload'.padEnd(40)} ${'req/s'.padStart(8)} ${'p50'.padStart(9)} ${'p99'.padStart(9)} ${'errors'.padStart(7)}`;
  const lines = rows.map((row) =>
    [row.name.padEnd(40), row.requestsPerSecond.toFixed(0).padStart(8), `${row.p50.toFixed(1)} ms`.padStart(9), `${row.p99.toFixed(1)} ms`.padStart(9), String(row.errors).padStart(7)].join(' '),
  );
  process.stdout.write(`\n${title}\n${header}\n${lines.join('\n')}\n`);
}
