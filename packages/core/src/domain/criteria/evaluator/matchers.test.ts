import { describe, expect, it } from '@jest/globals';
import { evaluationContext, indexedItem, indexEntry } from '../../../testing/contract/search-items.js';
import type { Criterion } from '../criterion.js';
import type { LanguageFilter } from '../query.js';
import type { IndexedItem } from './indexed-item.js';
import { matchItem } from './matchers.js';

const matches = (criterion: Criterion, item: IndexedItem, filter: LanguageFilter = {}, others: readonly IndexedItem[] = []): boolean =>
  matchItem(criterion, item, null, evaluationContext([item, ...others], filter));

const twoPlaces = indexedItem({
  id: 7,
  locations: [
    { id: 20, parentLocationId: 2, pathString: '/1/2/20/', depth: 2, priority: 3 },
    { id: 30, parentLocationId: 25, pathString: '/1/2/25/30/', depth: 3, hidden: true, invisible: true, remoteId: 'second' },
  ],
  contentInfo: { mainLocationId: 20 },
});

describe('reference evaluator: metadata and tree criteria', () => {
  it('matches content columns, sections, types and groups', () => {
    const item = indexedItem({ id: 5, contentInfo: { contentTypeId: 2, sectionId: 3 }, section: { id: 3, identifier: 'media', name: 'Media' } });
    expect(matches({ type: 'ContentId', values: [4, 5] }, item)).toBe(true);
    expect(matches({ type: 'ContentRemoteId', values: ['remote-5'] }, item)).toBe(true);
    expect(matches({ type: 'ContentTypeId', values: [1] }, item)).toBe(false);
    expect(matches({ type: 'ContentTypeIdentifier', values: ['folder'] }, item)).toBe(true);
    expect(matches({ type: 'ContentTypeGroupId', values: [1] }, item)).toBe(true);
    expect(matches({ type: 'SectionId', values: [3] }, item)).toBe(true);
    expect(matches({ type: 'SectionIdentifier', values: ['standard'] }, item)).toBe(false);
    expect(matches({ type: 'IsContainer', value: false }, item)).toBe(false);
  });

  it('matches location criteria on any location in a content search and on the hit location otherwise', () => {
    const context = evaluationContext([twoPlaces]);
    const [main, second] = twoPlaces.locations;
    if (!main || !second) throw new Error('locations missing');
    const cases: [Criterion, boolean, boolean, boolean][] = [
      [{ type: 'LocationId', values: [30] }, true, false, true],
      [{ type: 'LocationRemoteId', values: ['second'] }, true, false, true],
      [{ type: 'ParentLocationId', values: [2] }, true, true, false],
      [{ type: 'Subtree', values: ['/1/2/25/'] }, true, false, true],
      [{ type: 'Subtree', values: ['/1/2/2'] }, true, true, true],
      [{ type: 'Ancestor', values: ['/1/2/20/'] }, true, true, false],
      [{ type: 'Visibility', value: 'VISIBLE' }, true, true, false],
      [{ type: 'Visibility', value: 'HIDDEN' }, true, false, true],
      [{ type: 'LocationDepth', operator: 'GT', values: [2] }, true, false, true],
      [{ type: 'LocationPriority', operator: 'BETWEEN', values: [1, 3] }, true, true, false],
      [{ type: 'IsMainLocation', value: true }, true, true, false],
    ];
    for (const [criterion, content, atMain, atSecond] of cases) {
      expect([criterion.type, matchItem(criterion, twoPlaces, null, context)]).toEqual([criterion.type, content]);
      expect([criterion.type, matchItem(criterion, twoPlaces, main, context)]).toEqual([criterion.type, atMain]);
      expect([criterion.type, matchItem(criterion, twoPlaces, second, context)]).toEqual([criterion.type, atSecond]);
    }
  });

  it('combines with AND, OR and NOT; empty AND matches all and empty OR none', () => {
    const item = indexedItem();
    expect(matches({ type: 'LogicalAnd', criteria: [] }, item)).toBe(true);
    expect(matches({ type: 'LogicalOr', criteria: [] }, item)).toBe(false);
    expect(matches({ type: 'LogicalNot', criterion: { type: 'MatchNone' } }, item)).toBe(true);
    expect(
      matches({ type: 'LogicalOr', criteria: [{ type: 'MatchNone' }, { type: 'LogicalAnd', criteria: [{ type: 'MatchAll' }, { type: 'ContentId', values: [100] }] }] }, item),
    ).toBe(true);
  });

  it('matches languages, with always-available items matching any language when asked', () => {
    const item = indexedItem({ contentInfo: { alwaysAvailable: true }, versionInfo: { languageCodes: ['eng-GB', 'pol-PL'] } });
    const only = indexedItem({ contentInfo: { alwaysAvailable: false } });
    expect(matches({ type: 'LanguageCode', values: ['pol-PL'], matchAlwaysAvailable: false }, item)).toBe(true);
    expect(matches({ type: 'LanguageCode', values: ['ger-DE'], matchAlwaysAvailable: true }, item)).toBe(true);
    expect(matches({ type: 'LanguageCode', values: ['ger-DE'], matchAlwaysAvailable: true }, only)).toBe(false);
  });

  it('matches dates in Unix seconds; created and published read the publication date; trashed never', () => {
    const item = indexedItem({
      contentInfo: { modificationDate: new Date('2024-03-01T00:00:00.900Z'), publishedDate: new Date('2024-01-01T00:00:00Z') },
    });
    const modified = Date.parse('2024-03-01T00:00:00Z') / 1000;
    const published = Date.parse('2024-01-01T00:00:00Z') / 1000;
    expect(matches({ type: 'DateMetadata', target: 'modified', operator: 'EQ', values: [modified] }, item)).toBe(true);
    expect(matches({ type: 'DateMetadata', target: 'created', operator: 'LT', values: [published + 1] }, item)).toBe(true);
    expect(matches({ type: 'DateMetadata', target: 'published', operator: 'IN', values: [1, published] }, item)).toBe(true);
    expect(matches({ type: 'DateMetadata', target: 'modified', operator: 'BETWEEN', values: [published, modified - 1] }, item)).toBe(false);
    expect(matches({ type: 'DateMetadata', target: 'trashed', operator: 'GTE', values: [0] }, item)).toBe(false);
  });
});

