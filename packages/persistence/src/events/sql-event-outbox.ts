import type { DomainEvent, EventOutbox } from '@contentrepo/core';
import { insertRows } from '../db/inserts.js';
import type { SqlContext } from '../db/sql-context.js';
import { TABLES } from '../schema/index.js';

/** The key of a transaction's pending events (`SqlContext.transactionLocal`). */
const PENDING: object = { name: 'pending domain events' };

/**
 * The outbox on SQL: the events a transaction records are kept with it and written to `domain_event` just
 * before its `COMMIT`, all in one multi-row insert (however many operations the transaction ran), with `seq`
 * null: the relay numbers them once committed (see `EventLog`). A transaction that rolls back writes none. Called
 * outside a transaction, `record` writes in a transaction of its own. `committed` runs after the `COMMIT` of
 * every transaction that wrote events (the relay's trigger).
 */
export class SqlEventOutbox implements EventOutbox {
  constructor(
    private readonly ctx: SqlContext,
    private readonly committed: () => void = () => undefined,
  ) {}

  record(events: readonly DomainEvent[]): Promise<void> {
    if (events.length === 0) return Promise.resolve();
    const { ctx } = this;
    if (!ctx.inTransaction) return ctx.transaction((tx) => new SqlEventOutbox(tx, this.committed).record(events));
    const pending = ctx.transactionLocal(PENDING, () => {
      const list: DomainEvent[] = [];
      ctx.beforeCommit(() => writeEvents(ctx, list, Date.now()));
      ctx.afterCommit(this.committed);
      return list;
    });
    pending.push(...events);
    return Promise.resolve();
  }
}

/** Inserts `events` (unnumbered) into `domain_event`, stamped `occurredMs`. */
async function writeEvents(ctx: SqlContext, events: readonly DomainEvent[], occurredMs: number): Promise<void> {
  await insertRows(
    ctx,
    TABLES.domainEvent,
    events.map((event) => ({
      seq: null,
      type: event.type,
      payload: JSON.stringify(event.payload),
      userId: event.userId,
      occurredMs,
    })),
  );
}
