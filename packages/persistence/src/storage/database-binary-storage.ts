import { randomBytes } from 'node:crypto';
import { systemClock, type BinaryStorage, type Clock } from '@contentrepo/core';
import { toSeconds } from '../db/dates.js';
import type { SqlContext } from '../db/sql-context.js';
import { sql } from '../db/statement.js';
import { TABLES } from '../schema/index.js';
import { assertValidKey, HEAD_BYTES, StorageUris } from './storage-key.js';

/** Bytes per `binary_chunk` row: what an upload buffers before writing, and what a read holds at a time. */
export const CHUNK_BYTES = 256 * 1024;

/** Age in seconds after which the chunks of an upload that never completed are removed (one day). */
export const ABANDONED_UPLOAD_SECONDS = 24 * 60 * 60;

/** How often (per process) a `put` first removes abandoned chunks, in milliseconds (one hour). */
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** How often completing an upload retries after a concurrent upload created the same key first. */
const REPLACE_ATTEMPTS = 3;

const f = TABLES.binaryFile;
const c = TABLES.binaryChunk;

const INSERT_CHUNK = sql<[blob: string, seq: number, created: number, data: Buffer]>(
  `INSERT INTO ${c} (${c.$list(['blob', 'seq', 'created', 'data'])}) VALUES (?, ?, ?, ?)`,
);
const COUNT_CHUNKS = sql<[blob: string]>(`SELECT count(*) AS chunks FROM ${c} WHERE ${c.blob} = ?`);
const READ_CHUNK = sql<[blob: string, seq: number]>(`SELECT ${c.data} FROM ${c} WHERE ${c.blob} = ? AND ${c.seq} = ?`);
const DELETE_CHUNKS = sql<[blob: string]>(`DELETE FROM ${c} WHERE ${c.blob} = ?`);
const DELETE_ABANDONED = sql<[before: number]>(
  `DELETE FROM ${c} WHERE ${c.created} < ? AND NOT EXISTS (SELECT 1 FROM ${f} WHERE ${f.$qualified().blob} = ${c.$qualified().blob})`,
);
const READ_FILE = sql<[key: string]>(`SELECT ${f.$list(['blob', 'size'])} FROM ${f} WHERE ${f.key} = ?`);
/** The file row, locked to the end of the transaction on PostgreSQL (SQLite's write transaction excludes all others). */
const LOCK_FILE = sql<[key: string]>({
  sqlite: `SELECT ${f.blob} FROM ${f} WHERE ${f.key} = ?`,
  postgresql: `SELECT ${f.blob} FROM ${f} WHERE ${f.key} = ? FOR UPDATE`,
});
const INSERT_FILE = sql<[key: string, blob: string, size: number, created: number]>(
  `INSERT INTO ${f} (${f.$list(['key', 'blob', 'size', 'created'])}) VALUES (?, ?, ?, ?) ON CONFLICT (${f.key}) DO NOTHING`,
);
const UPDATE_FILE = sql<[blob: string, size: number, created: number, key: string]>(
  `UPDATE ${f} SET ${f.$set(['blob', 'size', 'created'])} WHERE ${f.key} = ?`,
);
const DELETE_FILE = sql<[key: string]>(`DELETE FROM ${f} WHERE ${f.key} = ?`);
/** Keys after `after`, in key order (keyset pagination over the primary key). */
const KEYS_AFTER = sql<[after: string, limit: number]>(`SELECT ${f.key} FROM ${f} WHERE ${f.key} > ? ORDER BY ${f.key} LIMIT ?`);

/** Keys read per query by {@link DatabaseBinaryStorage.keys}. */
const KEYS_PER_QUERY = 500;

/** Options of {@link DatabaseBinaryStorage}. */
export interface DatabaseBinaryStorageOptions {
  /** Server-relative URI prefix the server serves the files under (default `/var/site/storage`, as Ibexa). */
  readonly uriPrefix?: string | undefined;
  /** Time source of the `created` columns and of the age of abandoned uploads (default: core's `systemClock`). */
  readonly clock?: Clock | undefined;
}

