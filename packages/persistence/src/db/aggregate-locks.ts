import type { LockKind, LockTarget } from '@contentrepo/core';
import type { SqlContext } from './sql-context.js';
import { sql } from './statement.js';

/**
 * The first key of each kind's PostgreSQL advisory locks (`pg_advisory_xact_lock(kindKey, id)`), in lock order.
 * The base ("CR" in ASCII) keeps them apart from the keys other applications sharing the database may use;
 * single-key advisory locks (the start-up lock) are a separate key space in PostgreSQL.
 */
const KIND_KEY: Readonly<Record<LockKind, number>> = {
  contentTypeGroup: 0x43520001,
  contentType: 0x43520002,
  section: 0x43520003,
  language: 0x43520004,
  objectStateGroup: 0x43520005,
  role: 0x43520006,
  content: 0x43520007,
  location: 0x43520008,
  urlAliases: 0x43520009,
  urlWildcard: 0x4352000a,
  bookmarks: 0x4352000b,
};

const ADVISORY_LOCK = sql<[number, number]>('SELECT pg_advisory_xact_lock(?, ?)');

/**
 * The targets without duplicates, in the one order every writer takes locks in (kind key, then id), so that two
 * transactions locking overlapping sets wait for each other instead of deadlocking.
 */
export function lockOrder(targets: readonly LockTarget[]): LockTarget[] {
  const unique = new Map<string, LockTarget>();
  for (const target of targets) unique.set(`${target.kind}:${target.id}`, target);
  return [...unique.values()].sort((a, b) => KIND_KEY[a.kind] - KIND_KEY[b.kind] || a.id - b.id);
}

/**
 * Locks aggregates until the end of the transaction `ctx` is bound to (the SPI's `PersistenceHandler.lock`).
 * PostgreSQL: one transaction-level advisory lock per target, taken in {@link lockOrder}; the database releases
 * them at COMMIT or ROLLBACK, and they are shared by every node connected to the database. SQLite: a write
 * transaction (`BEGIN IMMEDIATE`, one connection behind a gate) already excludes every other writer and reader.
 * @throws Error when `ctx` is not bound to a transaction.
 */
export async function lockAggregates(ctx: SqlContext, targets: readonly LockTarget[]): Promise<void> {
  if (!ctx.inTransaction) throw new Error('PersistenceHandler.lock: locks are taken inside a transaction');
  if (ctx.dialect === 'sqlite') return;
  for (const target of lockOrder(targets)) {
    await ctx.all(ADVISORY_LOCK, [KIND_KEY[target.kind], target.id]);
  }
}
