import type { Criterion, FieldTypesByFamily, LanguageFilter } from '@contentrepo/core';
import type { Knex } from '@mikro-orm/knex';
import type { Dialect } from '../db/dialect.js';
import type { SqlFragment } from './sql-fragment.js';

/**
 * The SQL translation of criteria, one handler per criterion (the Legacy search engine's criterion handlers).
 *
 * Queries are built over `content c` (content search: one row per published item) or `location l ⋈ content c`
 * (location search: one row per location). A handler returns a {@link WhereBuilder} that adds its condition to a
 * knex where-clause; nested criteria go through {@link CriterionContext.apply}, which is eager so that an
 * unsupported criterion anywhere in the tree fails before any SQL runs.
 */
export type SearchTarget = 'content' | 'location';

/** Adds one condition (ANDed with what the query already has). */
export type WhereBuilder = (query: Knex.QueryBuilder) => void;

/** What a criterion handler may use. */
export interface CriterionContext {
  readonly target: SearchTarget;
  readonly kx: Knex;
  readonly dialect: Dialect;
  /**
   * The query's language filter: it never restricts hits by itself (the search service ANDs a LanguageCode
   * criterion for that), but selects the translation whose field data Field-like criteria compare and the
   * languages FullText searches (docs/adr/0004-search-semantics.md).
   */
  readonly languageFilter: LanguageFilter;
  /** Whether the criterion being translated sits under an odd number of LogicalNot (its condition is negated). */
  readonly negated: boolean;
  /**
   * Lists of content ids (`SELECT <content id> …`, one column) that the items a location criterion selects must also
   * be in: the prefilters of the Field criteria ANDed with it (`item-prefilter.ts`). Empty unless a LogicalAnd
   * hands them to this criterion; they never change what matches, only how few items the search looks up.
   */
  readonly itemPrefilters: readonly SqlFragment[];
  /**
   * Whether Field criteria probe the item's index entries (`EXISTS` per item) instead of listing the matching
   * entries: set for the Field criteria whose prefilter went to a location criterion (`item-prefilter.ts`).
   */
  readonly probeFields: boolean;
  /**
   * The field types the index can hold for a Field / IsFieldEmpty target, by search family
   * (`ResolvedQuery.fieldTargetTypes`), or null when the query does not say (every type is possible).
   */
  fieldTargetTypes(target: string): FieldTypesByFamily | null;
  /**
   * The field types the engine was built with, by search family (`SqlSearchHandler`): the families of the entries
   * of a target whose types the query does not list.
   */
  readonly registeredFieldTypes: FieldTypesByFamily;
  /**
   * The dictionary ids of the words a FullText query matches, stop words left out, resolved before the statement
   * is built (`resolveFullTextWords`).
   * @throws Error when the query's words were not resolved (a bug of the caller).
   */
  fullTextWords(query: string): readonly number[];
  /** The where-builder of a nested criterion. @throws NotImplementedError when it has no handler. */
  apply(criterion: Criterion): WhereBuilder;
  /** The where-builder of the criterion of a LogicalNot (translated with `negated` flipped). */
  applyNegated(criterion: Criterion): WhereBuilder;
  /** The where-builder of a nested criterion translated with the given prefilters and Field probing (`item-prefilter.ts`). */
  applyWith(criterion: Criterion, plan: CriterionPlan): WhereBuilder;
}

/** How a LogicalAnd asks one child to be translated (`CriterionContext.itemPrefilters` and `probeFields`). */
export interface CriterionPlan {
  readonly itemPrefilters: readonly SqlFragment[];
  readonly probeFields: boolean;
}

/** The discriminant of criteria. */
export type CriterionType = Criterion['type'];
/** The criterion variant of type `T`. */
export type CriterionOf<T extends CriterionType> = Extract<Criterion, { readonly type: T }>;

/** The translation of one criterion variant. */
export type CriterionHandler<T extends CriterionType> = (criterion: CriterionOf<T>, ctx: CriterionContext) => WhereBuilder;

/** A handler bound to its criterion type, as the registry (`criteria/index.ts`) lists it. */
export interface RegisteredCriterionHandler {
  readonly type: CriterionType;
  handle(criterion: Criterion, ctx: CriterionContext): WhereBuilder;
}

function isCriterionOf<T extends CriterionType>(criterion: Criterion, type: T): criterion is CriterionOf<T> {
  return criterion.type === type;
}

/** Registers the handler of criterion `type`. */
export function criterionHandler<T extends CriterionType>(type: T, handler: CriterionHandler<T>): RegisteredCriterionHandler {
  return {
    type,
    handle: (criterion, ctx) => {
      if (!isCriterionOf(criterion, type)) throw new Error(`Handler of ${type} called with ${criterion.type}`);
      return handler(criterion, ctx);
    },
  };
}

/** A condition that is always true (`1 = 1`); knex drops empty groups, so "match all" must be explicit. */
export const alwaysTrue: WhereBuilder = (query) => {
  query.whereRaw('1 = 1');
};

/** A condition that is always false (`1 = 0`). */
export const alwaysFalse: WhereBuilder = (query) => {
  query.whereRaw('1 = 0');
};

/** A condition written as an SQL fragment (`whereRaw` with its bindings). */
export function whereSql(condition: SqlFragment): WhereBuilder {
  return (query) => {
    query.whereRaw(condition.sql, [...condition.bindings]);
  };
}