/**
 * BinaryStorage in the database (`binary_file` + `binary_chunk`), so that every node of a deployment sharing the
 * database serves every file without a shared folder. Works alike on SQLite and PostgreSQL.
 *
 * Memory stays bounded by one chunk ({@link CHUNK_BYTES}) per upload or read, whatever the file size:
 * - `put` copies the incoming stream into a chunk buffer and writes each full chunk as its own short statement,
 *   under a new upload id (`blob`) that no file row points to yet, so a slow upload never holds a transaction
 *   (on SQLite the one connection stays free for other requests between chunks). A final short transaction
 *   checks that every chunk is there, points the key's row at the new upload (creating it, or replacing the
 *   previous upload, whose chunks it deletes) and commits: readers see the old file or the new one, never a
 *   partial one. A failed source (an aborted request) or write deletes the upload's chunks and rethrows; chunks
 *   left by a process stopped mid-upload are removed by {@link DatabaseBinaryStorage.removeAbandonedUploads},
 *   which `put` runs at most once an hour.
 * - `get` reads the file row and streams the chunks one query each, lazily (a HEAD request reads none). A file
 *   replaced or deleted during a read makes the stream fail rather than end early.
 *
 * Keys are validated by `assertValidKey` (InvalidArgumentError otherwise); database errors are rethrown as the
 * driver raised them.
 */
