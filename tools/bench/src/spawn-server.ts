import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** A benchmark server running in its own process. */
export interface ServerProcess {
  readonly url: string;
  stop(): Promise<void>;
}

/** Starts `serve.js <kind>` and waits (at most 60 s) until it reports its port. */
export async function spawnServer(kind: 'bare' | 'app'): Promise<ServerProcess> {
  const script = fileURLToPath(new URL('./serve.js', import.meta.url));
  const child: ChildProcess = spawn(process.execPath, [script, kind], { stdio: ['ignore', 'pipe', 'inherit'], env: process.env });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${kind} server did not start within 60 s`)), 60_000);
    child.once('exit', (code) => reject(new Error(`${kind} server exited with ${String(code)}`)));
    if (!child.stdout) throw new Error('no stdout');
    createInterface({ input: child.stdout }).once('line', (line) => {
      clearTimeout(timer);
      const parsed: unknown = JSON.parse(line);
      if (typeof parsed === 'object' && parsed !== null && 'port' in parsed && typeof parsed.port === 'number') resolve(parsed.port);
      else reject(new Error(`unexpected output: ${line}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
