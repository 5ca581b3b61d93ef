// The container health check: asks this container's server for one of its health paths and exits 0 when it answers
// 200, 1 otherwise (no answer within 4 s, a refused connection, any other status). Slim Node images have no curl or
// wget, so the check is a Node script. Usage: node deploy/healthcheck.mjs [/healthz | /readyz]
//
// The server is addressed on 127.0.0.1 at PORT (default 8080) below BASE_PATH, the variables the server itself reads,
// so the check follows a changed port or base path without being edited.

const path = process.argv[2] ?? '/healthz';
if (path !== '/healthz' && path !== '/readyz') {
  process.stderr.write(`healthcheck: unknown path ${path} (expected /healthz or /readyz)\n`);
  process.exit(2);
}
const port = process.env.PORT ?? '8080';
const basePath = (process.env.BASE_PATH ?? '').replace(/\/+$/, '');
const url = `http://127.0.0.1:${port}${basePath}${path}`;

try {
  const response = await fetch(url, { signal: AbortSignal.timeout(4000) });
  if (response.status === 200) process.exit(0);
  process.stderr.write(`healthcheck: ${url} answered ${response.status}\n`);
} catch (error) {
  process.stderr.write(`healthcheck: ${url} failed: ${error instanceof Error ? error.message : String(error)}\n`);
}
process.exit(1);