export class DatabaseBinaryStorage implements BinaryStorage {
  private readonly uris: StorageUris;
  private readonly clock: Clock;
  private lastSweep = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly ctx: SqlContext,
    options: DatabaseBinaryStorageOptions = {},
  ) {
    this.uris = new StorageUris(options.uriPrefix);
    this.clock = options.clock ?? systemClock;
  }

  /**
   * Streams `source` into chunks and then makes it the file of `key` in one transaction (see the class comment).
   * @returns bytes written and the first {@link HEAD_BYTES} bytes.
   * @throws InvalidArgumentError invalid key; the source's own error when it fails (nothing is stored then).
   */
  async put(key: string, source: Uint8Array | AsyncIterable<Uint8Array>): Promise<{ size: number; head: Uint8Array }> {
    assertValidKey(key);
    if (this.clock.now().getTime() - this.lastSweep >= SWEEP_INTERVAL_MS) await this.removeAbandonedUploads();
    const blob = randomBytes(16).toString('hex');
    const created = toSeconds(this.clock.now());
    const chunk = Buffer.alloc(CHUNK_BYTES);
    let filled = 0;
    let chunks = 0;
    let size = 0;
    let head = new Uint8Array(0);
    const flush = async (): Promise<void> => {
      if (filled === 0) return;
      // A copy: the chunk buffer is refilled with the next chunk (Buffer's slice would be a view of it).
      if (chunks === 0) head = new Uint8Array(chunk.subarray(0, Math.min(filled, HEAD_BYTES)));
      await this.ctx.write(INSERT_CHUNK, [blob, chunks, created, chunk.subarray(0, filled)]);
      chunks++;
      filled = 0;
    };
    try {
      for await (const piece of source instanceof Uint8Array ? [source] : source) {
        for (let offset = 0; offset < piece.length; ) {
          const length = Math.min(piece.length - offset, CHUNK_BYTES - filled);
          chunk.set(piece.subarray(offset, offset + length), filled);
          filled += length;
          offset += length;
          size += length;
          if (filled === CHUNK_BYTES) await flush();
        }
      }
      await flush();
      await this.ctx.transaction(async (tx) => {
        const written = (await tx.one(COUNT_CHUNKS, [blob]))?.int('chunks') ?? 0;
        if (written !== chunks) throw new Error(`Storing '${key}': ${chunks - written} of its ${chunks} chunks were removed as abandoned`);
        const previous = await this.pointKeyAt(tx, key, blob, size, created);
        if (previous !== null) await tx.write(DELETE_CHUNKS, [previous]);
      });
    } catch (error) {
      await this.ctx.write(DELETE_CHUNKS, [blob]).catch(() => undefined);
      throw error;
    }
    return { size, head };
  }

  /** The file as a lazy stream of its chunks with its size, or null when absent. @throws InvalidArgumentError invalid key. */
  async get(key: string): Promise<{ size: number; stream: AsyncIterable<Uint8Array> } | null> {
    assertValidKey(key);
    const row = await this.ctx.one(READ_FILE, [key]);
    if (row === null) return null;
    const size = row.int(f.size);
    return { size, stream: this.chunksOf(key, row.str(f.blob), size) };
  }

  /** Removes the file and its chunks in one transaction; absent files are ignored. @throws InvalidArgumentError invalid key. */
  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await this.ctx.transaction(async (tx) => {
      const row = await tx.one(LOCK_FILE, [key]);
      if (row === null) return;
      await tx.write(DELETE_FILE, [key]);
      await tx.write(DELETE_CHUNKS, [row.str(f.blob)]);
    });
  }

  /** `<uriPrefix>/<key>`. @throws InvalidArgumentError invalid key. */
  uri(key: string): string {
    return this.uris.uri(key);
  }

  /** The key of every stored file, in key order, read {@link KEYS_PER_QUERY} at a time. */
  async *keys(): AsyncGenerator<string> {
    let after = '';
    for (;;) {
      const rows = await this.ctx.all(KEYS_AFTER, [after, KEYS_PER_QUERY]);
      for (const row of rows) {
        after = row.str(f.key);
        yield after;
      }
      if (rows.length < KEYS_PER_QUERY) return;
    }
  }

  /** The key of a URI made by {@link DatabaseBinaryStorage.uri}, or null for any other URI. */
  keyOf(uri: string): string | null {
    return this.uris.keyOf(uri);
  }

  /**
   * Deletes the chunks of uploads that never completed (no file row) and started more than
   * {@link ABANDONED_UPLOAD_SECONDS} ago: what a process stopped mid-upload leaves. An upload still running after
   * that long then fails when it completes.
   * @returns the number of chunk rows deleted.
   */
  async removeAbandonedUploads(): Promise<number> {
    this.lastSweep = this.clock.now().getTime();
    return this.ctx.write(DELETE_ABANDONED, [toSeconds(this.clock.now()) - ABANDONED_UPLOAD_SECONDS]);
  }

  /**
   * Points `key` at the upload `blob` inside `tx`: updates the locked row of a stored file, or inserts one. When a
   * concurrent upload inserts the key first (PostgreSQL: the insert waits for its commit, then does nothing),
   * the next attempt finds and locks its row.
   * @returns the upload the key pointed at before, or null for a new key.
   */
  private async pointKeyAt(tx: SqlContext, key: string, blob: string, size: number, created: number): Promise<string | null> {
    for (let attempt = 0; attempt < REPLACE_ATTEMPTS; attempt++) {
      const row = await tx.one(LOCK_FILE, [key]);
      if (row !== null) {
        await tx.write(UPDATE_FILE, [blob, size, created, key]);
        return row.str(f.blob);
      }
      if ((await tx.write(INSERT_FILE, [key, blob, size, created])) === 1) return null;
    }
    throw new Error(`Storing '${key}': the file row kept changing under ${REPLACE_ATTEMPTS} concurrent uploads`);
  }

  /** The chunks of upload `blob`, one query each. @throws Error when a chunk is missing (file replaced or deleted meanwhile). */
  private async *chunksOf(key: string, blob: string, size: number): AsyncGenerator<Uint8Array> {
    let read = 0;
    for (let seq = 0; read < size; seq++) {
      const row = await this.ctx.one(READ_CHUNK, [blob, seq]);
      const data = row?.bytes(c.data);
      if (data === undefined || data.length === 0 || read + data.length > size) {
        throw new Error(`The stored file '${key}' was replaced or deleted while it was being read`);
      }
      read += data.length;
      yield data;
    }
  }
}
