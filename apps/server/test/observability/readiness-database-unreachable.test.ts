import { createServer, type Server, type Socket, connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { startTestServer, testEngines } from '../support/test-server.js';

/**
 * A TCP relay on 127.0.0.1 to the PostgreSQL server: the server under test connects through it, and `cut()` makes
 * the database unreachable (the listener closed, every open connection reset), as a network failure or a stopped
 * database server would; `restore()` listens again on the same port.
 */
class DatabaseRelay {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async restore(): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(this.targetPort, this.targetHost);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    this.port = typeof address === 'object' && address !== null ? address.port : 0;
    this.server = server;
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.resetAndDestroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

describe('GET /readyz when the database becomes unreachable', () => {
  const [, postgres] = testEngines();
  const skip = postgres?.skipReason;
  (skip === undefined ? it : it.skip)(
    `PostgreSQL behind a relay that is cut: /readyz turns 503 while /healthz stays 200, and 200 again once it is back${skip ? ` (skipped: ${skip})` : ''}`,
    async () => {
      const target = new URL(postgres?.databaseUrl ?? '');
      const relay = new DatabaseRelay(target.hostname, Number(target.port || 5432));
      await relay.restore();
      const relayed = new URL(target.href);
      relayed.hostname = '127.0.0.1';
      relayed.port = String(relay.port);
      const server = await startTestServer({}, { name: 'PostgreSQL', databaseUrl: relayed.href, skipReason: undefined });
      try {
        const app = server.app.express;
        expect((await request(app).get('/readyz')).body).toEqual({ status: 'ready', driver: 'postgresql' });

        await relay.cut();
        const started = Date.now();
        const gone = await request(app).get('/readyz');
        expect(gone.status).toBe(503);
        expect(['The database does not answer', 'The database did not answer in time']).toContain(gone.body.reason);
        expect(Date.now() - started).toBeLessThan(10_000);
        const live = await request(app).get('/healthz');
        expect([live.status, live.body]).toEqual([200, { status: 'ok', driver: 'postgresql' }]);

        await relay.restore();
        const deadline = Date.now() + 20_000;
        let back = await request(app).get('/readyz');
        while (back.status !== 200 && Date.now() < deadline) {
          await sleep(200);
          back = await request(app).get('/readyz');
        }
        expect([back.status, back.body]).toEqual([200, { status: 'ready', driver: 'postgresql' }]);
      } finally {
        await relay.restore().catch(() => undefined);
        await server.stop();
        await relay.cut();
      }
    },
    90_000,
  );
});
