import type { LocationRecord } from '../../../api/values/location.js';
import { assertNever, NotImplementedError } from '../../../errors/repository-error.js';
import type { Criterion, RangeOperator } from '../criterion.js';
import type { IndexedItem } from './indexed-item.js';

const anyLocation = (item: IndexedItem, location: LocationRecord | null, test: (candidate: LocationRecord) => boolean): boolean =>
  location ? test(location) : item.locations.some(test);

/** Compares with a range operator; `values` as the criterion carries them. */
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
  }
}

const seconds = (date: Date | null): number | null => (date === null ? null : Math.floor(date.getTime() / 1000));

/** `*` wildcard match, case-insensitive (UserLogin, UserEmail, ContentName). */
export function wildcardMatch(pattern: string, text: string): boolean {
  const escaped = pattern.toLowerCase().replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
  return new RegExp(`^${escaped}$`, 's').test(text.toLowerCase());
}

/**
 * Whether an item (content search, `location` null: a location criterion matches when any location of the item
 * does) or the hit's location (location search) matches. Reference semantics of every criterion,
 * search-auth-errors-data.md A.5–A.9.
 * @throws NotImplementedError for criteria the reference evaluator does not cover yet.
 */
export function matchItem(criterion: Criterion, item: IndexedItem, location: LocationRecord | null): boolean {
  const c = criterion;
  switch (c.type) {
    case 'LogicalAnd':
      return c.criteria.every((child) => matchItem(child, item, location));
    case 'LogicalOr':
      return c.criteria.some((child) => matchItem(child, item, location));
    case 'LogicalNot':
      return !matchItem(c.criterion, item, location);
    case 'MatchAll':
      return true;
    case 'MatchNone':
      return false;
    case 'ContentId':
      return c.values.includes(item.contentInfo.id);
    case 'ContentRemoteId':
      return c.values.includes(item.contentInfo.remoteId);
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
      return anyLocation(item, location, (l) => c.values.includes(l.remoteId));
    case 'ParentLocationId':
      return anyLocation(item, location, (l) => c.values.includes(l.parentLocationId));
    case 'Subtree':
      return anyLocation(item, location, (l) => c.values.some((path) => l.pathString.startsWith(path)));
    case 'Ancestor': {
      const ids = new Set(c.values.flatMap((path) => path.split('/').filter((part) => part !== '').map(Number)));
      return anyLocation(item, location, (l) => ids.has(l.id));
    }
    case 'Visibility':
      if (location) return c.value === 'VISIBLE' ? !location.invisible : location.invisible;
      return c.value === 'VISIBLE'
        ? item.locations.some((l) => !l.hidden && !l.invisible)
        : item.locations.some((l) => l.hidden || l.invisible);
    case 'LocationDepth':
      return anyLocation(item, location, (l) => compareRange(c.operator, l.depth, c.values));
    case 'LocationPriority':
      return anyLocation(item, location, (l) => compareRange(c.operator, l.priority, c.values));
    case 'IsMainLocation':
      return anyLocation(item, location, (l) => (l.id === item.contentInfo.mainLocationId) === c.value);
    case 'LanguageCode':
      return (
        item.versionInfo.languageCodes.some((code) => c.values.includes(code)) ||
        (c.matchAlwaysAvailable && item.contentInfo.alwaysAvailable)
      );
    case 'DateMetadata': {
      const value =
        c.target === 'modified'
          ? seconds(item.contentInfo.modificationDate)
          : c.target === 'trashed'
            ? null
            : seconds(item.contentInfo.publishedDate);
      return value !== null && compareRange(c.operator, value, c.values);
    }
    case 'UserMetadata':
      if (c.target === 'owner') return c.values.includes(item.contentInfo.ownerId);
      if (c.target === 'modifier') return c.values.includes(item.versionInfo.creatorId);
      return item.ownerGroupIds.some((id) => c.values.includes(id));
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
    case 'FullText':
    case 'Field':
    case 'IsFieldEmpty':
    case 'ImageMimeType':
    case 'ImageFileSize':
    case 'ImageDimensions':
    case 'ImageOrientation':
      throw new NotImplementedError(`No visitor available for: ${c.type}`);
    default:
      return assertNever(c, 'criterion');
  }
}
