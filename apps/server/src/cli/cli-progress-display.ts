import { Presets, SingleBar } from 'cli-progress';
import type { CliIo, GlobalOptions } from './cli-output.js';

/** Progress of long work (a count of items), shown on stderr. */
export interface Progress {
  /** Sets the number of items to do (may be called again when it becomes known). */
  setTotal(total: number): void;
  /** Sets how many items are done. */
  update(done: number): void;
  /** Ends the display (the bar's last state stays on screen; plain output prints a final line). */
  stop(): void;
}

/** Options of {@link createProgress}. */
export interface ProgressOptions {
  /** Seconds between two plain lines when stderr is no terminal (default 5). */
  readonly plainIntervalSeconds?: number;
  /** Time source in milliseconds (tests). */
  readonly now?: () => number;
}

/** `1h02m`, `3m05s`, `12s` (whole seconds). */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  if (hours > 0) return `${hours}h${String(minutes).padStart(2, '0')}m`;
  if (minutes > 0) return `${minutes}m${String(rest).padStart(2, '0')}s`;
  return `${rest}s`;
}

/** Seconds left at the average rate so far, or null before the first item is done. */
export function estimateSecondsLeft(done: number, total: number, elapsedMs: number): number | null {
  if (done <= 0 || total <= done) return done >= total ? 0 : null;
  return ((elapsedMs / done) * (total - done)) / 1000;
}

/**
 * A progress display of `label`'s items on stderr: a cli-progress bar with percentage, count, ETA and elapsed time
 * when stderr is a terminal (`reindex [████░░░░] 42% | 4200/10000 | ETA: 12s | elapsed: 9s`); when it is not
 * (a log file, a pipe) a plain line at most every `plainIntervalSeconds` and one at the end
 * (`reindex: 4200/10000 (42%), ETA 12s`); nothing at all with `--json` or `--quiet`.
 */
export function createProgress(io: CliIo, options: GlobalOptions, label: string, settings: ProgressOptions = {}): Progress {
  if (options.json || options.quiet) return { setTotal: () => undefined, update: () => undefined, stop: () => undefined };
  if (io.stderr.isTTY === true) return terminalBar(io, label);
  return plainLines(io, label, settings);
}

function terminalBar(io: CliIo, label: string): Progress {
  const bar = new SingleBar(
    {
      stream: io.stderr as NodeJS.WritableStream,
      format: `${label} [{bar}] {percentage}% | {value}/{total} | ETA: {eta_formatted} | elapsed: {duration_formatted}`,
      hideCursor: true,
      etaBuffer: 50,
      fps: 5,
    },
    Presets.shades_classic,
  );
  let started = false;
  let total = 0;
  return {
    setTotal(value) {
      total = value;
      if (started) bar.setTotal(value);
      else {
        bar.start(value, 0);
        started = true;
      }
    },
    update(done) {
      if (!started) this.setTotal(total);
      bar.update(done);
    },
    stop() {
      if (started) bar.stop();
    },
  };
}

function plainLines(io: CliIo, label: string, settings: ProgressOptions): Progress {
  const now = settings.now ?? Date.now;
  const intervalMs = (settings.plainIntervalSeconds ?? 5) * 1000;
  const startedAt = now();
  let lastPrinted = startedAt;
  let total = 0;
  let done = 0;
  let stopped = false;
  const line = (): string => {
    const percent = total > 0 ? Math.floor((done / total) * 100) : 100;
    const left = estimateSecondsLeft(done, total, now() - startedAt);
    return `${label}: ${done}/${total} (${percent}%)${left === null ? '' : `, ETA ${formatDuration(left)}`}, elapsed ${formatDuration((now() - startedAt) / 1000)}`;
  };
  return {
    setTotal(value) {
      total = value;
    },
    update(value) {
      done = value;
      if (now() - lastPrinted >= intervalMs) {
        lastPrinted = now();
        io.stderr.write(`${line()}\n`);
      }
    },
    stop() {
      if (stopped) return;
      stopped = true;
      io.stderr.write(`${line()}\n`);
    },
  };
}
