import type { LockKind, LockTarget } from '@contentrepo/core';
import { TABLES } from '../schema/index.js';
import type { SqlContext } from './sql-context.js';
import { sql, StatementsBySize } from './statement.js';

const t = TABLES.aggregateRevision;

/** The code stored in `aggregate_revision.kind` for each lock kind; locks are taken in this order. */
const KIND_CODE: Readonly<Record<LockKind, number>> = {
  contentTypeGroup: 1,
  contentType: 2,
  section: 3,
  language: 4,
  objectStateGroup: 5,
  role: 6,
  content: 7,
  location: 8,
  urlAliases: 9,
  urlWildcard: 10,
  bookmarks: 11,
};

/**
 * Increments the revisions of `rows` aggregates (creating a missing row at revision 1) and answers their new
 * revisions. The upsert takes each row's write lock, in the order of its VALUES, held to the end of the
 * transaction: on PostgreSQL a concurrent transaction incrementing one of the rows waits there until this one
 * commits or rolls back (then reads the committed row).
 */
const BUMP = new StatementsBySize(
  (rows) =>
    `INSERT INTO ${t} (${t.kind}, ${t.id}, ${t.revision}) VALUES ${Array.from({ length: rows }, () => '(?, ?, 1)').join(', ')} ` +
    `ON CONFLICT (${t.kind}, ${t.id}) DO UPDATE SET ${t.revision} = ${t}.${t.revision} + 1 ` +
    `RETURNING ${t.kind}, ${t.id}, ${t.revision}`,
);

/** Most aggregates one upsert locks (a subtree's locations may be thousands: they are locked in batches, in order). */
const BUMP_BATCH = 500;

const READ = sql<[number, number]>(`SELECT ${t.revision} FROM ${t} WHERE ${t.kind} = ? AND ${t.id} = ?`);

/** PostgreSQL: reads one aggregate's revision holding its row's share lock to the end of the transaction. */
const READ_SHARED = sql<[number, number]>(`SELECT ${t.revision} FROM ${t} WHERE ${t.kind} = ? AND ${t.id} = ? FOR SHARE`);

/**
 * PostgreSQL: gives an aggregate never written its row (revision 0), so that there is a row to share-lock; a
 * concurrent creation of the same row wins or waits, never fails.
 */
const CREATE = sql<[number, number]>(
  `INSERT INTO ${t} (${t.kind}, ${t.id}, ${t.revision}) VALUES (?, ?, 0) ON CONFLICT (${t.kind}, ${t.id}) DO NOTHING`,
);

/**
 * The targets without duplicates, in the one order every writer takes locks in (kind, then id), so that two
 * transactions locking overlapping sets wait for each other instead of deadlocking.
 */
export function lockOrder(targets: readonly LockTarget[]): LockTarget[] {
  const unique = new Map<string, LockTarget>();
  for (const target of targets) unique.set(`${target.kind}:${target.id}`, target);
  return [...unique.values()].sort((a, b) => KIND_CODE[a.kind] - KIND_CODE[b.kind] || a.id - b.id);
}

/**
 * Locks aggregates for a write until the end of the transaction `ctx` is bound to (the SPI's
 * `PersistenceHandler.lock`): increments each one's row of `aggregate_revision`, in {@link lockOrder} (one statement
 * per batch of 500). The row
 * lock is the database's own, so it holds across every node sharing a PostgreSQL database; on SQLite the write
 * transaction already excludes every other: `BEGIN IMMEDIATE` takes the database file's write lock, which the
 * transactions of every process on the file (the server's workers) take in turn, and reads from the newest commit.
 * @returns the revision each target had before this write (0 for one never written), in the order of `targets`.
 * @throws Error when `ctx` is not bound to a transaction.
 */
