import { InvalidArgumentError } from '../errors/repository-error.js';
import type { BinaryStorage } from '../spi/binary-storage.js';
import type { TestRunner } from './test-runner.js';

/** A storage under test and how to dispose of it (close its database, remove its folder). */
export interface BinaryStorageUnderTest {
  readonly storage: BinaryStorage;
  close(): Promise<void>;
}

/** Bytes the port promises as `head` when the file has that many (for type sniffing). */
const HEAD_BYTES = 64 * 1024;

/** Largest piece a read may yield: streams hand files over in bounded pieces, never whole. */
const MAX_READ_PIECE = 1024 * 1024;

/**
 * The byte at `index` of test file `seed`: files are generated and checked byte by byte, never held whole. A hash
 * of the offset, so no stretch of a file repeats another (a chunk written over a previous one shows).
 */
function byteAt(seed: number, index: number): number {
  let hash = Math.imul(index + 1, 0x9e3779b1) ^ Math.imul(seed + 1, 0x85ebca6b);
  hash ^= hash >>> 15;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 13;
  return hash & 0xff;
}

/** `size` bytes of file `seed` from `start`. */
function bytesOf(seed: number, size: number, start = 0): Uint8Array {
  const bytes = new Uint8Array(size);
  for (let index = 0; index < size; index++) bytes[index] = byteAt(seed, start + index);
  return bytes;
}

/**
 * File `seed` of `size` bytes as a stream of fresh `piece`-byte arrays, generated on demand; it throws `failure`
 * instead of yielding the piece that would pass `failAt` bytes, and yields to the event loop between pieces (so
 * concurrent uploads interleave).
 */
async function* generated(seed: number, size: number, piece: number, options: { failAt?: number; failure?: Error } = {}): AsyncGenerator<Uint8Array> {
  for (let offset = 0; offset < size; offset += piece) {
    const length = Math.min(piece, size - offset);
    if (options.failAt !== undefined && offset + length > options.failAt) throw options.failure ?? new Error('upload interrupted');
    yield bytesOf(seed, length, offset);
    await new Promise<void>((resolve) => setTimeout(resolve, 0));
  }
}

/** What reading a stored file found: its size, piece count, largest piece, and the first byte differing from file `seed`. */
interface ReadCheck {
  readonly size: number;
  readonly pieces: number;
  readonly largestPiece: number;
  /** Offset of the first byte that differs from file `seed`, or null when all match. */
  readonly firstMismatch: number | null;
}

/** Reads a stream to its end, comparing it with file `seed` byte by byte (nothing is kept). */
async function check(stream: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, seed: number): Promise<ReadCheck> {
  let size = 0;
  let pieces = 0;
  let largestPiece = 0;
  let firstMismatch: number | null = null;
  for await (const piece of stream) {
    pieces++;
    largestPiece = Math.max(largestPiece, piece.length);
    for (let index = 0; index < piece.length && firstMismatch === null; index++) {
      if (piece[index] !== byteAt(seed, size + index)) firstMismatch = size + index;
    }
    size += piece.length;
  }
  return { size, pieces, largestPiece, firstMismatch };
}

/** The whole stream as one array (small files only). */
async function collect(stream: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const pieces: Uint8Array[] = [];
  for await (const piece of stream) pieces.push(piece);
  const bytes = new Uint8Array(pieces.reduce((size, piece) => size + piece.length, 0));
  let offset = 0;
  for (const piece of pieces) {
    bytes.set(piece, offset);
    offset += piece.length;
  }
  return bytes;
}

const text = (value: string): Uint8Array => new TextEncoder().encode(value);
const asText = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

/**
 * The BinaryStorage contract: every adapter (local folder, database on SQLite and PostgreSQL) runs it and must
 * pass. `create` returns an empty storage; the suite creates one for all its tests and closes it after. Keys are
 * unique per test, so tests do not depend on each other. Declared with `runner` (Jest's or Vitest's globals, or
 * `nodeTestRunner`). What it holds an adapter to:
 * - `put` stores a file from bytes or a stream of pieces of any size and answers its size and first 64 KiB;
 *   `get` answers the size and the bytes as a stream of bounded pieces (a few MiB file arrives in several);
 *   `get` of an absent key is null, `delete` of an absent key does nothing;
 * - a second `put` replaces the file; a `put` whose source fails rejects with the source's error and leaves the
 *   key as it was (absent, or the previous file, whole); concurrent `put`s of different keys all land, and of one
 *   key leave exactly one of them, whole;
 * - keys are relative paths of plain segments (InvalidArgumentError otherwise, on every operation); `uri` is a
 *   server-relative path (no scheme or host) that `keyOf` maps back, and `keyOf` answers null for other URIs.
 */
