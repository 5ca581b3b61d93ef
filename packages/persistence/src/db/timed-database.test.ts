import { expect, it } from '@jest/globals';
import { describeDialects } from '../test-support/dialect-suite.js';
import type { Dialect } from './dialect.js';

describeDialects('the statement observer and the outbox depth of a store', (dialect) => {
  it('reports every statement with its duration, dialect and outcome; counts unnumbered events and pending deliveries', async () => {
    const observed: { seconds: number; dialect: Dialect; ok: boolean }[] = [];
    const store = await dialect.create({ onQuery: (seconds, on, ok) => observed.push({ seconds, dialect: on, ok }) });
    try {
      const expected = dialect.name === 'SQLite' ? 'sqlite' : 'postgresql';
      observed.length = 0;
      expect(await store.outboxDepth()).toEqual({ unnumberedEvents: 0, pendingDeliveries: 0 });
      expect(observed.map(({ dialect: on, ok }) => [on, ok])).toEqual([
        [expected, true],
        [expected, true],
      ]);
      expect(observed.every(({ seconds }) => seconds >= 0 && seconds < 10)).toBe(true);

      // Statements of a transaction are reported too, and a failing one as not ok.
      observed.length = 0;
      await expect(store.persistence.transaction(async () => store.pendingMigrations())).resolves.toEqual([]);
      expect(observed.length).toBeGreaterThan(0);
      const context = await store.rawContext();
      const now = Date.now();
      for (const seq of [null, null, 1, 2, 3]) {
        await context.run(`INSERT INTO domain_event (seq, type, payload, user_id, occurred_ms) VALUES (?, 'content.published', '{}', 14, ?)`, [seq, now]);
      }
      const [webhook] = await context.rawRows(
        `INSERT INTO webhook (url, events, secret, enabled, created) VALUES ('http://127.0.0.1:1/', '["*"]', 'secret', ?, ?) RETURNING id`,
        [true, Math.floor(now / 1000)],
      );
      for (const [index, status] of ['pending', 'pending', 'pending', 'delivered', 'failed'].entries()) {
        await context.run(`INSERT INTO webhook_delivery (webhook_id, event_id, status, next_attempt_ms, created_ms) VALUES (?, ?, ?, ?, ?)`, [
          webhook?.int('id') ?? 0,
          index + 1,
          status,
          now,
          now,
        ]);
      }
      expect(await store.outboxDepth()).toEqual({ unnumberedEvents: 2, pendingDeliveries: 3 });

      // A statement that fails (the store is closed) is reported as not ok.
      observed.length = 0;
      await store.close();
      await expect(store.outboxDepth()).rejects.toThrow();
      expect(observed.map(({ dialect: on, ok }) => [on, ok])).toEqual([[expected, false]]);
    } finally {
      await store.close().catch(() => undefined);
    }
  });

  // PostgreSQL only: SQLite has no server that could end a connection.
  if (dialect.name !== 'PostgreSQL') return;
  it(
    'reports a pooled connection the database server ended to driverLog instead of printing it',
    async () => {
      const messages: [string, string][] = [];
      const store = await dialect.create({ driverLog: (level, message) => messages.push([level, message]) });
      try {
        const result: unknown = await store.knex.raw('SELECT pg_backend_pid() AS pid');
        const pid = Number((result as { rows: { pid: number }[] }).rows[0]?.pid);
        expect(Number.isInteger(pid)).toBe(true);
        await store.query('SELECT pg_terminate_backend(?)', [pid]);
        // The pool notices the ended connection when it hands it out next, reports it, and opens another.
        const deadline = Date.now() + 10_000;
        while (!messages.some(([, message]) => message.includes('Connection Error')) && Date.now() < deadline) {
          await store.outboxDepth().catch(() => undefined);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        expect(messages.find(([, message]) => message.includes('Connection Error'))?.[0]).toBe('warn');
        expect(await store.outboxDepth()).toEqual({ unnumberedEvents: 0, pendingDeliveries: 0 });
      } finally {
        await store.close();
      }
    },
    30_000,
  );
});
