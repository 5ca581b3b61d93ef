import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** CPU time the server process used so far (ms) and its resident set size (bytes). */
export interface Usage {
  readonly cpuMs: number;
  readonly rss: number;
}

/** A server process of the peer benchmark (`serve-peers.js`), driven over its IPC channel. */
export interface PeerProcess {
  readonly url: string;
  readonly driver: string;
  usage(): Promise<Usage>;
  /** Starts a CPU profile (the process must have been started with `profile`). */
  profileStart(): Promise<void>;
  /** Stops the running CPU profile and writes it (`.cpuprofile` JSON) to `file`. */
  profileStop(file: string): Promise<void>;
  /** Seeds items `from`..`to`-1 through the SPI (waits at most `timeoutSeconds`); their content ids. */
  seed(from: number, to: number, parentLocationId: number, timeoutSeconds: number): Promise<number[]>;
  stop(): Promise<void>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * Forks `serve-peers.js <kind>` with `env` (the data folder or database of the run) and waits at most 60 s until
 * it listens. Commands time out after 30 s unless said otherwise; a dead process fails every pending command.
 */
export async function startPeerProcess(kind: 'app' | 'bare', env: NodeJS.ProcessEnv): Promise<PeerProcess> {
  const script = fileURLToPath(new URL('./serve-peers.js', import.meta.url));
  const child = fork(script, [kind], { env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let exited = false;
  let nextId = 1;
  const started = new Promise<{ port: number; driver: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${kind} server did not start within 60 s`)), 60_000);
    child.on('message', (message: unknown) => {
      if (!isRecord(message)) return;
      if (typeof message['port'] === 'number') {
        clearTimeout(timer);
        resolve({ port: message['port'], driver: String(message['driver']) });
        return;
      }
      const waiter = typeof message['id'] === 'number' ? pending.get(message['id']) : undefined;
      if (!waiter) return;
      pending.delete(message['id'] as number);
      if (typeof message['error'] === 'string') waiter.reject(new Error(`${kind} server: ${message['error']}`));
      else waiter.resolve(message['result']);
    });
    child.once('exit', (code) => {
      exited = true;
      clearTimeout(timer);
      reject(new Error(`${kind} server exited with ${String(code)}`));
      for (const waiter of pending.values()) waiter.reject(new Error(`${kind} server exited with ${String(code)}`));
      pending.clear();
    });
  });
  const { port, driver } = await started;
  const call = (command: Record<string, unknown>, timeoutSeconds = 30): Promise<unknown> =>
    new Promise((resolve, reject) => {
      if (exited) return reject(new Error(`${kind} server is not running`));
      const id = nextId++;
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error(`${kind} server: no answer to ${String(command['cmd'])} within ${timeoutSeconds} s`));
      }, timeoutSeconds * 1000);
      pending.set(id, {
        resolve: (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      child.send({ id, ...command });
    });
  return {
    url: `http://127.0.0.1:${port}`,
    driver,
    async usage() {
      const result = await call({ cmd: 'usage' });
      if (!isRecord(result) || typeof result['cpuMs'] !== 'number' || typeof result['rss'] !== 'number') throw new Error('usage: unexpected answer');
      return { cpuMs: result['cpuMs'], rss: result['rss'] };
    },
    async profileStart() {
      await call({ cmd: 'profile-start' });
    },
    async profileStop(file) {
      await call({ cmd: 'profile-stop', file }, 120);
    },
    async seed(from, to, parentLocationId, timeoutSeconds) {
      const result = await call({ cmd: 'seed', from, to, parentLocationId }, timeoutSeconds);
      if (!Array.isArray(result) || !result.every((id) => typeof id === 'number')) throw new Error('seed: unexpected answer');
      return result as number[];
    },
    stop: () =>
      new Promise((resolve) => {
        if (exited) return resolve();
        const force = setTimeout(() => child.kill('SIGKILL'), 30_000);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
