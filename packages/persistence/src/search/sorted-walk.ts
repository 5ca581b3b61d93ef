import type { Criterion, ResolvedQuery } from '@contentrepo/core';
import type { Knex } from '@mikro-orm/knex';
import { contentTypeStatusCode } from '../db/codes.js';
import { binaryOrder } from '../db/collation.js';
import type { Dialect } from '../db/dialect.js';
import { TABLES } from '../schema/index.js';
import { filterLanguages } from './field-language.js';
import { c } from './search-aliases.js';

/** The walked entries (`sk`, the sort index of migration 0012), as the derived table `sw`, and the sort's type. */
const sk = TABLES.searchField.$as('sk');
const sw = TABLES.searchField.$as('sw');
const fst = TABLES.contentType.$as('fst');
const DEFINED = contentTypeStatusCode('DEFINED');

/** Most entries a walk reads before the search falls back to sorting every match. */
export const MAX_WALK = 10_000;

/**
 * How many sort entries a walk for a page ending at `end` (offset + limit) reads: 40 per hit wanted (a criterion
 * matching 1 item in 40, 2.5%, still fills the page), at least 1,000, at most {@link MAX_WALK}; null when the page
 * ends beyond what a walk may read.
 */
export function walkLength(end: number): number | null {
  return end > MAX_WALK ? null : Math.min(MAX_WALK, Math.max(1_000, 40 * end));
}

/** Criteria that name their few hits (children of one location, ids): sorting those hits is cheaper than a walk. */
const SELECTIVE = new Set<Criterion['type']>(['ParentLocationId', 'ContentId', 'LocationId', 'ContentRemoteId', 'LocationRemoteId']);

/** Whether a conjunct of the criterion (through nested ANDs) is one of {@link SELECTIVE}. */
function selective(criterion: Criterion): boolean {
  return SELECTIVE.has(criterion.type) || (criterion.type === 'LogicalAnd' && criterion.criteria.some(selective));
}

/**
 * A content search sorted by one Field clause, descending, without languages (the field language is the main
 * language) — "the newest items of a type where …": the first `offset + limit` hits read from the first
 * {@link walkLength} entries of the sort field of the clause's content type in sort order (index
 * `search_field (field_def_identifier, content_type_id, sort_key_int, sort_key_string, language_code, content_id)`),
 * each item checked by `where` (the criterion written to probe one item, `probeFields`), instead of every match
 * sorted. Null for other shapes, and when a conjunct names few hits (children of one location, ids).
 *
 * Exact, as the Field sort orders (docs/adr/0004-search-semantics.md): descending, hits with a non-null key of the
 * clause's field in their main language come first, by (sort_key_int, sort_key_string) descending then content id,
 * and the walked entries are that order's prefix (ties cut by content id too), so when the walk yields
 * `offset + limit` hits they are the page. When it yields fewer (a rare criterion, or hits without a key), the
 * caller runs the sorting statement instead.
 */
export function sortedWalk(
  kx: Knex,
  dialect: Dialect,
  query: ResolvedQuery,
  where: (builder: Knex.QueryBuilder) => void,
  published: string,
): { readonly statement: Knex.QueryBuilder; readonly rows: number } | null {
  const [clause, ...others] = query.sortClauses;
  const end = query.offset + query.limit;
  const length = walkLength(end);
  if (!clause || others.length > 0 || clause.type !== 'Field' || clause.direction !== 'descending') return null;
  if (filterLanguages(query.languageFilter).length > 0 || query.limit <= 0 || length === null || selective(query.criterion)) return null;
  const keyOrder = (int: string, string: string): string => `${int} DESC NULLS LAST, ${binaryOrder(dialect, string)} DESC NULLS LAST`;
  const entries = kx.raw(
    `(SELECT ${sk.contentId}, ${sk.languageCode}, ${sk.contentTypeId}, ${sk.sortKeyInt}, ${sk.sortKeyString} FROM ${sk} ` +
      `WHERE ${sk.fieldDefIdentifier} = ? AND ${sk.contentTypeId} = (SELECT ${fst.id} FROM ${fst} WHERE ${fst.identifier} = ? AND ${fst.status} = ?) ` +
      `AND (${sk.sortKeyInt} IS NOT NULL OR ${sk.sortKeyString} IS NOT NULL) ` +
      `ORDER BY ${keyOrder(sk.sortKeyInt, sk.sortKeyString)}, ${sk.contentId} ASC LIMIT ?) AS sw`,
    [clause.fieldDefinitionIdentifier, clause.contentTypeIdentifier, DEFINED, length],
  );
  const statement = kx
    .from(entries)
    .join(`${c}`, (on) => on.on(c.id, sw.contentId).andOn(c.mainLanguageCode, sw.languageCode).andOn(c.contentTypeId, sw.contentTypeId))
    .select(kx.raw(`${c.id} AS id`))
    .whereRaw(published)
    .where((inner) => where(inner))
    .orderByRaw(`${keyOrder(sw.sortKeyInt, sw.sortKeyString)}, ${c.id} ASC`)
    .limit(end);
  return { statement, rows: end };
}
