import type { Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHttpServer } from '../src/http-server.js';
import { ConfigError, loadConfig } from '../src/server-config.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/** Small timeouts (ms) so that each cut-off is observed within a second or two, and small body limits. */
const TIMEOUTS = {
  HEADERS_TIMEOUT_MS: '300',
  REQUEST_TIMEOUT_MS: '800',
  KEEP_ALIVE_TIMEOUT_MS: '200',
  IDLE_TIMEOUT_MS: '3000',
  BODY_LIMIT: '2kb',
  GRAPHQL_BODY_LIMIT: '1kb',
};
/** Longest a test waits for the server to close a connection before calling it held open (ms). */
const GIVE_UP_MS = 5000;

/** What a raw client saw on one connection. */
interface Observed {
  /** Everything the server sent. */
  readonly text: string;
  /** Whether the server closed the connection before {@link GIVE_UP_MS}. */
  readonly closedByServer: boolean;
  /** Milliseconds from connecting to the close (or to giving up). */
  readonly elapsedMs: number;
  /** Milliseconds from connecting to the first byte received (undefined when none came). */
  readonly firstDataMs: number | undefined;
}

/**
 * Opens a connection, sends `first`, then sends each of `drip` every `everyMs` (a client keeping the connection
 * busy without ever finishing), and reports when the server closes it; gives up after {@link GIVE_UP_MS}.
 */
function slowClient(port: number, first: string, drip: readonly string[], everyMs: number): Promise<Observed> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket: Socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let next = 0;
    let firstDataMs: number | undefined;
    const ticker = setInterval(() => {
      if (next < drip.length && socket.writable) socket.write(drip[next++] ?? '');
    }, everyMs);
    const finish = (closedByServer: boolean): void => {
      clearInterval(ticker);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ text: Buffer.concat(chunks).toString('utf8'), closedByServer, elapsedMs: Date.now() - started, firstDataMs });
    };
    const giveUp = setTimeout(() => finish(false), GIVE_UP_MS);
    socket.on('data', (chunk: Buffer) => {
      firstDataMs ??= Date.now() - started;
      chunks.push(chunk);
    });
    socket.on('error', () => undefined);
    socket.on('close', () => finish(true));
    socket.write(first);
  });
}

const statusLine = (observed: Observed): string => observed.text.split('\r\n')[0] ?? '';

