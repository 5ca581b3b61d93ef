import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** The server's production bundle (`apps/server/dist/bundle/main.mjs`), which `pnpm start` builds and runs. */
const MAIN = fileURLToPath(new URL('../../../../apps/server/dist/bundle/main.mjs', import.meta.url));

/**
 * Cold start: starts the production bundle (`node apps/server/dist/bundle/main.mjs`, `PORT=0`) with `env` (its data
 * folder or database) and measures the milliseconds from spawning it to the first 200 answer to `GET {path}`
 * (polled every 5 ms once the server logs its port). Stops the server afterwards; fails after 60 s.
 */
export async function coldStart(env: NodeJS.ProcessEnv, path: string): Promise<number> {
  const begin = performance.now();
  const child = spawn(process.execPath, [MAIN], { env: { ...env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' }, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('cold start: no port within 60 s')), 60_000);
      child.once('exit', (code) => reject(new Error(`cold start: the server exited with ${String(code)}`)));
      if (!child.stdout) return reject(new Error('cold start: no stdout'));
      createInterface({ input: child.stdout }).on('line', (line) => {
        const match = /"port":(\d+)/.exec(line);
        if (match && line.includes('listening')) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      });
    });
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const status = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { Accept: 'application/vnd.ibexa.api.Content+json' } }).then(
        async (response) => {
          await response.arrayBuffer();
          return response.status;
        },
        () => 0,
      );
      if (status === 200) return performance.now() - begin;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error(`cold start: no 200 for GET ${path} within 60 s`);
  } finally {
    const force = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.kill('SIGTERM');
    await exited;
    clearTimeout(force);
  }
}
