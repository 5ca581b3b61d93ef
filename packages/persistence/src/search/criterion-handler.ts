import type { Criterion } from '@contentrepo/core';
import type { Knex } from '@mikro-orm/knex';
import type { Dialect } from '../db/dialect.js';

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
  /** The where-builder of a nested criterion. @throws NotImplementedError when it has no handler. */
  apply(criterion: Criterion): WhereBuilder;
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