describe('bounded requests: HTTP server timeouts and body limits', () => {
  let test: TestServer;
  let server: Server;
  let port: number;

  beforeAll(async () => {
    test = await startTestServer(TIMEOUTS);
    server = createHttpServer(test.app.express, loadConfig(TIMEOUTS));
    server.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('not listening on a TCP port');
    port = address.port;
    // The GraphQL API is built on its first request (loading its modules blocks the event loop for a while, and
    // with it the server's timeout checks): build it here, so that the cut-offs below measure the timeouts alone.
    const primed = await fetch(`http://127.0.0.1:${port}/graphql`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"query":"{ __typename }"}' });
    expect(primed.status).toBe(200);
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await test.stop();
  });

  it('answers a request sent at normal speed', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/ibexa/v2/`, { headers: { Accept: 'application/json' } });
    expect(response.status).toBe(200);
  });

  it('cuts off a client sending its headers slowly (408 after the headers timeout)', async () => {
    const drip = Array.from({ length: 40 }, (_, i) => `X-Slow-${i}: 1\r\n`);
    const observed = await slowClient(port, 'GET /api/ibexa/v2/ HTTP/1.1\r\nHost: localhost\r\n', drip, 50);
    expect(observed.closedByServer).toBe(true);
    expect(statusLine(observed)).toBe('HTTP/1.1 408 Request Timeout');
    expect(observed.elapsedMs).toBeGreaterThanOrEqual(250);
    expect(observed.elapsedMs).toBeLessThan(1500);
  });

  it('cuts off a REST request body that never completes (408 after the request timeout)', async () => {
    const head = 'POST /api/ibexa/v2/user/sessions HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/vnd.ibexa.api.SessionInput+json\r\nContent-Length: 1000\r\n\r\n';
    const observed = await slowClient(port, `${head}{"SessionInput":`, Array.from({ length: 60 }, () => ' '), 50);
    expect(observed.closedByServer).toBe(true);
    expect(statusLine(observed)).toBe('HTTP/1.1 408 Request Timeout');
    expect(observed.elapsedMs).toBeGreaterThanOrEqual(700);
    expect(observed.elapsedMs).toBeLessThan(2500);
  });

  it('cuts off a GraphQL multipart upload whose file never finishes arriving', async () => {
    const body = [
      '--xyz\r\nContent-Disposition: form-data; name="operations"\r\n\r\n',
      JSON.stringify({ query: 'mutation($file: FileUpload!) { uploadFiles(locationId: 51, files: [$file], languageCode: "eng-GB") { warnings } }', variables: { file: null } }),
      '\r\n--xyz\r\nContent-Disposition: form-data; name="map"\r\n\r\n{"0":["variables.file"]}',
      '\r\n--xyz\r\nContent-Disposition: form-data; name="0"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nthe start of a file',
    ].join('');
    const head = [
      'POST /graphql HTTP/1.1',
      'Host: localhost',
      'Content-Type: multipart/form-data; boundary=xyz',
      'Apollo-Require-Preflight: true',
      `Authorization: Basic ${Buffer.from('admin:publish').toString('base64')}`,
      'Content-Length: 100000',
    ].join('\r\n');
    const observed = await slowClient(port, `${head}\r\n\r\n${body}`, [], 50);
    expect(observed.text).toBe('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n');
    expect(observed.closedByServer).toBe(true);
    expect(observed.elapsedMs).toBeGreaterThanOrEqual(700);
    expect(observed.elapsedMs).toBeLessThan(2500);
    expect(await test.storedFiles()).toEqual([]);
  });

  // Node keeps the socket 1 s past the keep-alive timeout (a margin for requests already on their way), and the idle
  // timeout (3 s here) would close it later still.
  it('closes an idle keep-alive connection after the keep-alive timeout', async () => {
    const observed = await slowClient(port, 'GET /api/ibexa/v2/ HTTP/1.1\r\nHost: localhost\r\nAccept: application/json\r\n\r\n', [], 50);
    expect(observed.closedByServer).toBe(true);
    expect(statusLine(observed)).toBe('HTTP/1.1 200 OK');
    expect(observed.elapsedMs - (observed.firstDataMs ?? 0)).toBeGreaterThanOrEqual(150);
    expect(observed.elapsedMs - (observed.firstDataMs ?? 0)).toBeLessThan(2000);
  });

  it('closes a connection that never sends a byte', async () => {
    const observed = await slowClient(port, '', [], 50);
    expect(observed.closedByServer).toBe(true);
    expect(observed.elapsedMs).toBeLessThan(2500);
  });

  /** The body of a response read off a raw connection (after the blank line ending the headers). */
  const bodyOf = (observed: Observed): unknown => JSON.parse(observed.text.slice(observed.text.indexOf('\r\n\r\n') + 4));

  it('answers a REST body announced over BODY_LIMIT with 413 and an ErrorMessage at once, reading no more of it', async () => {
    const head = 'POST /api/ibexa/v2/content/objects HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/vnd.ibexa.api.ContentCreate+json\r\nAccept: application/json\r\nContent-Length: 10000000\r\n\r\n';
    const observed = await slowClient(port, `${head}{"ContentCreate":`, [], 50);
    expect(observed.closedByServer).toBe(true);
    expect(observed.elapsedMs).toBeLessThan(400);
    expect(statusLine(observed)).toBe('HTTP/1.1 413 Payload Too Large');
    expect(observed.text.toLowerCase()).toContain('connection: close');
    expect(bodyOf(observed)).toMatchObject({ ErrorMessage: { errorCode: 413, errorMessage: 'Payload Too Large' } });
  });

  it('answers a chunked REST body that grows past BODY_LIMIT with 413 and an ErrorMessage once it ends', async () => {
    const head = 'POST /api/ibexa/v2/content/objects HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/vnd.ibexa.api.ContentCreate+json\r\nAccept: application/json\r\nTransfer-Encoding: chunked\r\n\r\n';
    const chunk = `400\r\n${'x'.repeat(0x400)}\r\n`;
    const observed = await slowClient(port, head + chunk, [...Array.from({ length: 5 }, () => chunk), '0\r\n\r\n'], 10);
    expect(observed.closedByServer).toBe(true);
    expect(statusLine(observed)).toBe('HTTP/1.1 413 Payload Too Large');
    expect(bodyOf(observed)).toMatchObject({ ErrorMessage: { errorCode: 413 } });
  });

  it('answers a GraphQL JSON body over GRAPHQL_BODY_LIMIT with 413 and a GraphQL error at once', async () => {
    const head = 'POST /graphql HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 10000000\r\n\r\n';
    const observed = await slowClient(port, `${head}{"query":"`, [], 50);
    expect(observed.closedByServer).toBe(true);
    expect(observed.elapsedMs).toBeLessThan(400);
    expect(statusLine(observed)).toBe('HTTP/1.1 413 Payload Too Large');
    expect(observed.text.toLowerCase()).toContain('connection: close');
    expect(bodyOf(observed)).toEqual({ errors: [{ message: 'request entity too large', extensions: { code: 'PAYLOAD_TOO_LARGE' } }] });
  });

  it('still takes a GraphQL JSON body under the limit', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(response.status).toBe(200);
  });
});

describe('HTTP timeout configuration', () => {
  it('defaults to 20 s for headers, 120 s for a whole request, 5 s keep-alive and 60 s idle', () => {
    expect(loadConfig({})).toMatchObject({ headersTimeoutMs: 20_000, requestTimeoutMs: 120_000, keepAliveTimeoutMs: 5_000, idleTimeoutMs: 60_000 });
    expect(loadConfig({ REQUEST_TIMEOUT_MS: '0', IDLE_TIMEOUT_MS: '0' })).toMatchObject({ requestTimeoutMs: 0, idleTimeoutMs: 0 });
  });

  it('refuses a timeout that is not a whole number in range, or headers allowed longer than the request', () => {
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '0' })).toThrow(new ConfigError("HEADERS_TIMEOUT_MS must be an integer between 1 and 3600000, got '0'"));
    expect(() => loadConfig({ KEEP_ALIVE_TIMEOUT_MS: '5s' })).toThrow(ConfigError);
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '30000', REQUEST_TIMEOUT_MS: '10000' })).toThrow(
      new ConfigError('HEADERS_TIMEOUT_MS (30000) must not exceed REQUEST_TIMEOUT_MS (10000)'),
    );
  });

  it('checks body sizes: BODY_LIMIT and GRAPHQL_BODY_LIMIT', () => {
    expect(loadConfig({})).toMatchObject({ bodyLimit: '50mb', graphqlBodyLimit: '1mb' });
    expect(loadConfig({ BODY_LIMIT: '10MB', GRAPHQL_BODY_LIMIT: '65536' })).toMatchObject({ bodyLimit: '10MB', graphqlBodyLimit: '65536' });
    expect(() => loadConfig({ GRAPHQL_BODY_LIMIT: 'lots' })).toThrow(new ConfigError("GRAPHQL_BODY_LIMIT must be a size like 50mb, 512kb or a number of bytes, got 'lots'"));
  });
});
