import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InvalidArgumentError } from '@contentrepo/core';
import { HEAD_BYTES, LocalBinaryStorage } from './local-binary-storage.js';
import { isValidKey } from './storage-key.js';

async function collect(stream: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const part of stream) parts.push(part);
  return Buffer.concat(parts);
}

async function* chunked(bytes: Uint8Array, size: number, failAfter?: number): AsyncIterable<Uint8Array> {
  for (let offset = 0; offset < bytes.length; offset += size) {
    if (failAfter !== undefined && offset >= failAfter) throw new Error('upload interrupted');
    yield bytes.subarray(offset, offset + size);
  }
}

describe('LocalBinaryStorage', () => {
  let root: string;
  let storage: LocalBinaryStorage;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'contentrepo-storage-'));
    storage = new LocalBinaryStorage({ root: join(root, 'storage') });
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('validates keys: relative paths of plain segments only', () => {
    for (const key of ['images/3f/a1/photo.png', 'a', 'original/x.y.z']) expect(isValidKey(key)).toBe(true);
    for (const key of ['', '/etc/passwd', '../x', 'a/../b', 'a/./b', 'a//b', 'a\\b', 'C:/x', 'a/', 'nul\0']) {
      expect(isValidKey(key)).toBe(false);
    }
    expect(() => storage.uri('../escape')).toThrow(InvalidArgumentError);
  });

  it('rejects invalid keys on every operation', async () => {
    await expect(storage.put('../outside', new Uint8Array([1]))).rejects.toBeInstanceOf(InvalidArgumentError);
    await expect(storage.get('/absolute')).rejects.toBeInstanceOf(InvalidArgumentError);
    await expect(storage.delete('a\\b')).rejects.toBeInstanceOf(InvalidArgumentError);
  });

  it('streams a file in, returns its size and first 64 KiB, and reads it back', async () => {
    const bytes = new Uint8Array(200_000).map((_, index) => index % 251);
    const result = await storage.put('images/ab/photo.bin', chunked(bytes, 7_000));
    expect(result.size).toBe(bytes.length);
    expect(Buffer.from(result.head)).toEqual(Buffer.from(bytes.subarray(0, HEAD_BYTES)));
    const file = await storage.get('images/ab/photo.bin');
    expect(file?.size).toBe(bytes.length);
    expect(file && (await collect(file.stream))).toEqual(Buffer.from(bytes));
    const small = await storage.put('small.txt', new TextEncoder().encode('hello'));
    expect(small).toEqual({ size: 5, head: new TextEncoder().encode('hello') });
  });

  it('replaces a file atomically: a failed upload leaves the old content and no temporary file', async () => {
    await storage.put('docs/report.txt', new TextEncoder().encode('version 1'));
    await expect(storage.put('docs/report.txt', chunked(new Uint8Array(100_000), 10_000, 50_000))).rejects.toThrow('upload interrupted');
    expect((await readFile(join(root, 'storage', 'docs', 'report.txt'))).toString()).toBe('version 1');
    expect(await readdir(join(root, 'storage', 'docs'))).toEqual(['report.txt']);
    await storage.put('docs/report.txt', new TextEncoder().encode('version 2'));
    expect((await readFile(join(root, 'storage', 'docs', 'report.txt'))).toString()).toBe('version 2');
  });

  it('deletes files, ignoring absent ones, and reports absent files as null', async () => {
    await storage.put('gone.txt', new Uint8Array([1, 2, 3]));
    await storage.delete('gone.txt');
    await storage.delete('gone.txt');
    expect(await storage.get('gone.txt')).toBeNull();
    expect(await storage.get('never/there.txt')).toBeNull();
  });

  it('maps keys to URIs under the prefix and back', () => {
    expect(storage.uri('images/ab/photo.png')).toBe('/var/site/storage/images/ab/photo.png');
    expect(storage.keyOf('/var/site/storage/images/ab/photo.png')).toBe('images/ab/photo.png');
    expect(storage.keyOf('/elsewhere/images/x.png')).toBeNull();
    expect(storage.keyOf('/var/site/storage/../secret')).toBeNull();
    const custom = new LocalBinaryStorage({ root, uriPrefix: '/media/' });
    expect(custom.uri('a/b.png')).toBe('/media/a/b.png');
    expect(custom.keyOf('/media/a/b.png')).toBe('a/b.png');
  });
});
