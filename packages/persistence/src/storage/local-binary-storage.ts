import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, opendir, rename, stat, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { BinaryStorage } from '@contentrepo/core';
import { assertValidKey, HEAD_BYTES, isValidKey, StorageUris } from './storage-key.js';

/** Options of {@link LocalBinaryStorage}. */
export interface LocalBinaryStorageOptions {
  /** Directory holding the files (`<dataDir>/storage`); created on first write. */
  readonly root: string;
  /** Host-relative URI prefix the server serves the files under (default `/var/site/storage`, as Ibexa). */
  readonly uriPrefix?: string | undefined;
}

/**
 * BinaryStorage on the local disk: the file of key `k` is `<root>/<k>` and is served at `<uriPrefix>/<k>`.
 * Writes stream into a temporary file next to the target and rename it over the target (atomic on one file
 * system: readers see the old file or the new one, never a partial one). Keys are validated by
 * `assertValidKey` (InvalidArgumentError otherwise).
 */
export class LocalBinaryStorage implements BinaryStorage {
  private readonly root: string;
  private readonly uris: StorageUris;

  constructor(options: LocalBinaryStorageOptions) {
    this.root = options.root;
    this.uris = new StorageUris(options.uriPrefix);
  }

  /** @returns bytes written and the first {@link HEAD_BYTES} bytes. @throws InvalidArgumentError invalid key. */
  async put(key: string, source: Uint8Array | AsyncIterable<Uint8Array>): Promise<{ size: number; head: Uint8Array }> {
    const target = this.pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    const temporary = `${target}.${randomUUID()}.tmp`;
    const head = new Uint8Array(HEAD_BYTES);
    let headLength = 0;
    let size = 0;
    const handle = await open(temporary, 'wx');
    try {
      for await (const chunk of source instanceof Uint8Array ? [source] : source) {
        if (headLength < HEAD_BYTES) {
          const part = chunk.subarray(0, HEAD_BYTES - headLength);
          head.set(part, headLength);
          headLength += part.length;
        }
        let written = 0;
        while (written < chunk.length) {
          const { bytesWritten } = await handle.write(chunk, written, chunk.length - written);
          written += bytesWritten;
        }
        size += chunk.length;
      }
      await handle.datasync();
      await handle.close();
      await rename(temporary, target);
    } catch (error) {
      await handle.close().catch(() => undefined);
      await unlink(temporary).catch(() => undefined);
      throw error;
    }
    return { size, head: head.slice(0, headLength) };
  }

  /** The file as a stream with its size, or null when absent. @throws InvalidArgumentError invalid key. */
  async get(key: string): Promise<{ size: number; stream: AsyncIterable<Uint8Array> } | null> {
    const path = this.pathOf(key);
    try {
      const info = await stat(path);
      if (!info.isFile()) return null;
      return { size: info.size, stream: createReadStream(path) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /** Removes the file; absent files are ignored. @throws InvalidArgumentError invalid key. */
  async delete(key: string): Promise<void> {
    try {
      await unlink(this.pathOf(key));
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }

  /** `<uriPrefix>/<key>`. @throws InvalidArgumentError invalid key. */
  uri(key: string): string {
    return this.uris.uri(key);
  }

  /**
   * The key of every stored file, walking the folder one directory at a time (temporary files of writes in
   * progress and names that are no valid key are skipped); nothing when the folder does not exist yet.
   */
  async *keys(): AsyncGenerator<string> {
    yield* walkKeys(this.root, '');
  }

  /** The key of a URI made by {@link LocalBinaryStorage.uri}, or null for any other URI. */
  keyOf(uri: string): string | null {
    return this.uris.keyOf(uri);
  }

  private pathOf(key: string): string {
    assertValidKey(key);
    return join(this.root, ...key.split('/'));
  }
}

/** The keys of the files under `directory` (whose key prefix is `prefix`), depth first. */
async function* walkKeys(directory: string, prefix: string): AsyncGenerator<string> {
  let entries;
  try {
    entries = await opendir(directory);
  } catch (error) {
    if (isMissing(error)) return;
    throw error;
  }
  for await (const entry of entries) {
    const key = `${prefix}${entry.name}`;
    if (entry.isDirectory()) yield* walkKeys(join(directory, entry.name), `${key}/`);
    else if (entry.isFile() && !TEMPORARY_FILE.test(entry.name) && isValidKey(key)) yield key;
  }
}

/** The temporary file of a write in progress: `<name>.<uuid>.tmp`. */
const TEMPORARY_FILE = /\.[0-9a-f-]{36}\.tmp$/;

/** Whether a file system error means "no such file" (checked by code: errors may come from another realm). */
function isMissing(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && (error.code === 'ENOENT' || error.code === 'ENOTDIR');
}
