import autocannon from 'autocannon';

/** One load-test result: throughput (req/s) and latency percentiles (ms). */
export interface Measurement {
  readonly name: string;
  readonly requestsPerSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly errors: number;
}

/** Options of one bounded autocannon run against loopback. */
export interface LoadOptions {
  readonly url: string;
  readonly headers?: Record<string, string>;
  /** Concurrent connections (default 10). */
  readonly connections?: number;
  /** Seconds (default 5). */
  readonly duration?: number;
}

/**
 * Runs autocannon for `duration` seconds with `connections` connections and returns the averages. Responses that
 * are not 2xx count as errors, so a broken endpoint cannot look fast.
 */
export async function measure(name: string, options: LoadOptions): Promise<Measurement> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections ?? 10,
    duration: options.duration ?? 5,
    headers: options.headers ?? {},
  });
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

/** Prints measurements as a table, with each one's ratio to the first (the ceiling). */
export function report(rows: readonly Measurement[]): void {
  const ceiling = rows[0]?.requestsPerSecond ?? 1;
  const lines = rows.map((row) =>
    [
      row.name.padEnd(34),
      row.requestsPerSecond.toFixed(0).padStart(8),
      `${row.p50.toFixed(1)} ms`.padStart(10),
      `${row.p99.toFixed(1)} ms`.padStart(10),
      `${((row.requestsPerSecond / ceiling) * 100).toFixed(1)}%`.padStart(8),
      String(row.errors).padStart(7),
    ].join(' '),
  );
  process.stdout.write(
    [`${'workload'.padEnd(34)} ${'req/s'.padStart(8)} ${'p50'.padStart(10)} ${'p99'.padStart(10)} ${'ceiling'.padStart(8)} ${'errors'.padStart(7)}`, ...lines].join('\n') + '\n',
  );
}
