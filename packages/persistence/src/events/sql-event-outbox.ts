import type { DomainEvent, EventOutbox } from '@contentrepo/core';
import { insertRows } from '../db/inserts.js';
import type { SqlContext } from '../db/sql-context.js';
import { TABLES } from '../schema/index.js';

/** The key of a transaction's pending events (`SqlContext.transactionLocal`). */
const PENDING: object = { name: 'pending domain events' };

/**
 * Runs after the `COMMIT` of a transaction that wrote events: with the highest `seq` it gave them (SQLite), or
 * null when they wait for the relay (PostgreSQL).
 */
export type EventsCommitted = (numberedUpTo: number | null) => void;

/**
 * The outbox on SQL: the events a transaction records are kept with it and written to `domain_event` just
 * before its `COMMIT`, all in one multi-row insert (however many operations the transaction ran). A transaction
 * that rolls back writes none. Called outside a transaction, `record` writes in a transaction of its own.
 *
 * PostgreSQL inserts them with `seq` null: transactions commit in parallel, in another order than they insert, so
 * the relay numbers them once committed (see `EventLog`). SQLite numbers them at the insert (`max(seq) + 1…`):
 * its write transactions run one at a time (across processes too, under the file's write lock) and commit in the
 * order they number, so the published order stays gap-free without a relay transaction after each write (the
 * relay's sweep still numbers any row left without `seq`). `committed` runs after the `COMMIT` of every
 * transaction that wrote events: the relay's trigger, or the readers' wake-up.
 */
export class SqlEventOutbox implements EventOutbox {
  constructor(
    private readonly ctx: SqlContext,
    private readonly committed: EventsCommitted = () => undefined,
  ) {}

  /** @throws Error (rejects) through the handler of a transaction that has ended. */
  async record(events: readonly DomainEvent[]): Promise<void> {
    if (events.length === 0) return;
    const { ctx } = this;
    if (!ctx.inTransaction) {
      await ctx.transaction((tx) => new SqlEventOutbox(tx, this.committed).record(events));
      return;
    }
    const pending = ctx.transactionLocal(PENDING, () => {
      const list: DomainEvent[] = [];
      let numberedUpTo: number | null = null;
      ctx.beforeCommit(async () => {
        numberedUpTo = await writeEvents(ctx, list, Date.now());
      });
      ctx.afterCommit(() => this.committed(numberedUpTo));
      return list;
    });
    pending.push(...events);
  }
}

/**
 * Inserts `events` into `domain_event`, stamped `occurredMs`: numbered after the highest `seq` on SQLite,
 * unnumbered on PostgreSQL.
 * @returns the highest `seq` given (SQLite), else null.
 */
async function writeEvents(ctx: SqlContext, events: readonly DomainEvent[], occurredMs: number): Promise<number | null> {
  const top = ctx.dialect === 'sqlite' ? ((await ctx.rawRows('SELECT max(seq) AS top FROM domain_event'))[0]?.intOrNull('top') ?? 0) : null;
  await insertRows(
    ctx,
    TABLES.domainEvent,
    events.map((event, index) => ({
      seq: top === null ? null : top + index + 1,
      type: event.type,
      payload: JSON.stringify(event.payload),
      userId: event.userId,
      occurredMs,
    })),
  );
  return top === null ? null : top + events.length;
}
