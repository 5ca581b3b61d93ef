/** A target of a row: server CPU-ms per request at most `limit`, or a value at most / at least `limit`. */
export type RowTarget =
  | { readonly kind: 'cpu'; readonly limit: number }
  | { readonly kind: 'max' | 'min'; readonly limit: number; readonly actual: number; readonly unit: string };

/** One row of the result table: a measured phase (rate, latencies, CPU) or a single value. */
export interface TableRow {
  readonly name: string;
  /** Requests, updates or items per second. */
  readonly perSecond?: number;
  readonly p50?: number;
  readonly p99?: number;
  /** Server CPU-ms per request (update, item). */
  readonly cpuMs?: number;
  readonly non2xx?: number;
  /** A single figure (cold start, RSS, size, ratio), shown in place of the rate. */
  readonly value?: string;
  readonly target?: RowTarget;
}

const fixed = (value: number | undefined, digits: number): string => (value === undefined || Number.isNaN(value) ? '' : value.toFixed(digits));

function targetCells(row: TableRow): [string, string] {
  const target = row.target;
  if (!target) return ['', ''];
  if (target.kind === 'cpu') {
    const met = row.cpuMs !== undefined && row.cpuMs <= target.limit;
    return [`≤ ${target.limit} CPU-ms`, met ? 'yes' : 'no'];
  }
  const met = target.kind === 'max' ? target.actual <= target.limit : target.actual >= target.limit;
  return [`${target.kind === 'max' ? '≤' : '≥'} ${target.limit} ${target.unit}`, met ? 'yes' : 'no'];
}

/** Prints the rows as one Markdown table under `title`, with each target and whether it is met. */
export function printTable(title: string, rows: readonly TableRow[]): void {
  const header = '| workload | req/s (or value) | p50 ms | p99 ms | server CPU-ms / req | non-2xx | target | met |';
  const lines = rows.map((row) => {
    const [target, met] = targetCells(row);
    const rate = row.value ?? fixed(row.perSecond, 0);
    return `| ${row.name} | ${rate} | ${fixed(row.p50, 1)} | ${fixed(row.p99, 1)} | ${fixed(row.cpuMs, 2)} | ${row.non2xx ?? ''} | ${target} | ${met} |`;
  });
  process.stdout.write(`\n${title}\n\n${header}\n|---|---:|---:|---:|---:|---:|---|---|\n${lines.join('\n')}\n`);
}
