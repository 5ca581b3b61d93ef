/**
 * Rows per multi-row INSERT and ids per `IN (...)` list. SQLite allows 32,766 bound parameters per statement;
 * 500 rows of up to ~20 columns stay well below it.
 */
export const BATCH_SIZE = 500;

/** Splits `items` into consecutive chunks of at most `size` items. */
export function chunks<T>(items: readonly T[], size = BATCH_SIZE): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}
