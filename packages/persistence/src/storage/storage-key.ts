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
