import { InvalidArgumentError } from '@contentrepo/core';

/**
 * Checks a binary storage key: a relative path of non-empty segments separated by `/` (e.g.
 * `images/3f/a1/photo.png`), without `.` or `..` segments, backslashes, NUL bytes, a leading `/` or a drive
 * prefix, so that `<root>/<key>` can never leave the storage root.
 * @throws InvalidArgumentError on any other key.
 */
export function assertValidKey(key: string): void {
  const problem = keyProblem(key);
  if (problem !== null) throw new InvalidArgumentError('key', `Invalid storage key '${key}': ${problem}`);
}

/** Whether `key` is a valid storage key (see {@link assertValidKey}). */
export function isValidKey(key: string): boolean {
  return keyProblem(key) === null;
}

function keyProblem(key: string): string | null {
  if (key.length === 0) return 'empty';
  if (key.length > 1024) return 'longer than 1024 characters';
  if (key.includes('\\')) return 'backslashes are not allowed';
  if (key.includes('\0')) return 'NUL bytes are not allowed';
  if (key.startsWith('/')) return 'absolute paths are not allowed';
  if (/^[A-Za-z]:/.test(key)) return 'drive prefixes are not allowed';
  for (const segment of key.split('/')) {
    if (segment === '') return 'empty path segments are not allowed';
    if (segment === '.' || segment === '..') return `'${segment}' segments are not allowed`;
  }
  return null;
}

/** Bytes of a file returned as `head` by `BinaryStorage.put` (for type sniffing). */
export const HEAD_BYTES = 64 * 1024;

/** The default URI prefix of stored files (Ibexa's `/var/site/storage`). */
export const DEFAULT_STORAGE_URI_PREFIX = '/var/site/storage';

/**
 * The URIs of a storage's files: key `k` is served at `<prefix>/<k>`, a server-relative path (the prefix carries
 * the server's base path, never a scheme or host, so every node of a deployment answers the same URI).
 */
export class StorageUris {
  private readonly prefix: string;

  /** @param prefix server-relative prefix (default {@link DEFAULT_STORAGE_URI_PREFIX}); trailing slashes are dropped. */
  constructor(prefix: string = DEFAULT_STORAGE_URI_PREFIX) {
    this.prefix = prefix.replace(/\/+$/, '');
  }

  /** `<prefix>/<key>`. @throws InvalidArgumentError invalid key. */
  uri(key: string): string {
    assertValidKey(key);
    return `${this.prefix}/${key}`;
  }

  /** The key of a URI made by {@link StorageUris.uri}, or null for any other URI (including invalid keys). */
  keyOf(uri: string): string | null {
    const start = `${this.prefix}/`;
    if (!uri.startsWith(start)) return null;
    const key = uri.slice(start.length);
    return isValidKey(key) ? key : null;
  }
}
