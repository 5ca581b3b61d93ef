import { expect, it } from '@jest/globals';
import { compareStrings, type Criterion, type PersistenceHandler, type ResolvedQuery, type SortClause } from '@contentrepo/core';
import { publishFolder } from '../test-support/builders.js';
import { describeOnEachDialect } from '../test-support/dialect-suite.js';

/**
 * The SQL details the contract's random data rarely reach, on each dialect: wildcard escaping (`%`, `_`, `[`, `?`
 * are literal), code-point order on PostgreSQL (`COLLATE "C"`, not UTF-16 and not the locale), NULL keys of the
 * Field sort, bookmarks, and the Legacy stop-word rule as the number of published items changes.
 */

const query = (criterion: Criterion, sortClauses: SortClause[] = []): ResolvedQuery => ({ criterion, sortClauses, offset: 0, limit: 100, languageFilter: {} });

/** Publishes a folder below `parent` and indexes its name as `ezstring` field 4 with `fullText` as its words. */
async function indexedFolder(persistence: PersistenceHandler, name: string, parent: number, fullText = name): Promise<number> {
  const { contentId } = await publishFolder(persistence, name, parent);
  await persistence.searchHandler.indexContent({
    contentId,
    versionNo: 1,
    fields: [
      { fieldDefinitionId: 4, fieldDefIdentifier: 'name', fieldTypeIdentifier: 'ezstring', searchFamily: 'text', languageCode: 'eng-GB', sortKeyInt: null, sortKeyString: name.toLowerCase(), fullText },
    ],
  });
  return contentId;
}