export function describeBinaryStorageContract(runner: TestRunner, name: string, create: () => Promise<BinaryStorageUnderTest>): void {
  const { afterAll, beforeAll, describe, expect, it } = runner;
  describe(`binary storage contract: ${name}`, () => {
    let underTest: BinaryStorageUnderTest | undefined;
    let counter = 0;
    const storage = (): BinaryStorage => {
      if (!underTest) throw new Error('storage not created yet');
      return underTest.storage;
    };
    const key = (fileName: string): string => `files/contract/${++counter}/${fileName}`;
    beforeAll(async () => {
      underTest = await create();
    });
    afterAll(async () => {
      await underTest?.close();
    });

    it('stores bytes and reads them back with their size', async () => {
      const target = key('hello.txt');
      expect(await storage().put(target, text('hello'))).toEqual({ size: 5, head: text('hello') });
      const file = await storage().get(target);
      expect(file?.size).toBe(5);
      expect(file && asText(await collect(file.stream))).toBe('hello');
    });

    it('stores a stream of uneven pieces, answering its size and first 64 KiB', async () => {
      const target = key('photo.bin');
      const size = 300_001;
      const result = await storage().put(target, generated(1, size, 7_001));
      expect(result.size).toBe(size);
      expect(result.head.length).toBeGreaterThanOrEqual(HEAD_BYTES);
      expect((await check([result.head], 1)).firstMismatch).toBeNull();
      const file = await storage().get(target);
      expect(file?.size).toBe(size);
      expect(file && (await check(file.stream, 1))).toMatchObject({ size, firstMismatch: null });
    });

    it('stores an empty file', async () => {
      const target = key('empty.txt');
      expect(await storage().put(target, generated(2, 0, 10))).toEqual({ size: 0, head: new Uint8Array(0) });
      const file = await storage().get(target);
      expect(file?.size).toBe(0);
      expect(file && (await collect(file.stream)).length).toBe(0);
    });

    it('streams a large file in and out in bounded pieces', async () => {
      const target = key('large.bin');
      const size = 5 * 1024 * 1024 + 123;
      expect((await storage().put(target, generated(3, size, 64 * 1024))).size).toBe(size);
      const file = await storage().get(target);
      expect(file?.size).toBe(size);
      const read = file && (await check(file.stream, 3));
      expect(read).toMatchObject({ size, firstMismatch: null });
      expect(read?.pieces).toBeGreaterThan(1);
      expect(read?.largestPiece).toBeLessThanOrEqual(MAX_READ_PIECE);
    }, 60_000);

    it('answers null for an absent file and ignores deleting one', async () => {
      const target = key('never-stored.txt');
      expect(await storage().get(target)).toBeNull();
      await storage().delete(target);
      expect(await storage().get(target)).toBeNull();
    });

    it('deletes a stored file', async () => {
      const target = key('gone.txt');
      await storage().put(target, bytesOf(4, 1000));
      await storage().delete(target);
      expect(await storage().get(target)).toBeNull();
      await storage().delete(target);
    });

    it('replaces a file stored again under its key', async () => {
      const target = key('report.txt');
      await storage().put(target, generated(5, 400_000, 50_000));
      expect((await storage().put(target, text('version 2'))).size).toBe(9);
      const file = await storage().get(target);
      expect(file?.size).toBe(9);
      expect(file && asText(await collect(file.stream))).toBe('version 2');
    });

    it('stores nothing when the upload fails part-way', async () => {
      const target = key('aborted.bin');
      const failure = new Error('client went away');
      await expect(storage().put(target, generated(6, 1_000_000, 100_000, { failAt: 600_000, failure }))).rejects.toBe(failure);
      expect(await storage().get(target)).toBeNull();
    });

    it('keeps the previous file whole when replacing it fails part-way', async () => {
      const target = key('kept.bin');
      await storage().put(target, generated(7, 700_000, 70_000));
      await expect(storage().put(target, generated(8, 900_000, 100_000, { failAt: 500_000 }))).rejects.toThrow('upload interrupted');
      const file = await storage().get(target);
      expect(file?.size).toBe(700_000);
      expect(file && (await check(file.stream, 7))).toMatchObject({ size: 700_000, firstMismatch: null });
    });

    it('stores concurrent uploads of different keys', async () => {
      const targets = Array.from({ length: 6 }, (_, index) => ({ target: key(`parallel-${index}.bin`), seed: 20 + index, size: 100_000 + index * 90_000 }));
      await Promise.all(targets.map(({ target, seed, size }) => storage().put(target, generated(seed, size, 30_000))));
      for (const { target, seed, size } of targets) {
        const file = await storage().get(target);
        expect(file?.size).toBe(size);
        expect(file && (await check(file.stream, seed))).toMatchObject({ size, firstMismatch: null });
      }
    });

    it('keeps exactly one whole file of concurrent uploads to one key', async () => {
      const target = key('contended.bin');
      const uploads = [30, 31, 32, 33].map((seed, index) => ({ seed, size: 200_000 + index * 100_000 }));
      await Promise.all(uploads.map(({ seed, size }) => storage().put(target, generated(seed, size, 40_000))));
      const file = await storage().get(target);
      expect(uploads.map((upload) => upload.size)).toContain(file?.size);
      const winner = uploads.find((upload) => upload.size === file?.size);
      expect(file && winner && (await check(file.stream, winner.seed))).toMatchObject({ size: winner?.size, firstMismatch: null });
    });

    it('refuses keys that are not relative paths of plain segments', async () => {
      for (const invalid of ['', '/etc/passwd', '../outside', 'a/../b', 'a//b', 'a\\b']) {
        await expect(storage().put(invalid, text('x'))).rejects.toBeInstanceOf(InvalidArgumentError);
        await expect(storage().get(invalid)).rejects.toBeInstanceOf(InvalidArgumentError);
        await expect(storage().delete(invalid)).rejects.toBeInstanceOf(InvalidArgumentError);
        expect(() => storage().uri(invalid)).toThrow(InvalidArgumentError);
      }
    });

    it('serves files at server-relative URIs that map back to their keys', () => {
      const target = 'images/ab/cd/abcd/photo.png';
      const uri = storage().uri(target);
      expect(uri).toMatch(/^\/[^/]/);
      expect(uri.endsWith(`/${target}`)).toBe(true);
      expect(storage().keyOf(uri)).toBe(target);
      expect(storage().keyOf('/elsewhere/images/photo.png')).toBeNull();
      expect(storage().keyOf(`${uri.slice(0, -target.length)}../secret`)).toBeNull();
    });
  });
}
