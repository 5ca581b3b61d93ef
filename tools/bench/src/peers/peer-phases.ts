import autocannon from 'autocannon';
import type { PeerProcess } from './peer-process.js';
import { type PeerRest, updateCycle } from './peer-rest.js';

/** Seconds of unrecorded load before each measurement. */
export const WARM_UP_SECONDS = 2;

/** One phase's result. */
export interface PhaseResult {
  readonly name: string;
  /** Requests (or, for the update phase, whole update cycles) per second. */
  readonly perSecond: number;
  readonly p50: number;
  readonly p99: number;
  /** Server process CPU during the recorded run ÷ requests (or updates), in ms. */
  readonly cpuMsPerRequest: number;
  /** Responses that were not 2xx, plus connection errors and timeouts (failed cycles for updates). */
  readonly non2xx: number;
  /** Requests (or updates) completed in the recorded run. */
  readonly count: number;
}

/** One load run as measured by the load generator. */
interface Load {
  readonly perSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly non2xx: number;
  readonly count: number;
}

/** What a phase sends: one autocannon request template, each request rebuilt by `setup` (a random id, word, …). */
export interface CannonPhase {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  /** The path and body of the next request. */
  readonly next: () => { path: string; body?: string };
}

/** Runs autocannon against `url` for `seconds` with `connections`, each request from `phase.next()`. */
async function cannon(url: string, phase: CannonPhase, connections: number, seconds: number): Promise<Load> {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: [
      {
        method: phase.method,
        path: phase.path,
        headers: { ...phase.headers },
        setupRequest: (request) => ({ ...request, ...phase.next() }),
      },
    ],
  });
  return {
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors + result.timeouts,
    count: result.requests.total,
  };
}

/** The p-th percentile (0–100) of unsorted values (ms). */
function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/**
 * Runs update cycles (COPY + PATCH + PUBLISH, see {@link updateCycle}) with `workers` concurrent async workers for
 * `seconds`; worker w updates only the ids at positions ≡ w (mod workers), so that no two cycles race on one item.
 * Bounded in time (no new cycle starts after `seconds`) and in count (at most 100,000 cycles).
 */
async function updateLoad(client: PeerRest, ids: readonly number[], workers: number, seconds: number, random: () => number): Promise<Load> {
  const latencies: number[] = [];
  let failures = 0;
  let serial = 0;
  const begin = performance.now();
  const end = begin + seconds * 1000;
  const worker = async (w: number): Promise<void> => {
    const own = ids.filter((_, position) => position % workers === w);
    while (performance.now() < end && serial < 100_000) {
      serial += 1;
      const id = own[Math.floor(random() * own.length)] ?? ids[0] ?? 0;
      const started = performance.now();
      try {
        await updateCycle(client, id, `Updated title ${serial} ${id}`);
        latencies.push(performance.now() - started);
      } catch {
        failures += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: workers }, (_, w) => worker(w)));
  const elapsed = (performance.now() - begin) / 1000;
  return { perSecond: latencies.length / elapsed, p50: percentile(latencies, 50), p99: percentile(latencies, 99), non2xx: failures, count: latencies.length };
}

/** How a phase is run and measured. */
export interface PhaseRun {
  readonly server: PeerProcess;
  readonly connections: number;
  readonly seconds: number;
  /** Where to write the recorded run's CPU profile (the server was started for profiling), or null. */
  readonly profileFile: string | null;
}

/**
 * Measures one phase: an unrecorded {@link WARM_UP_SECONDS} warm-up, then the recorded run, with the server's CPU
 * time read before and after it (and a CPU profile of it when asked).
 */
export async function measurePhase(name: string, run: PhaseRun, load: (seconds: number) => Promise<Load>): Promise<PhaseResult> {
  await load(WARM_UP_SECONDS);
  if (run.profileFile) await run.server.profileStart();
  const before = await run.server.usage();
  const measured = await load(run.seconds);
  const after = await run.server.usage();
  if (run.profileFile) await run.server.profileStop(run.profileFile);
  return { name, ...measured, cpuMsPerRequest: (after.cpuMs - before.cpuMs) / Math.max(1, measured.count) };
}

/** The load of an autocannon phase against the server at `url`. */
export function cannonLoad(url: string, phase: CannonPhase, connections: number): (seconds: number) => Promise<Load> {
  return (seconds) => cannon(url, phase, connections, seconds);
}

/** The load of the update phase. */
export function updatesLoad(client: PeerRest, ids: readonly number[], workers: number, random: () => number): (seconds: number) => Promise<Load> {
  return (seconds) => updateLoad(client, ids, workers, seconds, random);
}
