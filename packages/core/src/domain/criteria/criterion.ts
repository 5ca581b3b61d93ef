/**
 * The search model's criteria (Ibexa `Query\Criterion`): plain data, one variant per criterion. Search
 * engines bring one handler per variant (core's evaluator in `evaluator/`, persistence's SQL translation).
 *
 * Semantics follow Ibexa's Legacy (SQL) search engine, with the choices written down
 * in docs/adr/0004-search-semantics.md; core's evaluator (`evaluator/matchers.ts`) is the reference every engine
 * must reproduce. In a content search a location criterion matches when ANY location of the content matches; in
 * a location search it applies to the hit's own location. Value lists mean IN (any of); an empty list matches
 * nothing. Strings compare by code point; "case-insensitive" means JavaScript `toLowerCase()` on both sides.
 */
export type Criterion =
  | LogicalAnd
  | LogicalOr
  | LogicalNot
  | { readonly type: 'MatchAll' }
  | { readonly type: 'MatchNone' }
  /** `content.id IN`. */
  | { readonly type: 'ContentId'; readonly values: readonly number[] }
  /** `content.remoteId IN`, case-insensitively (`remoteIdKey`; Ibexa 4.6 on MySQL's `_ci` collation). */
  | { readonly type: 'ContentRemoteId'; readonly values: readonly string[] }
  /** `content.contentTypeId IN`. */
  | { readonly type: 'ContentTypeId'; readonly values: readonly number[] }
  /**
   * Resolved to ContentTypeId by the search service; unknown identifiers are skipped with a logged warning, and a
   * criterion naming none that exists matches nothing (Ibexa 4.6's Legacy handler).
   */
  | { readonly type: 'ContentTypeIdentifier'; readonly values: readonly string[] }
  /** The content type belongs to one of the groups. */
  | { readonly type: 'ContentTypeGroupId'; readonly values: readonly number[] }
  /** `content.sectionId IN`. */
  | { readonly type: 'SectionId'; readonly values: readonly number[] }
  /** The section's identifier IN, exact. */
  | { readonly type: 'SectionIdentifier'; readonly values: readonly string[] }
  /** Location id IN. */
  | { readonly type: 'LocationId'; readonly values: readonly number[] }
  /** Location remoteId IN, case-insensitively (`remoteIdKey`). */
  | { readonly type: 'LocationRemoteId'; readonly values: readonly string[] }
  /** Direct children of the given locations: `parentLocationId IN`. */
  | { readonly type: 'ParentLocationId'; readonly values: readonly number[] }
  /** Path strings such as `/1/2/`; matches locations whose pathString starts with one (the root included). */
  | { readonly type: 'Subtree'; readonly values: readonly string[] }
  /** Path strings; matches the locations on those paths (ancestors of and including the last id). */
  | { readonly type: 'Ancestor'; readonly values: readonly string[] }
  /**
   * Content search: VISIBLE = some location neither hidden nor invisible, HIDDEN = some location hidden or
   * invisible (an item can match both); location search: the location's `invisible` flag only.
   */
  | { readonly type: 'Visibility'; readonly value: 'VISIBLE' | 'HIDDEN' }
  /** Location depth compared with a range operator (location search only). */
  | { readonly type: 'LocationDepth'; readonly operator: RangeOperator; readonly values: readonly number[] }
  /** Location priority compared with a range operator (location search only). */
  | { readonly type: 'LocationPriority'; readonly operator: RangeOperator; readonly values: readonly number[] }
  /** Whether the location is the content's main location (location search only). */
  | { readonly type: 'IsMainLocation'; readonly value: boolean }
  /**
   * The published version has one of the languages, or (with `matchAlwaysAvailable`) the item is always
   * available, whatever the language (REST's `LanguageCodeCriterion` always sets `matchAlwaysAvailable`).
   */
  | { readonly type: 'LanguageCode'; readonly values: readonly string[]; readonly matchAlwaysAvailable: boolean }
  /**
   * Words of the searchable fields (the Legacy engine's FullText): the query is normalised and tokenised on `[^\w|*]`,
   * a leading or trailing `*` is a wildcard, the raw input is one more alternative, alternatives are ORed, stop words
   * (in ≥ floor(66% of the published items)) are ignored. See `evaluator/full-text.ts`.
   */
  | { readonly type: 'FullText'; readonly value: string }
  | {
      readonly type: 'DateMetadata';
      /** `created` and `published` both read the publication date; `trashed` is for trash searches only. */
      readonly target: 'modified' | 'created' | 'published' | 'trashed';
      readonly operator: RangeOperator;
      /** Unix seconds; BETWEEN uses [from, to] inclusive, IN any number, others one. */
      readonly values: readonly number[];
    }
  | {
      /** owner: `ownerId IN`; group: the owner is placed below one of the user groups (content ids); modifier: the published version's creator IN. */
      readonly type: 'UserMetadata';
      readonly target: 'owner' | 'group' | 'modifier';
      readonly values: readonly number[];
    }
  | {
      /**
       * Field index data of the current version, compared as by Legacy; see `evaluator/indexed-field-values.ts` for
       * each type family.
       */
      readonly type: 'Field';
      /** Field definition identifier, looked up across all content types. */
      readonly target: string;
      readonly operator: FieldOperator;
      /** One value for unary operators, two for BETWEEN, any number for IN. */
      readonly values: readonly (string | number | boolean)[];
    }
  /** The field (index data of the current version, language as for Field) is empty / not empty. */
  | { readonly type: 'IsFieldEmpty'; readonly target: string; readonly value: boolean }
  /** The content type is / is not a container. */
  | { readonly type: 'IsContainer'; readonly value: boolean }
  /** The item is / is not a user (has a user account). */
  | { readonly type: 'IsUserBased'; readonly value: boolean }
  /** The item is a user whose account is enabled / disabled. */
  | { readonly type: 'IsUserEnabled'; readonly value: boolean }
  /** The item is a user with one of these content ids. */
  | { readonly type: 'UserId'; readonly values: readonly number[] }
  /** Case-insensitive login match; `*` in a value is a wildcard (`adm*`); several values mean any of them. */
  | { readonly type: 'UserLogin'; readonly values: readonly string[] }
  /** Case-insensitive email match; `*` in a value is a wildcard; several values mean any of them. */
  | { readonly type: 'UserEmail'; readonly values: readonly string[] }
  /** Locations bookmarked by `userId` (a location criterion: invalid in a content search). */
  | { readonly type: 'IsBookmarked'; readonly userId: number; readonly value: boolean }
  /** The item is in one of the object states. */
  | { readonly type: 'ObjectStateId'; readonly values: readonly number[] }
  /** The item is in a state with one of the identifiers, of the group `groupIdentifier` when set. */
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
/** Negation (Legacy `NOT IN`): matches exactly the hits its criterion does not match. */
export interface LogicalNot {
  readonly type: 'LogicalNot';
  readonly criterion: Criterion;
}

