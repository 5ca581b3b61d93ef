import type { Criterion, CriterionOf, FieldOperator, NumericRange } from '../../domain/criteria/criterion.js';
import { LOCATION_ONLY_CRITERIA } from '../../domain/criteria/criterion.js';
import { assertNever, InvalidArgumentError, NotFoundError } from '../../errors/repository-error.js';
import type { FieldTypeRegistry } from '../../field-types/field-type.js';
import type { StoredContentType } from '../../spi/content-type-handler.js';
import type { Logger } from '../../spi/ports.js';
import { assertImageFieldTarget, resolveFieldCriterionTarget } from './field-target.js';

/** Whether a search returns content items or locations. */
export type SearchTarget = 'content' | 'location';

/** What resolution reads, loaded lazily and at most once per search. */
export interface ResolutionSources {
  /** Every published content type with its field definitions. */
  contentTypes(): Promise<readonly StoredContentType[]>;
  /** Codes of the configured languages. */
  languageCodes(): Promise<readonly string[]>;
  readonly fieldTypes: FieldTypeRegistry;
  /** Where resolution reports criteria that match nothing for a reason the caller is not told. */
  readonly logger: Logger;
}

const invalid = (whatIsWrong: string): InvalidArgumentError => new InvalidArgumentError('$criterion', whatIsWrong);

const UNARY: ReadonlySet<FieldOperator> = new Set(['EQ', 'GT', 'GTE', 'LT', 'LTE', 'LIKE', 'CONTAINS']);

/**
 * Checks the number of values an operator takes (as the Legacy Field criterion): one for
 * EQ/GT/GTE/LT/LTE/LIKE/CONTAINS, exactly two for BETWEEN, any number for IN (none matches nothing).
 * @throws InvalidArgumentError `Too many arguments for unary operator`, `Missing value for the <op> operator`,
 *   `BETWEEN needs exactly two values`.
 */
export function checkOperatorArity(operator: FieldOperator, count: number): void {
  if (UNARY.has(operator)) {
    if (count > 1) throw invalid('Too many arguments for unary operator');
    if (count === 0) throw invalid(`Missing value for the ${operator} operator`);
  } else if (operator === 'BETWEEN' && count !== 2) {
    throw invalid('BETWEEN needs exactly two values');
  }
}

const checkIntegers = (type: string, values: readonly number[]): void => {
  for (const value of values) if (!Number.isSafeInteger(value)) throw invalid(`${type} values must be integers, got ${String(value)}`);
};

const checkNumbers = (type: string, values: readonly number[]): void => {
  for (const value of values) if (!Number.isFinite(value)) throw invalid(`${type} values must be finite numbers, got ${String(value)}`);
};

/** Ibexa's path string check (`^(/\w+)+/$`, Subtree and Ancestor). */
const PATH_STRING = /^(\/\w+)+\/$/;

const checkRange = (type: string, range: NumericRange | null): void => {
  if (range === null) return;
  checkNumbers(type, range.max === null ? [range.min] : [range.min, range.max]);
  if (range.min < 0 || (range.max !== null && range.max < range.min)) throw invalid(`${type} needs 0 ≤ min ≤ max`);
};

/**
 * Validates and normalises a criterion tree before a SearchHandler sees it, as Ibexa 4.6's Legacy search engine
 * does: ContentTypeIdentifier becomes ContentTypeId (unknown identifiers are skipped with a warning; none known:
 * MatchNone), location-only criteria are refused in content searches, Field and IsFieldEmpty targets must
 * resolve, image targets must be image fields, operators get the right number of values, numbers are finite (ids
 * integral), path strings well formed, language codes known; `trashed` DateMetadata is refused outside the trash.
 * SectionIdentifier and ObjectStateIdentifier (and its group) are compared as they are: unknown identifiers
 * match nothing, without a warning (Legacy joins the section and state tables).
 *
 * @throws InvalidArgumentError (406) for a criterion that cannot be run, NotFoundError (404) for unknown language
 *   codes (all of them named, as Legacy's language mask does), NotImplementedError (501) for a Field target of
 *   non-indexed types.
 */
