/**
 * The key remote ids of content items and locations are compared and kept unique by: the id with the ASCII letters
 * A–Z lower-cased, every other character as it is. Ibexa 4.6's reference install stores remote ids in MySQL with a
 * case-insensitive (`_ci`) collation, so `ABC` finds `abc` and the two cannot both exist; only ASCII is folded here
 * so that every engine computes the same key (SQLite's `lower()` folds ASCII only, PostgreSQL's under the byte
 * collation `"C"` too). Remote ids are ASCII in practice (generated ones are hexadecimal).
 */
export function remoteIdKey(remoteId: string): string {
  return remoteId.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

/** Whether two remote ids are the same remote id (equal {@link remoteIdKey}s). */
export function sameRemoteId(a: string, b: string): boolean {
  return a === b || remoteIdKey(a) === remoteIdKey(b);
}