describeOnEachDialect('search SQL details', (store) => {
  const names = ['100% pure', '100x pure', 'a_b', 'axb', 'brackets [x]', 'bracketsx', 'what?', 'what!'] as const;
  let scope: Criterion = { type: 'MatchNone' };
  const ids = new Map<string, number>();

  const hits = async (criterion: Criterion): Promise<string[]> => {
    const result = await store().persistence.searchHandler.findContent(query({ type: 'LogicalAnd', criteria: [scope, criterion] }));
    return result.ids.map((id) => [...ids].find(([, value]) => value === id)?.[0] ?? String(id));
  };
  const like = (value: string): Criterion => ({ type: 'Field', target: 'name', operator: 'LIKE', values: [value] });

  it('treats %, _, [ and ? as literal characters in LIKE and ContentName patterns, * as the wildcard', async () => {
    const { persistence } = store();
    const parent = await publishFolder(persistence, 'Wildcards', 2);
    scope = { type: 'ParentLocationId', values: [parent.locationId] };
    for (const name of names) ids.set(name, await indexedFolder(persistence, name, parent.locationId));
    expect(await hits(like('100%*'))).toEqual(['100% pure']);
    expect(await hits(like('100*'))).toEqual(['100% pure', '100x pure']);
    expect(await hits(like('a_b'))).toEqual(['a_b']);
    expect(await hits(like('*[x]'))).toEqual(['brackets [x]']);
    expect(await hits(like('WHAT?'))).toEqual(['what?']);
    expect(await hits(like('what*'))).toEqual(['what?', 'what!']);
    expect(await hits({ type: 'Field', target: 'name', operator: 'CONTAINS', values: ['%'] })).toEqual(['100% pure']);
    expect(await hits({ type: 'ContentName', value: 'A_*' })).toEqual(['a_b']);
    expect(await hits({ type: 'ContentName', value: '*%*' })).toEqual(['100% pure']);
    expect(await hits({ type: 'ContentName', value: 'brackets?' })).toEqual([]);
  });

  it('orders and compares strings by code point, whatever the database locale', async () => {
    const { persistence } = store();
    const parent = await publishFolder(persistence, 'Code points', 2);
    scope = { type: 'ParentLocationId', values: [parent.locationId] };
    const words = ['Zebra', 'apple', 'Ωmega', 'Ａbc', '𝒜lpha', 'éclair', 'eclair'];
    for (const word of words) ids.set(word, await indexedFolder(persistence, word, parent.locationId));
    const byCodePoint = [...words].sort((a, b) => compareStrings(a.toLowerCase(), b.toLowerCase()));
    expect(byCodePoint).toEqual(['apple', 'eclair', 'Zebra', 'éclair', 'Ωmega', 'Ａbc', '𝒜lpha']);
    const sorted = await store().persistence.searchHandler.findContent(
      query(scope, [{ type: 'Field', contentTypeIdentifier: 'folder', fieldDefinitionIdentifier: 'name', direction: 'ascending' }]),
    );
    expect(sorted.ids).toEqual(byCodePoint.map((word) => ids.get(word)));
    const byName = await store().persistence.searchHandler.findContent(query(scope, [{ type: 'ContentName', direction: 'descending' }]));
    expect(byName.ids).toEqual([...byCodePoint].reverse().map((word) => ids.get(word)));
    // U+FF5A (ｚ) < U+1D49C (𝒜) by code point, though UTF-16 puts the surrogate pair first.
    expect(await hits({ type: 'Field', target: 'name', operator: 'GT', values: ['ｚ'] })).toEqual(['𝒜lpha']);
  });

  it('sorts hits without the field (other types, unindexed items) first ascending and last descending', async () => {
    const { persistence } = store();
    const parent = await publishFolder(persistence, 'Nulls', 2);
    scope = { type: 'ParentLocationId', values: [parent.locationId] };
    const unindexed = await publishFolder(persistence, 'Unindexed', parent.locationId);
    ids.set('unindexed', unindexed.contentId);
    for (const word of ['m', 'b']) ids.set(word, await indexedFolder(persistence, word, parent.locationId));
    const field = (direction: 'ascending' | 'descending'): SortClause => ({ type: 'Field', contentTypeIdentifier: 'folder', fieldDefinitionIdentifier: 'name', direction });
    const ordered = async (clauses: SortClause[]): Promise<string[]> => {
      const result = await store().persistence.searchHandler.findContent(query(scope, clauses));
      return result.ids.map((id) => [...ids].find(([, value]) => value === id)?.[0] ?? String(id));
    };
    expect(await ordered([field('ascending')])).toEqual(['unindexed', 'b', 'm']);
    expect(await ordered([field('descending')])).toEqual(['m', 'b', 'unindexed']);
    const otherType: SortClause = { type: 'Field', contentTypeIdentifier: 'user_group', fieldDefinitionIdentifier: 'name', direction: 'descending' };
    expect(await ordered([otherType, { type: 'ContentId', direction: 'descending' }])).toEqual(['b', 'm', 'unindexed']);
  });

  it('pages a listing sorted by a field descending from the sorted walk exactly as the full sort orders it', async () => {
    const { persistence } = store();
    const parent = await publishFolder(persistence, 'Sorted walk', 2);
    // A subtree (a parent location would be sorted without a walk: it names few hits).
    scope = { type: 'Subtree', values: [parent.pathString] };
    // Ties (same key), an entry without keys, an item without an entry: keyed hits first, then the others by id.
    const keyed = ['delta', 'alpha', 'delta', 'charlie', 'bravo', 'delta', 'echo'];
    const all: number[] = [];
    for (const name of keyed) all.push(await indexedFolder(persistence, name, parent.locationId));
    const empty = await publishFolder(persistence, 'No key', parent.locationId);
    await persistence.searchHandler.indexContent({
      contentId: empty.contentId,
      versionNo: 1,
      fields: [{ fieldDefinitionId: 4, fieldDefIdentifier: 'name', fieldTypeIdentifier: 'ezstring', searchFamily: 'text', languageCode: 'eng-GB', sortKeyInt: null, sortKeyString: null, fullText: '' }],
    });
    const unindexed = await publishFolder(persistence, 'Unindexed', parent.locationId);
    const byName: SortClause[] = [{ type: 'Field', contentTypeIdentifier: 'folder', fieldDefinitionIdentifier: 'name', direction: 'descending' }];
    const notAlpha: Criterion = { type: 'LogicalAnd', criteria: [scope, { type: 'LogicalNot', criterion: { type: 'Field', target: 'name', operator: 'EQ', values: ['alpha'] } }] };
    const page = async (criterion: Criterion, offset: number, limit: number, performCount?: boolean) =>
      persistence.searchHandler.findContent({ criterion, sortClauses: byName, offset, limit, languageFilter: {}, ...(performCount === undefined ? {} : { performCount }) });
    const keyedOrder = all
      .map((id, index) => ({ id, key: keyed[index] ?? '' }))
      .sort((a, b) => (a.key === b.key ? a.id - b.id : a.key < b.key ? 1 : -1))
      .map((hit) => hit.id);
    const expected = [...keyedOrder, parent.contentId, empty.contentId, unindexed.contentId].sort((a, b) => {
      const rank = (id: number): number => { const at = keyedOrder.indexOf(id); return at < 0 ? keyedOrder.length + id : at; };
      return rank(a) - rank(b);
    });
    expect((await page(scope, 0, 100)).ids).toEqual(expected);
    for (let offset = 0; offset < expected.length; offset += 1) {
      for (const limit of [1, 2, 3]) {
        const found = await page(scope, offset, limit);
        expect([offset, limit, found.ids, found.totalCount]).toEqual([offset, limit, expected.slice(offset, offset + limit), expected.length]);
        expect((await page(scope, offset, limit, false)).totalCount).toBeNull();
      }
    }
    const withoutAlpha = expected.filter((id) => id !== all[1]);
    expect((await page(notAlpha, 1, 3)).ids).toEqual(withoutAlpha.slice(1, 4));
  });

  it('answers CONTAINS on text lines through the trigram indexes exactly as a substring test, kept up to date', async () => {
    const { persistence } = store();
    const parent = await publishFolder(persistence, 'Trigrams', 2);
    scope = { type: 'ParentLocationId', values: [parent.locationId] };
    const titles = ['Kalomi Rusa 1', 'rusakalo 2', 'Quote "x" 3', '100% _pure_ 4', 'back\\slash 5', 'Ωmega éclair 6', '𝒜lpha 7'];
    for (const title of titles) ids.set(title, await indexedFolder(persistence, title, parent.locationId));
    // The search service lists the target's types: `name` holds `ezstring` entries only (the trigram path).
    const contains = async (value: string, listed = true): Promise<string[]> => {
      const criterion: Criterion = { type: 'LogicalAnd', criteria: [scope, { type: 'Field', target: 'name', operator: 'CONTAINS', values: [value] }] };
      const result = await persistence.searchHandler.findContent({
        ...query(criterion),
        ...(listed ? { fieldTargetTypes: new Map([['name', { text: ['ezstring'] }]]) } : {}),
      });
      return result.ids.map((id) => [...ids].find(([, known]) => known === id)?.[0] ?? String(id));
    };
    const cases = ['kalo', 'KALO', 'rusa', 'a k', '"x"', '% _p', '_', '\\', 'ωmega é', '𝒜l', 'lp', 'ka', 'a', '', 'zzz', 'mi rusa 1'];
    for (const value of cases) {
      const expected = titles.filter((title) => title.toLowerCase().includes(value.toLowerCase()));
      expect([value, await contains(value)]).toEqual([value, expected]);
      expect([value, await contains(value, false)]).toEqual([value, expected]);
    }
    // Re-indexing replaces the old value in the trigram index; deleting removes it.
    const first = ids.get('Kalomi Rusa 1') ?? 0;
    await persistence.searchHandler.indexContent({
      contentId: first,
      versionNo: 2,
      fields: [
        { fieldDefinitionId: 4, fieldDefIdentifier: 'name', fieldTypeIdentifier: 'ezstring', searchFamily: 'text', languageCode: 'eng-GB', sortKeyInt: null, sortKeyString: 'renamed tovi', fullText: 'renamed tovi' },
      ],
    });
    expect(await contains('kalomi')).toEqual([]);
    expect(await contains('tovi')).toEqual(['Kalomi Rusa 1']);
    await persistence.searchHandler.deleteContent(ids.get('rusakalo 2') ?? 0);
    expect(await contains('rusa')).toEqual([]);
  });
});

