import type { ContentInfo, VersionInfo } from '../../api/values/content.js';
import type { LocationRecord } from '../../api/values/location.js';
import type { EvaluationContext } from '../../domain/criteria/evaluator/evaluation-context.js';
import { createFullTextIndex } from '../../domain/criteria/evaluator/full-text.js';
import type { ImageFacts, IndexedItem } from '../../domain/criteria/evaluator/indexed-item.js';
import type { LanguageFilter } from '../../domain/criteria/query.js';
import type { FieldIndexEntry } from '../../spi/search-handler.js';

/**
 * Test-data builders for the reference evaluator's unit tests: an {@link IndexedItem} with sensible defaults
 * (a published eng-GB folder at `/1/2/<id+100>/`, section 1 `standard`, owner 14) that a test overrides.
 */

/** Overrides of {@link indexedItem}. */
export interface ItemOverrides {
  readonly id?: number;
  readonly contentInfo?: Partial<ContentInfo>;
  readonly versionInfo?: Partial<VersionInfo>;
  readonly locations?: readonly Partial<LocationRecord>[];
  readonly contentType?: Partial<IndexedItem['contentType']>;
  readonly section?: { readonly id: number; readonly identifier: string; readonly name: string };
  readonly states?: IndexedItem['states'];
  readonly account?: IndexedItem['account'];
  readonly fields?: readonly FieldIndexEntry[];
  readonly images?: readonly ImageFacts[];
  readonly ownerGroupIds?: readonly number[];
  readonly bookmarkedBy?: IndexedItem['bookmarkedBy'];
}

const DATE = new Date('2024-01-01T00:00:00Z');

/** An indexed item (see the module docstring for the defaults). */
export function indexedItem(overrides: ItemOverrides = {}): IndexedItem {
  const id = overrides.id ?? 100;
  const contentInfo: ContentInfo = {
    id,
    contentTypeId: 1,
    name: `Item ${id}`,
    sectionId: 1,
    currentVersionNo: 1,
    ownerId: 14,
    modificationDate: DATE,
    publishedDate: DATE,
    alwaysAvailable: true,
    remoteId: `remote-${id}`,
    mainLanguageCode: 'eng-GB',
    mainLocationId: id + 100,
    status: 'PUBLISHED',
    isHidden: false,
    ...overrides.contentInfo,
  };
  const versionInfo: VersionInfo = {
    id,
    contentId: id,
    versionNo: 1,
    status: 'PUBLISHED',
    modificationDate: DATE,
    creatorId: 14,
    creationDate: DATE,
    initialLanguageCode: 'eng-GB',
    languageCodes: ['eng-GB'],
    names: { 'eng-GB': contentInfo.name },
    ...overrides.versionInfo,
  };
  const locations = (overrides.locations ?? [{}]).map((location, index): LocationRecord => {
    const locationId = location.id ?? id + 100 + index * 1000;
    return {
      id: locationId,
      parentLocationId: 2,
      contentId: id,
      pathString: `/1/2/${locationId}/`,
      depth: 2,
      priority: 0,
      hidden: false,
      invisible: false,
      remoteId: `location-${locationId}`,
      sortField: 'PATH',
      sortOrder: 'ASC',
      ...location,
    };
  });
  return {
    contentInfo,
    versionInfo,
    locations,
    contentType: { identifier: 'folder', name: 'Folder', isContainer: true, groupIds: [1], ...overrides.contentType },
    section: overrides.section ?? { id: 1, identifier: 'standard', name: 'Standard' },
    states: overrides.states ?? [{ id: 1, identifier: 'not_locked', groupIdentifier: 'ibexa_lock' }],
    account: overrides.account ?? null,
    fields: overrides.fields ?? [],
    images: overrides.images ?? [],
    ownerGroupIds: overrides.ownerGroupIds ?? [],
    bookmarkedBy: overrides.bookmarkedBy ?? new Map(),
  };
}

/** An index entry of field `identifier` (type `ezstring`, family `text` unless given) in eng-GB. */
export function indexEntry(identifier: string, data: Partial<FieldIndexEntry> = {}): FieldIndexEntry {
  return {
    fieldDefinitionId: 1,
    fieldDefIdentifier: identifier,
    fieldTypeIdentifier: 'ezstring',
    searchFamily: 'text',
    languageCode: 'eng-GB',
    sortKeyInt: null,
    sortKeyString: null,
    fullText: '',
    ...data,
  };
}

/** An evaluation context over `items` (their full-text statistics) with a language filter. */
export function evaluationContext(items: readonly IndexedItem[], languageFilter: LanguageFilter = {}): EvaluationContext {
  return { languageFilter, fullText: createFullTextIndex(items) };
}