describe('reference evaluator: user, state and name criteria', () => {
  const user = indexedItem({
    id: 14,
    versionInfo: { creatorId: 10, names: { 'eng-GB': 'Administrator User', 'pol-PL': 'Administrator' } },
    account: { contentId: 14, login: 'admin', email: 'Admin@Link.invalid', passwordHash: 'x', enabled: true, maxLogin: 10, passwordUpdatedAt: null },
    ownerGroupIds: [4, 12],
    states: [{ id: 2, identifier: 'locked', groupIdentifier: 'ibexa_lock' }],
  });

  it('matches owners, owner groups and modifiers', () => {
    expect(matches({ type: 'UserMetadata', target: 'owner', values: [14] }, user)).toBe(true);
    expect(matches({ type: 'UserMetadata', target: 'modifier', values: [14] }, user)).toBe(false);
    expect(matches({ type: 'UserMetadata', target: 'modifier', values: [10] }, user)).toBe(true);
    expect(matches({ type: 'UserMetadata', target: 'group', values: [12] }, user)).toBe(true);
  });

  it('matches user accounts by id, login and email, case-insensitively with * wildcards', () => {
    const folder = indexedItem();
    expect(matches({ type: 'IsUserBased', value: true }, user)).toBe(true);
    expect(matches({ type: 'IsUserBased', value: false }, folder)).toBe(true);
    expect(matches({ type: 'IsUserEnabled', value: true }, user)).toBe(true);
    expect(matches({ type: 'IsUserEnabled', value: false }, folder)).toBe(false);
    expect(matches({ type: 'UserId', values: [14] }, user)).toBe(true);
    expect(matches({ type: 'UserId', values: [100] }, folder)).toBe(false);
    expect(matches({ type: 'UserLogin', values: ['ADM*'] }, user)).toBe(true);
    expect(matches({ type: 'UserLogin', values: ['anonymous', 'admin'] }, user)).toBe(true);
    expect(matches({ type: 'UserEmail', values: ['admin@link.invalid'] }, user)).toBe(true);
    expect(matches({ type: 'UserEmail', values: ['*@example.com'] }, user)).toBe(false);
  });

  it('matches object states by id and by identifier within a group', () => {
    expect(matches({ type: 'ObjectStateId', values: [2] }, user)).toBe(true);
    expect(matches({ type: 'ObjectStateIdentifier', values: ['locked'], groupIdentifier: null }, user)).toBe(true);
    expect(matches({ type: 'ObjectStateIdentifier', values: ['locked'], groupIdentifier: 'other' }, user)).toBe(false);
  });

  it('matches names of any translation, case-insensitively, with * and literal % _', () => {
    expect(matches({ type: 'ContentName', value: 'administrator' }, user)).toBe(true);
    expect(matches({ type: 'ContentName', value: 'admin*' }, user)).toBe(true);
    expect(matches({ type: 'ContentName', value: '*user' }, user)).toBe(true);
    expect(matches({ type: 'ContentName', value: 'admin%' }, user)).toBe(false);
    expect(matches({ type: 'ContentName', value: 'admin' }, user)).toBe(false);
  });

  it('matches bookmarks of the given user per location', () => {
    const item = indexedItem({ bookmarkedBy: new Map([[14, new Set([200])]]) });
    expect(matches({ type: 'IsBookmarked', userId: 14, value: true }, item)).toBe(true);
    expect(matches({ type: 'IsBookmarked', userId: 10, value: true }, item)).toBe(false);
  });
});