describeOnEachDialect('search bookmarks', (store) => {
  it('matches the locations a user bookmarked (IsBookmarked true) and the others (false)', async () => {
    const { persistence } = store();
    const first = await publishFolder(persistence, 'Kept', 2);
    const second = await publishFolder(persistence, 'Not kept', 2);
    await store().query('INSERT INTO bookmark (user_id, location_id) VALUES (?, ?), (?, ?)', [14, first.locationId, 10, second.locationId]);
    const locations = async (value: boolean): Promise<readonly number[]> =>
      (
        await persistence.searchHandler.findLocations(
          query({ type: 'LogicalAnd', criteria: [{ type: 'LocationId', values: [first.locationId, second.locationId] }, { type: 'IsBookmarked', userId: 14, value }] }),
        )
      ).ids;
    expect(await locations(true)).toEqual([first.locationId]);
    expect(await locations(false)).toEqual([second.locationId]);
  });
});

describeOnEachDialect('search stop words', (store) => {
  const fullText = async (value: string): Promise<number | null> =>
    (await store().persistence.searchHandler.findContent(query({ type: 'FullText', value }))).totalCount;

  it('ignores words in at least floor(66% of the published items), counted anew as items are published', async () => {
    const { persistence } = store();
    // The small seed has 6 published items; 4 more make 10, so words in 6 or more items are stop words.
    const mk = async (name: string, text: string) => indexedFolder(persistence, name, 2, text);
    await mk('One', 'common usual');
    await mk('Two', 'common usual');
    await mk('Three', 'common usual');
    await mk('Four', 'common usual');
    for (const contentId of [1, 19]) {
      await persistence.searchHandler.indexContent({
        contentId,
        versionNo: 1,
        fields: [{ fieldDefinitionId: 4, fieldDefIdentifier: 'name', fieldTypeIdentifier: 'ezstring', searchFamily: 'text', languageCode: 'eng-GB', sortKeyInt: null, sortKeyString: 'x', fullText: contentId === 1 ? 'common usual' : 'common' }],
      });
    }
    expect(await fullText('common')).toBe(0);
    expect(await fullText('comm*')).toBe(0);
    expect(await fullText('usual')).toBe(5);
    expect(await fullText('common usual')).toBe(5);
    await mk('Five', 'rare');
    expect(await fullText('common')).toBe(6);
    expect(await fullText('*ommo*')).toBe(6);
    await persistence.searchHandler.deleteContent(19);
    expect(await fullText('common')).toBe(5);
    expect(await fullText('nul\u0000char')).toBe(0);
  });
});
