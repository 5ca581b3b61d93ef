/**
 * The search model's criteria (Ibexa `Query\Criterion`): plain data, one variant per criterion. Search
 * engines bring one handler per variant (core's evaluator in `evaluator/`, persistence's SQL translation).
 *
 * Semantics follow the Legacy search engine (search-auth-errors-data.md A.5–A.9). In a content search a
 * location criterion matches when ANY location of the content matches; in a location search it applies to the
 * hit's own location. Value lists mean IN (any of).
 */
export type Criterion =
  | LogicalAnd
  | LogicalOr
  | LogicalNot
  | { readonly type: 'MatchAll' }
  | { readonly type: 'MatchNone' }
  | { readonly type: 'ContentId'; readonly values: readonly number[] }
  | { readonly type: 'ContentRemoteId'; readonly values: readonly string[] }
  | { readonly type: 'ContentTypeId'; readonly values: readonly number[] }
  /** Resolved to ContentTypeId by the search service; an unknown identifier is a NotFoundError (A.5). */
  | { readonly type: 'ContentTypeIdentifier'; readonly values: readonly string[] }
  | { readonly type: 'ContentTypeGroupId'; readonly values: readonly number[] }
  | { readonly type: 'SectionId'; readonly values: readonly number[] }
  | { readonly type: 'SectionIdentifier'; readonly values: readonly string[] }
  | { readonly type: 'LocationId'; readonly values: readonly number[] }
  | { readonly type: 'LocationRemoteId'; readonly values: readonly string[] }
  | { readonly type: 'ParentLocationId'; readonly values: readonly number[] }
  /** Path strings such as `/1/2/`; matches locations whose pathString starts with one (the root included). */
  | { readonly type: 'Subtree'; readonly values: readonly string[] }
  /** Path strings; matches the locations on those paths (ancestors of and including the last id). */
  | { readonly type: 'Ancestor'; readonly values: readonly string[] }
  /** Content search: VISIBLE = some location neither hidden nor invisible; location search: `invisible` only. */
  | { readonly type: 'Visibility'; readonly value: 'VISIBLE' | 'HIDDEN' }
  | { readonly type: 'LocationDepth'; readonly operator: RangeOperator; readonly values: readonly number[] }
  | { readonly type: 'LocationPriority'; readonly operator: RangeOperator; readonly values: readonly number[] }
  | { readonly type: 'IsMainLocation'; readonly value: boolean }
  /** Content having one of the languages, or any content when `matchAlwaysAvailable` and always-available. */
  | { readonly type: 'LanguageCode'; readonly values: readonly string[]; readonly matchAlwaysAvailable: boolean }
  | { readonly type: 'FullText'; readonly value: string }
  | {
      readonly type: 'DateMetadata';
      readonly target: 'modified' | 'created' | 'published' | 'trashed';
      readonly operator: RangeOperator;
      /** Unix seconds; BETWEEN uses [from, to], IN any number, others one. */
      readonly values: readonly number[];
    }
  | {
      readonly type: 'UserMetadata';
      readonly target: 'owner' | 'group' | 'modifier';
      readonly values: readonly number[];
    }
  | {
      readonly type: 'Field';
      readonly target: string;
      readonly operator: FieldOperator;
      /** One value for unary operators, two for BETWEEN, any number for IN. */
      readonly values: readonly (string | number | boolean)[];
    }
  | { readonly type: 'IsFieldEmpty'; readonly target: string; readonly value: boolean }
  | { readonly type: 'IsContainer'; readonly value: boolean }
  | { readonly type: 'IsUserBased'; readonly value: boolean }
  | { readonly type: 'IsUserEnabled'; readonly value: boolean }
  | { readonly type: 'UserId'; readonly values: readonly number[] }
  /** `*` in a single value means LIKE (`adm*`); several values mean IN. */
  | { readonly type: 'UserLogin'; readonly values: readonly string[] }
  | { readonly type: 'UserEmail'; readonly values: readonly string[] }
  /** Locations bookmarked by `userId` (a location criterion: invalid in a content search). */
  | { readonly type: 'IsBookmarked'; readonly userId: number; readonly value: boolean }
  | { readonly type: 'ObjectStateId'; readonly values: readonly number[] }
  | { readonly type: 'ObjectStateIdentifier'; readonly values: readonly string[]; readonly groupIdentifier: string | null }
  /** Case-insensitive name match of the current version in any translation; `*` is a wildcard. */
  | { readonly type: 'ContentName'; readonly value: string }
  | ImageCriterion;

/** Conjunction; an empty list matches everything. */
export interface LogicalAnd {
  readonly type: 'LogicalAnd';
  readonly criteria: readonly Criterion[];
}
/** Disjunction; an empty list matches nothing. */
export interface LogicalOr {
  readonly type: 'LogicalOr';
  readonly criteria: readonly Criterion[];
}
export interface LogicalNot {
  readonly type: 'LogicalNot';
  readonly criterion: Criterion;
}

/** Operators of range-capable criteria (DateMetadata, LocationDepth, LocationPriority). */
export type RangeOperator = 'EQ' | 'IN' | 'GT' | 'GTE' | 'LT' | 'LTE' | 'BETWEEN';
/** Operators of the Field criterion (rest.md A.8). */
export type FieldOperator = RangeOperator | 'LIKE' | 'CONTAINS';

/** Image criteria on an image field (5.x REST `Image*Criterion`). */
export type ImageCriterion =
  | {
      readonly type: 'ImageMimeType';
      readonly fieldDefIdentifier: string;
      readonly values: readonly string[];
    }
  | {
      readonly type: 'ImageFileSize';
      readonly fieldDefIdentifier: string;
      /** Megabytes, as Ibexa's criterion takes them. */
      readonly min: number;
      readonly max: number | null;
    }
  | {
      readonly type: 'ImageDimensions';
      readonly fieldDefIdentifier: string;
      readonly width: { readonly min: number; readonly max: number | null } | null;
      readonly height: { readonly min: number; readonly max: number | null } | null;
    }
  | {
      readonly type: 'ImageOrientation';
      readonly fieldDefIdentifier: string;
      readonly values: readonly ('landscape' | 'portrait' | 'square')[];
    };

/** Criterion variants whose meaning depends on a location (rejected in content search when location-only). */
export const LOCATION_ONLY_CRITERIA: ReadonlySet<Criterion['type']> = new Set(['IsBookmarked', 'LocationDepth', 'LocationPriority', 'IsMainLocation']);

/** Builders for the common criteria, so callers write `criteria.and(...)` rather than object literals. */
export const criteria = {
  and: (...list: Criterion[]): Criterion => ({ type: 'LogicalAnd', criteria: list }),
  or: (...list: Criterion[]): Criterion => ({ type: 'LogicalOr', criteria: list }),
  not: (criterion: Criterion): Criterion => ({ type: 'LogicalNot', criterion }),
  matchAll: (): Criterion => ({ type: 'MatchAll' }),
  matchNone: (): Criterion => ({ type: 'MatchNone' }),
  contentId: (...values: number[]): Criterion => ({ type: 'ContentId', values }),
  contentTypeId: (...values: number[]): Criterion => ({ type: 'ContentTypeId', values }),
  sectionId: (...values: number[]): Criterion => ({ type: 'SectionId', values }),
  locationId: (...values: number[]): Criterion => ({ type: 'LocationId', values }),
  parentLocationId: (...values: number[]): Criterion => ({ type: 'ParentLocationId', values }),
  subtree: (...values: string[]): Criterion => ({ type: 'Subtree', values }),
} as const;
