import type { TestStore } from './test-stores.js';

/** A published (numbered) event as a test writes it straight into the outbox. */
export interface NumberedEventRow {
  readonly seq: number;
  readonly type: string;
  readonly payload?: Readonly<Record<string, unknown>>;
  readonly userId?: number | null;
  /** Unix ms (default: now). */
  readonly occurredMs?: number;
}

/**
 * Inserts events into `domain_event` with their `seq` already set, as the relay leaves them once it has numbered
 * committed events (`seq: null` rows are events not numbered yet). `query` runs `?` SQL on the store's database
 * (`TestStore.query`, or `rawConnection(…).query`).
 */
export async function insertNumberedEvents(query: TestStore['query'], rows: readonly (NumberedEventRow | (Omit<NumberedEventRow, 'seq'> & { readonly seq: null }))[]): Promise<void> {
  for (const row of rows) {
    await query('INSERT INTO domain_event (seq, type, payload, user_id, occurred_ms) VALUES (?, ?, ?, ?, ?)', [
      row.seq,
      row.type,
      JSON.stringify(row.payload ?? {}),
      row.userId ?? null,
      row.occurredMs ?? Date.now(),
    ]);
  }
}
