import { expect, it } from '@jest/globals';
import type { BinaryStorage } from '@contentrepo/core';
import { describeOnEachDialect } from '../test-support/dialect-suite.js';
import type { TestStore } from '../test-support/test-stores.js';
import { ABANDONED_UPLOAD_SECONDS, CHUNK_BYTES, DatabaseBinaryStorage } from './database-binary-storage.js';

/** A clock the tests move forward. */
const clock = { time: new Date('2030-01-01T00:00:00Z').getTime(), now: () => new Date(clock.time) };

/** `size` bytes in `piece`-byte arrays; `during(offset)` runs before the piece at `offset` is produced. */
async function* pieces(size: number, piece: number, during?: (offset: number) => Promise<void>): AsyncGenerator<Uint8Array> {
  for (let offset = 0; offset < size; offset += piece) {
    await during?.(offset);
    yield new Uint8Array(Math.min(piece, size - offset)).fill(offset % 251);
  }
}

function databaseStorage(storage: BinaryStorage): DatabaseBinaryStorage {
  if (!(storage instanceof DatabaseBinaryStorage)) throw new Error('expected the database storage');
  return storage;
}

/** Chunk rows of the file stored under `key` (seq and length), or of every upload that has no file (`null`). */
async function chunksOf(store: TestStore, key: string | null): Promise<{ seq: number; length: number }[]> {
  const rows =
    key === null
      ? await store.query('SELECT seq, length(data) AS length FROM binary_chunk WHERE blob NOT IN (SELECT blob FROM binary_file) ORDER BY seq')
      : await store.query('SELECT c.seq, length(c.data) AS length FROM binary_chunk AS c JOIN binary_file AS f ON f.blob = c.blob WHERE f.key = ? ORDER BY c.seq', [key]);
  return rows.map((row) => ({ seq: row.int('seq'), length: row.int('length') }));
}

async function fileRows(store: TestStore, key: string): Promise<number> {
  return (await store.query('SELECT count(*) AS n FROM binary_file WHERE key = ?', [key]))[0]?.int('n') ?? 0;
}

describeOnEachDialect(
  'DatabaseBinaryStorage',
  (store) => {
    it('writes 256 KiB chunks while the upload streams in, and the file row only at the end', async () => {
      const key = 'files/aa/bb/streamed/big.bin';
      const seen: { chunks: number; files: number }[] = [];
      const size = 4 * CHUNK_BYTES + 5;
      const result = await store().storage.put(
        key,
        pieces(size, 64 * 1024, async (offset) => {
          if (offset === 3 * CHUNK_BYTES) seen.push({ chunks: (await chunksOf(store(), null)).length, files: await fileRows(store(), key) });
        }),
      );
      expect(result.size).toBe(size);
      // Mid-upload: the first three chunks are in the database, unreachable (no file row yet).
      expect(seen).toEqual([{ chunks: 3, files: 0 }]);
      expect(await chunksOf(store(), key)).toEqual([
        { seq: 0, length: CHUNK_BYTES },
        { seq: 1, length: CHUNK_BYTES },
        { seq: 2, length: CHUNK_BYTES },
        { seq: 3, length: CHUNK_BYTES },
        { seq: 4, length: 5 },
      ]);
      expect(await chunksOf(store(), null)).toEqual([]);
    });

    it('leaves no row of a failed upload, and none of a replaced or deleted file', async () => {
      const key = 'files/aa/bb/replaced/doc.bin';
      await expect(store().storage.put(key, pieces(3 * CHUNK_BYTES, CHUNK_BYTES / 2, async (offset) => {
        if (offset === 2 * CHUNK_BYTES) throw new Error('aborted');
      }))).rejects.toThrow('aborted');
      expect(await fileRows(store(), key)).toBe(0);
      expect(await chunksOf(store(), null)).toEqual([]);

      await store().storage.put(key, pieces(2 * CHUNK_BYTES, CHUNK_BYTES));
      await store().storage.put(key, new Uint8Array(10));
      expect(await chunksOf(store(), key)).toEqual([{ seq: 0, length: 10 }]);
      expect(await chunksOf(store(), null)).toEqual([]);
      await store().storage.delete(key);
      expect(await fileRows(store(), key)).toBe(0);
      expect(await chunksOf(store(), null)).toEqual([]);
    });

    it('fails a read whose file is deleted meanwhile instead of ending it early', async () => {
      const key = 'files/aa/bb/deleted/while-read.bin';
      await store().storage.put(key, pieces(3 * CHUNK_BYTES, CHUNK_BYTES));
      const file = await store().storage.get(key);
      const iterator = file?.stream[Symbol.asyncIterator]();
      expect((await iterator?.next())?.value?.length).toBe(CHUNK_BYTES);
      await store().storage.delete(key);
      await expect(iterator?.next() ?? Promise.resolve()).rejects.toThrow('was replaced or deleted while it was being read');
    });

    it('removes the chunks of uploads abandoned for a day, and fails an upload whose chunks were removed', async () => {
      const storage = databaseStorage(store().storage);
      const kept = 'files/aa/bb/kept/old.bin';
      await storage.put(kept, pieces(CHUNK_BYTES + 1, CHUNK_BYTES));
      // An upload that stalls for longer than a day: its chunks are removed while it waits.
      const stalled = storage.put(
        'files/aa/bb/stalled/slow.bin',
        pieces(2 * CHUNK_BYTES, CHUNK_BYTES, async (offset) => {
          if (offset !== CHUNK_BYTES) return;
          clock.time += (ABANDONED_UPLOAD_SECONDS + 1) * 1000;
          expect(await storage.removeAbandonedUploads()).toBe(1);
        }),
      );
      await expect(stalled).rejects.toThrow('1 of its 2 chunks were removed as abandoned');
      expect(await chunksOf(store(), null)).toEqual([]);
      // Stored files are never abandoned, however old.
      expect(await chunksOf(store(), kept)).toHaveLength(2);
      expect(await storage.removeAbandonedUploads()).toBe(0);
    });
  },
  { seed: false, storage: 'database', clock },
);
