import type { LanguageFilter, SortClause } from '@contentrepo/core';
import type { Knex } from '@mikro-orm/knex';
import { contentTypeStatusCode } from '../db/codes.js';
import type { Dialect } from '../db/dialect.js';
import type { SearchTarget } from './criterion-handler.js';
import { TABLES } from '../schema/index.js';
import { c } from './search-aliases.js';
import type { SqlFragment } from './sql-fragment.js';

/** Tables a sort clause may need joined to the search query, each joined at most once. */
export type SortJoin = 'section' | 'contentType';

/** What a sort clause handler may use. */
export interface SortContext {
  readonly target: SearchTarget;
  readonly dialect: Dialect;
  /** The query's language filter (the Field sort clause reads the translation it selects). */
  readonly languageFilter: LanguageFilter;
  /** Joins a table for sorting (idempotent); aliases: `ss` for section, `sct` for the published content type. */
  join(table: SortJoin): void;
  /**
   * Adds `LEFT JOIN <on(alias)>` under a fresh alias (one per call, e.g. one per Field sort clause) and returns
   * the alias; `on` writes the table and its ON condition, with bindings.
   */
  leftJoin(on: (alias: string) => SqlFragment): string;
}

/**
 * An SQL expression to order by; NULL sorts first ascending and last descending (core's `compareKeys`). A
 * {@link UniqueSortKey} never repeats between two hits.
 */
export type SortKey = string | UniqueSortKey;

/**
 * A key no two hits share (a location's path string or id in a location search, the content id in a content
 * search): the keys after it, the tie-break included, cannot change the order and are left out, so that an index
 * on the key alone serves the ORDER BY (no sort of the ties).
 */
export interface UniqueSortKey {
  readonly sql: string;
  readonly unique: true;
}

/** A {@link UniqueSortKey}. */
export const uniqueKey = (sql: string): UniqueSortKey => ({ sql, unique: true });

/** The discriminant of sort clauses. */
export type SortClauseType = SortClause['type'];
/** The sort clause variant of type `T`. */
export type SortClauseOf<T extends SortClauseType> = Extract<SortClause, { readonly type: T }>;

/** Translates one sort clause into keys (none: the clause orders nothing, e.g. a location clause in a content search). */
export type SortClauseHandler<T extends SortClauseType> = (clause: SortClauseOf<T>, ctx: SortContext) => readonly SortKey[];

/** A sort clause handler bound to its clause type. */
export interface RegisteredSortClauseHandler {
  readonly type: SortClauseType;
  keys(clause: SortClause, ctx: SortContext): readonly SortKey[];
}

function isClauseOf<T extends SortClauseType>(clause: SortClause, type: T): clause is SortClauseOf<T> {
  return clause.type === type;
}

/** Registers the handler of sort clause `type`. */
export function sortClauseHandler<T extends SortClauseType>(type: T, handler: SortClauseHandler<T>): RegisteredSortClauseHandler {
  return {
    type,
    keys: (clause, ctx) => {
      if (!isClauseOf(clause, type)) throw new Error(`Handler of ${type} called with ${clause.type}`);
      return handler(clause, ctx);
    },
  };
}

/** The item's section, joined for sorting. */
export const ss = TABLES.section.$as('ss');
/** The item's published content type, joined for sorting. */
export const sct = TABLES.contentType.$as('sct');

/** Applies the joins a sort needs. */
export function applySortJoin(query: Knex.QueryBuilder, join: SortJoin): void {
  if (join === 'section') query.leftJoin(`${ss}`, ss.id, c.sectionId);
  else query.leftJoin(`${sct}`, (on) => on.on(sct.id, c.contentTypeId).andOnVal(sct.status, contentTypeStatusCode('DEFINED')));
}