export async function lockAggregates(ctx: SqlContext, targets: readonly LockTarget[]): Promise<number[]> {
  if (!ctx.inTransaction) throw new Error('PersistenceHandler.lock: locks are taken inside a transaction');
  const before = new Map<string, number>();
  const ordered = lockOrder(targets);
  for (let start = 0; start < ordered.length; start += BUMP_BATCH) {
    const batch = ordered.slice(start, start + BUMP_BATCH);
    const rows = await ctx.all(BUMP.of(batch.length), batch.flatMap((target) => [KIND_CODE[target.kind], target.id]));
    for (const row of rows) before.set(`${row.int(t.kind)}:${row.int(t.id)}`, row.int(t.revision) - 1);
  }
  return targets.map((target) => before.get(`${KIND_CODE[target.kind]}:${target.id}`) ?? 0);
}

/**
 * Holds aggregates a write depends on, unchanged, until the end of the transaction `ctx` is bound to (the SPI's
 * `PersistenceHandler.lockShared`): PostgreSQL share-locks each one's `aggregate_revision` row (creating it at
 * revision 0 first when missing), in {@link lockOrder}, so that a writer incrementing it waits for this
 * transaction and this one waits for a writer holding it; SQLite reads the revisions (its write transaction
 * already excludes every other).
 * @returns the current revision of each target (0 for one never written), in the order of `targets`.
 * @throws Error when `ctx` is not bound to a transaction.
 */
export async function lockAggregatesShared(ctx: SqlContext, targets: readonly LockTarget[]): Promise<number[]> {
  if (!ctx.inTransaction) throw new Error('PersistenceHandler.lockShared: locks are taken inside a transaction');
  if (ctx.dialect === 'sqlite') return aggregateRevisions(ctx, targets);
  const current = new Map<string, number>();
  for (const target of lockOrder(targets)) {
    const key = [KIND_CODE[target.kind], target.id] as const;
    let row = await ctx.one(READ_SHARED, [...key]);
    if (row === null) {
      await ctx.write(CREATE, [...key]);
      row = await ctx.one(READ_SHARED, [...key]);
    }
    current.set(`${target.kind}:${target.id}`, row?.int(t.revision) ?? 0);
  }
  return targets.map((target) => current.get(`${target.kind}:${target.id}`) ?? 0);
}

/** The revisions of `size` aggregates (parameters: kind code and id of each). */
const READ_MANY = new StatementsBySize(
  (size) =>
    `SELECT ${t.kind}, ${t.id}, ${t.revision} FROM ${t} WHERE ` +
    Array.from({ length: size }, () => `(${t.kind} = ? AND ${t.id} = ?)`).join(' OR '),
);

/** Most aggregates one {@link READ_MANY} reads (SQLite limits the depth of an expression's OR chain to 1000). */
const READ_BATCH = 100;

/**
 * The current revision of each target (0 for one never written), in the order of `targets`: one statement per
 * batch of {@link READ_BATCH}.
 */
export async function aggregateRevisions(ctx: SqlContext, targets: readonly LockTarget[]): Promise<number[]> {
  const [single] = targets;
  if (single === undefined) return [];
  if (targets.length === 1) return [(await ctx.one(READ, [KIND_CODE[single.kind], single.id]))?.int(t.revision) ?? 0];
  const current = new Map<string, number>();
  for (let start = 0; start < targets.length; start += READ_BATCH) {
    const batch = targets.slice(start, start + READ_BATCH);
    const rows = await ctx.all(READ_MANY.of(batch.length), batch.flatMap((target) => [KIND_CODE[target.kind], target.id]));
    for (const row of rows) current.set(`${row.int(t.kind)}:${row.int(t.id)}`, row.int(t.revision));
  }
  return targets.map((target) => current.get(`${KIND_CODE[target.kind]}:${target.id}`) ?? 0);
}

/** Whether `value` names a lock kind (e.g. one read back from an announcement). */
export function isLockKind(value: string): value is LockKind {
  return Object.hasOwn(KIND_CODE, value);
}
