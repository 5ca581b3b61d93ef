import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import { createProgress, estimateSecondsLeft, formatDuration } from '../../src/cli/cli-progress-display.js';
import type { CliIo } from '../../src/cli/cli-output.js';

/** A captured stderr that says it is (or is not) a terminal. */
function stderr(isTTY: boolean): Writable & { text: string; isTTY: boolean; columns: number } {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      stream.text += chunk.toString('utf8');
      done();
    },
  }) as Writable & { text: string; isTTY: boolean; columns: number };
  stream.text = '';
  stream.isTTY = isTTY;
  stream.columns = 120;
  return stream;
}

const io = (err: Writable): CliIo => ({ stdout: new PassThrough(), stderr: err, stdin: new PassThrough(), env: {} });

describe('progress display', () => {
  it('formats durations and estimates the time left at the average rate', () => {
    expect([formatDuration(0), formatDuration(12.4), formatDuration(185), formatDuration(3720)]).toEqual(['0s', '12s', '3m05s', '1h02m']);
    expect(estimateSecondsLeft(0, 100, 5_000)).toBeNull();
    expect(estimateSecondsLeft(25, 100, 10_000)).toBe(30);
    expect(estimateSecondsLeft(100, 100, 10_000)).toBe(0);
  });

  it('prints a plain line at most every interval and one at the end when stderr is no terminal', () => {
    const err = stderr(false);
    let now = 0;
    const progress = createProgress(io(err), { json: false, quiet: false }, 'reindex', { plainIntervalSeconds: 5, now: () => now });
    progress.setTotal(1000);
    for (let done = 100; done <= 1000; done += 100) {
      now += 2_000;
      progress.update(done);
    }
    progress.stop();
    expect(err.text.split('\n').filter((line) => line !== '')).toEqual([
      'reindex: 300/1000 (30%), ETA 14s, elapsed 6s',
      'reindex: 600/1000 (60%), ETA 8s, elapsed 12s',
      'reindex: 900/1000 (90%), ETA 2s, elapsed 18s',
      'reindex: 1000/1000 (100%), ETA 0s, elapsed 20s',
    ]);
  });

  it('draws a bar with percentage, count and ETA on a terminal', () => {
    const err = stderr(true);
    const progress = createProgress(io(err), { json: false, quiet: false }, 'reindex');
    progress.setTotal(200);
    progress.update(50);
    progress.stop();
    expect(err.text).toMatch(/reindex \[[█░]{40}\] \d+% \| \d+\/200 \| ETA: [^|]+ \| elapsed: \d+s/);
    expect(err.text).toContain('reindex [██████████░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░] 25% | 50/200 | ETA: ');
  });

  it('shows nothing with --json or --quiet', () => {
    for (const options of [
      { json: true, quiet: false },
      { json: false, quiet: true },
    ]) {
      const err = stderr(true);
      const progress = createProgress(io(err), options, 'reindex');
      progress.setTotal(10);
      progress.update(10);
      progress.stop();
      expect(err.text).toBe('');
    }
  });
});
