import { Row } from '../db/row.js';

/** Runs `?` SQL on a store's database (`TestStore.query`, `rawConnection(…).query`, or a knex `raw`). */
export type RawQuery = (sql: string, bindings: readonly (string | number | boolean | null)[]) => Promise<unknown>;

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
 * (see {@link RawQuery}).
 */
export async function insertNumberedEvents(query: RawQuery, rows: readonly (NumberedEventRow | (Omit<NumberedEventRow, 'seq'> & { readonly seq: null }))[]): Promise<void> {
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

/**
 * Appends one numbered event after the last one (`seq` = the highest + 1, in one statement), as the relay would
 * number it, and returns its `seq`. For tests running beside a real producer of events. `query` answers rows as an
 * array (of records, or of {@link Row}s: `TestStore.query`) or as `{ rows }` (knex's `raw` on PostgreSQL).
 */
export async function appendNumberedEvent(
  query: RawQuery,
  event: { readonly type: string; readonly payload?: Readonly<Record<string, unknown>>; readonly userId?: number | null },
): Promise<number> {
  const result = await query('INSERT INTO domain_event (seq, type, payload, user_id, occurred_ms) SELECT COALESCE(MAX(seq), 0) + 1, ?, ?, ?, ? FROM domain_event RETURNING seq', [
    event.type,
    JSON.stringify(event.payload ?? {}),
    event.userId ?? null,
    Date.now(),
  ]);
  const rows: unknown = Array.isArray(result) ? result : typeof result === 'object' && result !== null ? Reflect.get(result, 'rows') : undefined;
  const first: unknown = Array.isArray(rows) ? rows[0] : undefined;
  const seq = first instanceof Row ? first.int('seq') : Number(typeof first === 'object' && first !== null ? Reflect.get(first, 'seq') : NaN);
  if (!Number.isSafeInteger(seq)) throw new Error('appendNumberedEvent: the inserted seq was not returned');
  return seq;
}
