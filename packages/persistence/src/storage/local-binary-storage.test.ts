import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InvalidArgumentError } from '@contentrepo/core';
import { LocalBinaryStorage } from './local-binary-storage.js';
import { isValidKey } from './storage-key.js';

async function* chunked(bytes: Uint8Array, size: number, failAfter?: number): AsyncIterable<Uint8Array> {
  for (let offset = 0; offset < bytes.length; offset += size) {
    if (failAfter !== undefined && offset >= failAfter) throw new Error('upload interrupted');
    yield bytes.subarray(offset, offset + size);
  }
}

/** What only the local folder adapter does; the behaviour every adapter shares is in binary-storage.contract.test.ts. */
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

  it('replaces a file atomically: a failed upload leaves the old content and no temporary file', async () => {
    await storage.put('docs/report.txt', new TextEncoder().encode('version 1'));
    await expect(storage.put('docs/report.txt', chunked(new Uint8Array(100_000), 10_000, 50_000))).rejects.toThrow('upload interrupted');
    expect((await readFile(join(root, 'storage', 'docs', 'report.txt'))).toString()).toBe('version 1');
    expect(await readdir(join(root, 'storage', 'docs'))).toEqual(['report.txt']);
    await storage.put('docs/report.txt', new TextEncoder().encode('version 2'));
    expect((await readFile(join(root, 'storage', 'docs', 'report.txt'))).toString()).toBe('version 2');
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