describe('reference evaluator: full-text and field criteria', () => {
  const bilingual = indexedItem({
    id: 1,
    contentInfo: { alwaysAvailable: false },
    versionInfo: { languageCodes: ['eng-GB', 'pol-PL'] },
    fields: [
      indexEntry('title', { sortKeyString: 'victory day', fullText: 'Victory day' }),
      indexEntry('title', { languageCode: 'pol-PL', sortKeyString: 'dzień zwycięstwa', fullText: 'Dzień zwycięstwa' }),
      indexEntry('count', { fieldTypeIdentifier: 'ezinteger', searchFamily: 'integer', sortKeyInt: 5 }),
      indexEntry('count', { fieldTypeIdentifier: 'ezinteger', searchFamily: 'integer', languageCode: 'pol-PL', sortKeyInt: 6 }),
      indexEntry('summary'),
    ],
    images: [{ fieldDefIdentifier: 'image', languageCode: 'eng-GB', mimeType: 'image/png', fileSize: 3 * 1024 * 1024, width: 800, height: 600 }],
  });

  it('compares the main language without a language filter, else the first translation present', () => {
    const title = (value: string): Criterion => ({ type: 'Field', target: 'title', operator: 'EQ', values: [value] });
    expect(matches(title('Victory Day'), bilingual)).toBe(true);
    expect(matches(title('dzień zwycięstwa'), bilingual)).toBe(false);
    expect(matches(title('dzień zwycięstwa'), bilingual, { languages: ['ger-DE', 'pol-PL', 'eng-GB'] })).toBe(true);
    expect(matches({ type: 'Field', target: 'count', operator: 'GT', values: [5] }, bilingual, { languages: ['pol-PL'] })).toBe(true);
    expect(matches(title('victory day'), bilingual, { languages: ['ger-DE'] })).toBe(false);
    const available = indexedItem({ fields: [indexEntry('title', { sortKeyString: 'x' })] });
    expect(matches(title('x'), available, { languages: ['ger-DE'] })).toBe(true);
    expect(matches(title('x'), available, { languages: ['ger-DE'], useAlwaysAvailable: false })).toBe(false);
  });

  it('tells empty fields from filled ones and ignores items without the field', () => {
    expect(matches({ type: 'IsFieldEmpty', target: 'summary', value: true }, bilingual)).toBe(true);
    expect(matches({ type: 'IsFieldEmpty', target: 'title', value: false }, bilingual)).toBe(true);
    expect(matches({ type: 'IsFieldEmpty', target: 'absent', value: true }, bilingual)).toBe(false);
    expect(matches({ type: 'IsFieldEmpty', target: 'absent', value: false }, bilingual)).toBe(false);
  });

  it('searches full text in the filter languages, plus the main language of always-available items', () => {
    const others = Array.from({ length: 4 }, (_, index) => indexedItem({ id: 50 + index, fields: [indexEntry('title', { fullText: 'other' })] }));
    expect(matches({ type: 'FullText', value: 'VICTORY' }, bilingual, {}, others)).toBe(true);
    expect(matches({ type: 'FullText', value: 'zwyci*' }, bilingual, {}, others)).toBe(true);
    expect(matches({ type: 'FullText', value: 'zwyci*' }, bilingual, { languages: ['eng-GB'] }, others)).toBe(false);
    expect(matches({ type: 'FullText', value: 'nothing here' }, bilingual, {}, others)).toBe(false);
    expect(matches({ type: 'FullText', value: 'other' }, others[0] ?? bilingual, {}, [bilingual, ...others.slice(1)])).toBe(false);
  });

  it('matches image data: MIME type, size in megabytes, dimensions and orientation', () => {
    expect(matches({ type: 'ImageMimeType', fieldDefIdentifier: 'image', values: ['image/png'] }, bilingual)).toBe(true);
    expect(matches({ type: 'ImageFileSize', fieldDefIdentifier: 'image', min: 0, max: 3 }, bilingual)).toBe(true);
    expect(matches({ type: 'ImageFileSize', fieldDefIdentifier: 'image', min: 3.5, max: null }, bilingual)).toBe(false);
    expect(
      matches({ type: 'ImageDimensions', fieldDefIdentifier: 'image', width: { min: 800, max: null }, height: { min: 0, max: 599 } }, bilingual),
    ).toBe(false);
    expect(matches({ type: 'ImageDimensions', fieldDefIdentifier: 'image', width: { min: 1, max: 800 }, height: null }, bilingual)).toBe(true);
    expect(matches({ type: 'ImageOrientation', fieldDefIdentifier: 'image', values: ['landscape'] }, bilingual)).toBe(true);
    expect(matches({ type: 'ImageOrientation', fieldDefIdentifier: 'other', values: ['landscape'] }, bilingual)).toBe(false);
  });
});
