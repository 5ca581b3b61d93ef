import { TABLES, type ColumnKey, type TableRef } from '../schema/index.js';

/** `content` under some alias of a search query. */
export type ContentRef = TableRef<ColumnKey<typeof TABLES.content>>;
/** `location` under some alias of a search query. */
export type LocationRef = TableRef<ColumnKey<typeof TABLES.location>>;

/**
 * The item of every search query, `content AS c`: the hit of a content search, the hit's item in a location
 * search (`search-query.ts`). Criteria and sort clauses refer to it by this alias.
 */
export const c: ContentRef = TABLES.content.$as('c');

/** The hit of a location search, `location AS l`. */
export const l: LocationRef = TABLES.location.$as('l');
