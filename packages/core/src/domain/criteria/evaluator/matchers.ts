import type { LocationRecord } from '../../../api/values/location.js';
import { assertNever } from '../../../errors/repository-error.js';
import { sameRemoteId } from '../../rules/remote-id.js';
import type { Criterion, CriterionOf, RangeOperator } from '../criterion.js';
import { type EvaluationContext, fullTextLanguages } from './evaluation-context.js';
import {
  matchField,
  matchImageDimensions,
  matchImageFileSize,
  matchImageMimeType,
  matchImageOrientation,
  matchIsFieldEmpty,
} from './field-matchers.js';
import { wildcardMatch } from './indexed-field-values.js';
import { fullTextAlternatives, matchesAlternative } from './full-text.js';
import type { IndexedItem } from './indexed-item.js';

export { wildcardMatch } from './indexed-field-values.js';

const anyLocation = (item: IndexedItem, location: LocationRecord | null, test: (candidate: LocationRecord) => boolean): boolean =>
  location ? test(location) : item.locations.some(test);

/** Compares with a range operator; `values` as the criterion carries them (missing values never match). */
export function compareRange(operator: RangeOperator, actual: number, values: readonly number[]): boolean {
  const [first = Number.NaN, second = Number.NaN] = values;
  switch (operator) {
    case 'EQ':
      return actual === first;
    case 'IN':
      return values.includes(actual);
    case 'GT':
      return actual > first;
    case 'GTE':
      return actual >= first;
    case 'LT':
      return actual < first;
    case 'LTE':
      return actual <= first;
    case 'BETWEEN':
      return actual >= first && actual <= second;
    default:
      return assertNever(operator, 'range operator');
  }
}

/** Unix seconds of a date (floored), or null. */
const seconds = (date: Date | null): number | null => (date === null ? null : Math.floor(date.getTime() / 1000));

/** DateMetadata: `modified` the modification date, `created`/`published` the publication date, `trashed` never. */
function matchDateMetadata(c: CriterionOf<'DateMetadata'>, item: IndexedItem): boolean {
  const value = c.target === 'modified' ? seconds(item.contentInfo.modificationDate) : c.target === 'trashed' ? null : seconds(item.contentInfo.publishedDate);
  return value !== null && compareRange(c.operator, value, c.values);
}

/** UserMetadata: owner id, the owner's group content ids (any ancestor), or the published version's creator. */
function matchUserMetadata(c: CriterionOf<'UserMetadata'>, item: IndexedItem): boolean {
  switch (c.target) {
    case 'owner':
      return c.values.includes(item.contentInfo.ownerId);
    case 'modifier':
      return c.values.includes(item.versionInfo.creatorId);
    case 'group':
      return item.ownerGroupIds.some((id) => c.values.includes(id));
    default:
      return assertNever(c.target, 'UserMetadata target');
  }
}

/**
 * FullText: some word of the item's searchable fields, in the languages of `fullTextLanguages`, that is
 * not a stop word matches one of the query's alternatives.
 */
function matchFullText(c: CriterionOf<'FullText'>, item: IndexedItem, context: EvaluationContext): boolean {
  const alternatives = fullTextAlternatives(c.value);
  const languages = fullTextLanguages(item, context.languageFilter);
  for (const [language, words] of context.fullText.wordsOf(item)) {
    if (languages !== null && !languages.has(language)) continue;
    for (const word of words) {
      if (alternatives.some((alternative) => matchesAlternative(alternative, word)) && !context.fullText.isStopWord(word)) return true;
    }
  }
  return false;
}

/** Visibility: see the criterion's docstring (content search: any location; location search: `invisible`). */
function matchVisibility(c: CriterionOf<'Visibility'>, item: IndexedItem, location: LocationRecord | null): boolean {
  if (location) return c.value === 'VISIBLE' ? !location.invisible : location.invisible;
  return c.value === 'VISIBLE' ? item.locations.some((l) => !l.hidden && !l.invisible) : item.locations.some((l) => l.hidden || l.invisible);
}

/** Ancestor: the location is one of the ids on the given path strings. */
function matchAncestor(c: CriterionOf<'Ancestor'>, item: IndexedItem, location: LocationRecord | null): boolean {
  const ids = new Set(c.values.flatMap((path) => path.split('/').filter((part) => part !== '').map(Number)));
  return anyLocation(item, location, (l) => ids.has(l.id));
}

