/**
 * Code-point order of strings (what SQLite's BINARY and PostgreSQL's `COLLATE "C"` give), so that every engine
 * orders and compares strings identically (docs/adr/0004-search-semantics.md). JavaScript's `<` compares UTF-16
 * code units instead, which differs for characters outside the Basic Multilingual Plane.
 */
export function compareStrings(left: string, right: string): number {
  const a = [...left];
  const b = [...right];
  for (let index = 0; index < Math.min(a.length, b.length); index += 1) {
    const difference = (a[index]?.codePointAt(0) ?? 0) - (b[index]?.codePointAt(0) ?? 0);
    if (difference !== 0) return difference;
  }
  return a.length - b.length;
}