export async function resolveCriterion(criterion: Criterion, target: SearchTarget, sources: ResolutionSources): Promise<Criterion> {
  const c = criterion;
  if (target === 'content' && LOCATION_ONLY_CRITERIA.has(c.type)) {
    throw new InvalidArgumentError('$query', 'Location Criteria cannot be used in Content search');
  }
  switch (c.type) {
    case 'LogicalAnd':
    case 'LogicalOr':
      return { type: c.type, criteria: await Promise.all(c.criteria.map((child) => resolveCriterion(child, target, sources))) };
    case 'LogicalNot':
      return { type: 'LogicalNot', criterion: await resolveCriterion(c.criterion, target, sources) };
    case 'ContentTypeIdentifier':
      return resolveContentTypeIdentifier(c, await sources.contentTypes(), sources.logger);
    case 'ContentId':
    case 'ContentTypeId':
    case 'ContentTypeGroupId':
    case 'SectionId':
    case 'LocationId':
    case 'ParentLocationId':
    case 'UserId':
    case 'ObjectStateId':
    case 'UserMetadata':
      checkIntegers(c.type, c.values);
      return c;
    case 'IsBookmarked':
      checkIntegers(c.type, [c.userId]);
      return c;
    case 'Subtree':
    case 'Ancestor':
      for (const path of c.values) if (!PATH_STRING.test(path)) throw invalid(`${c.type} value '${path}' is not a path string such as /1/2/`);
      return c;
    case 'LocationDepth':
    case 'LocationPriority':
      checkOperatorArity(c.operator, c.values.length);
      checkIntegers(c.type, c.values);
      return c;
    case 'DateMetadata':
      if (c.target === 'trashed') throw invalid("DateMetadata target 'trashed' can only be used in trash searches");
      checkOperatorArity(c.operator, c.values.length);
      checkNumbers(c.type, c.values);
      return c;
    case 'LanguageCode': {
      const known = new Set(await sources.languageCodes());
      const unknown = [...new Set(c.values.filter((code) => !known.has(code)))];
      if (unknown.length > 0) throw NotFoundError.language(unknown.join(', '));
      return c;
    }
    case 'Field':
      resolveFieldCriterionTarget(c.target, await sources.contentTypes(), sources.fieldTypes);
      checkOperatorArity(c.operator, c.values.length);
      for (const value of c.values) if (typeof value === 'number' && !Number.isFinite(value)) throw invalid('Field values must be finite');
      return c;
    case 'IsFieldEmpty':
      resolveFieldCriterionTarget(c.target, await sources.contentTypes(), sources.fieldTypes);
      return c;
    case 'ImageMimeType':
    case 'ImageOrientation':
      assertImageFieldTarget(c.fieldDefIdentifier, await sources.contentTypes(), sources.fieldTypes);
      return c;
    case 'ImageFileSize':
      assertImageFieldTarget(c.fieldDefIdentifier, await sources.contentTypes(), sources.fieldTypes);
      checkRange(c.type, { min: c.min, max: c.max });
      return c;
    case 'ImageDimensions':
      assertImageFieldTarget(c.fieldDefIdentifier, await sources.contentTypes(), sources.fieldTypes);
      checkRange(c.type, c.width);
      checkRange(c.type, c.height);
      return c;
    case 'MatchAll':
    case 'MatchNone':
    case 'ContentRemoteId':
    case 'SectionIdentifier':
    case 'LocationRemoteId':
    case 'Visibility':
    case 'IsMainLocation':
    case 'FullText':
    case 'IsContainer':
    case 'IsUserBased':
    case 'IsUserEnabled':
    case 'UserLogin':
    case 'UserEmail':
    case 'ObjectStateIdentifier':
    case 'ContentName':
      return c;
    default:
      return assertNever(c, 'criterion');
  }
}

/**
 * ContentTypeIdentifier → ContentTypeId of the identifiers that name a published type; the others are skipped and
 * reported as one warning (`Invalid content type identifiers provided for ContentTypeIdentifier criterion: news`),
 * and a criterion naming no known type is MatchNone: Ibexa 4.6 behaviour (Legacy `ContentTypeIdentifier` handler),
 * so a search for a type a site has not installed answers an empty result, not an error.
 */
function resolveContentTypeIdentifier(c: CriterionOf<'ContentTypeIdentifier'>, contentTypes: readonly StoredContentType[], logger: Logger): Criterion {
  const ids: number[] = [];
  const unknown: string[] = [];
  for (const identifier of c.values) {
    const type = contentTypes.find((candidate) => candidate.identifier === identifier);
    if (type) ids.push(type.id);
    else unknown.push(identifier);
  }
  if (unknown.length > 0) {
    logger.warn({ criterion: 'ContentTypeIdentifier', identifiers: unknown }, `Invalid content type identifiers provided for ContentTypeIdentifier criterion: ${unknown.join(', ')}`);
  }
  return ids.length === 0 ? { type: 'MatchNone' } : { type: 'ContentTypeId', values: ids };
}