/**
 * Whether an item (content search, `location` null: a location criterion matches when any location of the item
 * does) or the hit's location (location search) matches: the reference semantics of every criterion
 * (Ibexa's Legacy search engine, choices in docs/adr/0004-search-semantics.md), one handler per variant.
 */
export function matchItem(criterion: Criterion, item: IndexedItem, location: LocationRecord | null, context: EvaluationContext): boolean {
  const c = criterion;
  switch (c.type) {
    case 'LogicalAnd':
      return c.criteria.every((child) => matchItem(child, item, location, context));
    case 'LogicalOr':
      return c.criteria.some((child) => matchItem(child, item, location, context));
    case 'LogicalNot':
      return !matchItem(c.criterion, item, location, context);
    case 'MatchAll':
      return true;
    case 'MatchNone':
      return false;
    case 'ContentId':
      return c.values.includes(item.contentInfo.id);
    case 'ContentRemoteId':
      return c.values.some((value) => sameRemoteId(value, item.contentInfo.remoteId));
    case 'ContentTypeId':
      return c.values.includes(item.contentInfo.contentTypeId);
    case 'ContentTypeIdentifier':
      return c.values.includes(item.contentType.identifier);
    case 'ContentTypeGroupId':
      return item.contentType.groupIds.some((id) => c.values.includes(id));
    case 'SectionId':
      return c.values.includes(item.contentInfo.sectionId);
    case 'SectionIdentifier':
      return c.values.includes(item.section.identifier);
    case 'LocationId':
      return anyLocation(item, location, (l) => c.values.includes(l.id));
    case 'LocationRemoteId':
      return anyLocation(item, location, (l) => c.values.some((value) => sameRemoteId(value, l.remoteId)));
    case 'ParentLocationId':
      return anyLocation(item, location, (l) => c.values.includes(l.parentLocationId));
    case 'Subtree':
      return anyLocation(item, location, (l) => c.values.some((path) => l.pathString.startsWith(path)));
    case 'Ancestor':
      return matchAncestor(c, item, location);
    case 'Visibility':
      return matchVisibility(c, item, location);
    case 'LocationDepth':
      return anyLocation(item, location, (l) => compareRange(c.operator, l.depth, c.values));
    case 'LocationPriority':
      return anyLocation(item, location, (l) => compareRange(c.operator, l.priority, c.values));
    case 'IsMainLocation':
      return anyLocation(item, location, (l) => (l.id === item.contentInfo.mainLocationId) === c.value);
    case 'LanguageCode':
      return item.versionInfo.languageCodes.some((code) => c.values.includes(code)) || (c.matchAlwaysAvailable && item.contentInfo.alwaysAvailable);
    case 'FullText':
      return matchFullText(c, item, context);
    case 'DateMetadata':
      return matchDateMetadata(c, item);
    case 'UserMetadata':
      return matchUserMetadata(c, item);
    case 'Field':
      return matchField(c, item, context);
    case 'IsFieldEmpty':
      return matchIsFieldEmpty(c, item, context);
    case 'IsContainer':
      return item.contentType.isContainer === c.value;
    case 'IsUserBased':
      return (item.account !== null) === c.value;
    case 'IsUserEnabled':
      return item.account !== null && item.account.enabled === c.value;
    case 'UserId':
      return item.account !== null && c.values.includes(item.contentInfo.id);
    case 'UserLogin':
      return item.account !== null && c.values.some((value) => wildcardMatch(value, item.account?.login ?? ''));
    case 'UserEmail':
      return item.account !== null && c.values.some((value) => wildcardMatch(value, item.account?.email ?? ''));
    case 'ObjectStateId':
      return item.states.some((state) => c.values.includes(state.id));
    case 'ObjectStateIdentifier':
      return item.states.some(
        (state) => c.values.includes(state.identifier) && (c.groupIdentifier === null || c.groupIdentifier === state.groupIdentifier),
      );
    case 'ContentName':
      return Object.values(item.versionInfo.names).some((name) => wildcardMatch(c.value, name));
    case 'IsBookmarked':
      return anyLocation(item, location, (l) => (item.bookmarkedBy.get(c.userId)?.has(l.id) ?? false) === c.value);
    case 'ImageMimeType':
      return matchImageMimeType(c, item, context);
    case 'ImageFileSize':
      return matchImageFileSize(c, item, context);
    case 'ImageDimensions':
      return matchImageDimensions(c, item, context);
    case 'ImageOrientation':
      return matchImageOrientation(c, item, context);
    default:
      return assertNever(c, 'criterion');
  }
}
