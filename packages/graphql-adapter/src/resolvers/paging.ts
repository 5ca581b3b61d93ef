import { intArg, stringArg, type ArgMap } from '../schema/args.js';
import { userError } from './graphql-errors.js';
import type { Connection } from './resolver-values.js';

/**
 * Relay paging over offset-based results (overblog's array connection, as in Ibexa): cursors are
 * `base64("arrayconnection:" + offset)`, `after`/`before` bound the window, `first`/`last` trim it; without either the
 * page holds `defaultSize` items. `pages` lists pages 2… with the cursor to pass as `after` (Ibexa
 * `PageAwareConnection`).
 */

const CURSOR_PREFIX = 'arrayconnection:';
/** Largest page a client may ask for. */
export const MAX_PAGE_SIZE = 1000;

/** The cursor of an offset. */
export const offsetToCursor = (offset: number): string => Buffer.from(`${CURSOR_PREFIX}${offset}`, 'utf8').toString('base64');

/** The offset of a cursor. @throws GraphQLError BAD_USER_INPUT for a malformed cursor. */
export function cursorToOffset(cursor: string): number {
  const decoded = Buffer.from(cursor, 'base64').toString('utf8');
  const offset = decoded.startsWith(CURSOR_PREFIX) ? Number(decoded.slice(CURSOR_PREFIX.length)) : Number.NaN;
  if (!Number.isSafeInteger(offset)) throw userError(`Invalid cursor '${cursor}'`, 'BAD_USER_INPUT');
  return offset;
}

function size(args: ArgMap, name: 'first' | 'last'): number | undefined {
  const value = intArg(args, name);
  if (value !== undefined && (value < 0 || value > MAX_PAGE_SIZE)) {
    throw userError(`Argument '${name}' must be between 0 and ${MAX_PAGE_SIZE}`, 'BAD_USER_INPUT');
  }
  return value;
}

/** A page of results fetched by offset and limit (limit 0 = count only). */
export type PageFetcher<T> = (offset: number, limit: number) => Promise<{ readonly totalCount: number; readonly items: readonly T[] }>;

/** Resolves Relay arguments against a fetcher and builds the connection. */
export async function paginate<T>(args: ArgMap, defaultSize: number, fetch: PageFetcher<T>): Promise<Connection<T>> {
  const first = size(args, 'first');
  const last = size(args, 'last');
  const after = stringArg(args, 'after');
  const before = stringArg(args, 'before');
  const afterOffset = after === undefined ? -1 : cursorToOffset(after);
  const beforeOffset = before === undefined ? null : cursorToOffset(before);
  let start = Math.max(afterOffset + 1, 0);
  let total: number | null = null;
  if (last !== undefined || (beforeOffset !== null && first === undefined)) total = (await fetch(0, 0)).totalCount;
  let end = beforeOffset === null ? (total ?? Number.MAX_SAFE_INTEGER) : Math.max(start, beforeOffset);
  if (total !== null) end = Math.min(end, total);
  if (first !== undefined) end = Math.min(end, start + first);
  if (last !== undefined) start = Math.max(start, end - last);
  if (first === undefined && last === undefined) end = Math.min(end, start + defaultSize);
  const limit = Math.max(0, end - start);
  const page = await fetch(start, limit);
  const totalCount = page.totalCount;
  const edges = page.items.map((node, index) => ({ node, cursor: offsetToCursor(start + index) }));
  const perPage = first ?? last ?? defaultSize;
  const pages = [];
  for (let number = 2; perPage > 0 && number <= Math.ceil(totalCount / perPage); number += 1) {
    pages.push({ number, cursor: offsetToCursor((number - 1) * perPage - 1) });
  }
  return {
    edges,
    pageInfo: {
      hasPreviousPage: start > 0,
      hasNextPage: start + edges.length < totalCount,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
    totalCount,
    sliceSize: perPage,
    orderBy: null,
    pages,
  };
}