/** Operators of range-capable criteria (DateMetadata, LocationDepth, LocationPriority). */
export type RangeOperator = 'EQ' | 'IN' | 'GT' | 'GTE' | 'LT' | 'LTE' | 'BETWEEN';
/** Operators of the Field criterion. */
export type FieldOperator = RangeOperator | 'LIKE' | 'CONTAINS';

/** Every range operator, in Ibexa's order (for parsers and validation). */
export const RANGE_OPERATORS: readonly RangeOperator[] = ['IN', 'EQ', 'GT', 'GTE', 'LT', 'LTE', 'BETWEEN'];
/** Every Field operator, in Ibexa's order (as its REST error `Unexpected Field operator. Expected one of: ...`). */
export const FIELD_OPERATORS: readonly FieldOperator[] = ['IN', 'EQ', 'GT', 'GTE', 'LT', 'LTE', 'LIKE', 'BETWEEN', 'CONTAINS'];

/** A closed numeric range; `max` null means unbounded. */
export interface NumericRange {
  readonly min: number;
  readonly max: number | null;
}

/**
 * Image criteria on the stored data of an `ezimage` field of the current version (5.x REST `Image*Criterion`),
 * in the field's language chosen as for Field. An image without the measured property never matches.
 */
export type ImageCriterion =
  | {
      /** The image's MIME type is one of `values` (exact). */
      readonly type: 'ImageMimeType';
      readonly fieldDefIdentifier: string;
      readonly values: readonly string[];
    }
  | {
      /** File size within [min, max] megabytes (1 MB = 1024 × 1024 bytes), inclusive; `max` null: no bound. */
      readonly type: 'ImageFileSize';
      readonly fieldDefIdentifier: string;
      readonly min: number;
      readonly max: number | null;
    }
  | {
      /** Width and height (pixels) within their ranges, inclusive; a null range does not constrain. */
      readonly type: 'ImageDimensions';
      readonly fieldDefIdentifier: string;
      readonly width: NumericRange | null;
      readonly height: NumericRange | null;
    }
  | {
      /** landscape: width > height; portrait: width < height; square: width = height. */
      readonly type: 'ImageOrientation';
      readonly fieldDefIdentifier: string;
      readonly values: readonly ImageOrientation[];
    };

/** Orientation of an image (ImageOrientation criterion). */
export type ImageOrientation = 'landscape' | 'portrait' | 'square';

/** The criterion variant of type `T`. */
export type CriterionOf<T extends Criterion['type']> = Extract<Criterion, { readonly type: T }>;

/**
 * Criterion variants that need a location of their own (Ibexa `Criterion\Location\*`): rejected in a content
 * search with InvalidArgumentError, as Ibexa rejects `IsBookmarked` in a content query (REST 406).
 */
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
  contentTypeIdentifier: (...values: string[]): Criterion => ({ type: 'ContentTypeIdentifier', values }),
  sectionId: (...values: number[]): Criterion => ({ type: 'SectionId', values }),
  locationId: (...values: number[]): Criterion => ({ type: 'LocationId', values }),
  parentLocationId: (...values: number[]): Criterion => ({ type: 'ParentLocationId', values }),
  subtree: (...values: string[]): Criterion => ({ type: 'Subtree', values }),
  fullText: (value: string): Criterion => ({ type: 'FullText', value }),
  field: (target: string, operator: FieldOperator, ...values: (string | number | boolean)[]): Criterion => ({
    type: 'Field',
    target,
    operator,
    values,
  }),
} as const;
