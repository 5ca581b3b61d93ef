import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { BenchFacts } from './bench-data.js';

/** The result of one seeding command. */
export interface Seeded {
  readonly articles: number;
  readonly seconds: number;
  readonly facts: BenchFacts;
}

/** The search benchmark server running in its own process (`serve-search.js`). */
export interface SearchServer {
  readonly url: string;
  readonly driver: string;
  /** Seeds up to `articles` articles (waits at most `timeoutSeconds`). */
  seed(articles: number, timeoutSeconds: number): Promise<Seeded>;
  stop(): Promise<void>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function isFacts(value: unknown): value is BenchFacts {
  return isRecord(value) && typeof value['articleTypeId'] === 'number' && Array.isArray(value['sectionPaths']) && Array.isArray(value['folderLocationIds']);
}

/** Starts `serve-search.js` and waits (at most 60 s) until it listens. */
export async function startSearchServer(): Promise<SearchServer> {
  const script = fileURLToPath(new URL('./serve-search.js', import.meta.url));
  const child = spawn(process.execPath, [script], { stdio: ['pipe', 'pipe', 'inherit'], env: process.env });
  const { stdout, stdin } = child;
  if (!stdout || !stdin) throw new Error('search server: no stdio');
  const lines = createInterface({ input: stdout });
  const waiting: ((line: string) => void)[] = [];
  lines.on('line', (line) => waiting.shift()?.(line));
  const nextLine = (timeoutSeconds: number): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`search server: no answer within ${timeoutSeconds} s`)), timeoutSeconds * 1000);
      child.once('exit', (code) => reject(new Error(`search server exited with ${String(code)}`)));
      waiting.push((line) => {
        clearTimeout(timer);
        resolve(JSON.parse(line));
      });
    });
  const started = await nextLine(60);
  if (!isRecord(started) || typeof started['port'] !== 'number') throw new Error('search server: unexpected start line');
  return {
    url: `http://127.0.0.1:${started['port']}`,
    driver: String(started['driver']),
    async seed(articles, timeoutSeconds) {
      const answer = nextLine(timeoutSeconds);
      stdin.write(`${JSON.stringify({ articles })}\n`);
      const result = await answer;
      if (!isRecord(result) || typeof result['articles'] !== 'number' || typeof result['seconds'] !== 'number' || !isFacts(result['facts'])) {
        throw new Error('search server: unexpected seeding answer');
      }
      return { articles: result['articles'], seconds: result['seconds'], facts: result['facts'] };
    },
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
