import { expect, it } from '@jest/globals';
import type { ContentIndexDocument } from '@contentrepo/core';
import { describeOnEachDialect } from '../test-support/dialect-suite.js';
import type { TestStore } from '../test-support/test-stores.js';

const document = (contentId: number, text: string, keywords: readonly (string | number)[], languageCode = 'eng-GB'): ContentIndexDocument => ({
  contentId,
  versionNo: 1,
  fields: [
    {
      fieldDefinitionId: 4,
      fieldDefIdentifier: 'name',
      fieldTypeIdentifier: 'ezstring',
      searchFamily: 'text',
      languageCode,
      sortKeyInt: null,
      sortKeyString: text.toLowerCase(),
      fullText: text,
      elements: ['not stored: ezstring is not a collection type'],
    },
    {
      fieldDefinitionId: 5,
      fieldDefIdentifier: 'tags',
      fieldTypeIdentifier: 'ezkeyword',
      searchFamily: 'collection',
      languageCode,
      sortKeyInt: 42.9,
      sortKeyString: '𝒜'.repeat(300),
      fullText: 'Crème brûlée',
      elements: keywords,
    },
    {
      fieldDefinitionId: 6,
      fieldDefIdentifier: 'summary',
      fieldTypeIdentifier: 'eztext',
      searchFamily: 'text',
      languageCode,
      sortKeyInt: null,
      sortKeyString: null,
      fullText: '',
      elements: [],
    },
  ],
});

/** The words indexed for an item, per language (`language:word`), sorted. */
async function wordsOf(store: TestStore, contentId: number): Promise<string[]> {
  const dictionary = new Map<number, string>();
  for (const row of await store.query('SELECT id, word, reversed FROM search_word')) {
    expect([...row.str('word')].reverse().join('')).toBe(row.str('reversed'));
    dictionary.set(row.int('id'), row.str('word'));
  }
  const lists = await store.query('SELECT language_code, word_ids FROM search_word_list WHERE content_id = ?', [contentId]);
  return lists.flatMap((row) => row.str('word_ids').split(' ').map((id) => `${row.str('language_code')}:${dictionary.get(Number(id)) ?? `#${id}`}`)).sort();
}

describeOnEachDialect('search index', (store) => {
  it('writes sort keys, emptiness, collection elements, words and names, replacing the previous entry', async () => {
    const { persistence } = store();
    await persistence.searchHandler.indexContent(document(19, 'Twenty folder', ['red', 7]));
    await persistence.searchHandler.indexContent(document(19, 'Twenty Renamed', ['Blue']));
    await persistence.searchHandler.indexContent(document(20, 'Child folder', [], 'ger-DE'));
    const fields = await store().query('SELECT * FROM search_field WHERE content_id = ? ORDER BY field_definition_id', [19]);
    expect(
      fields.map((row) => [
        row.int('field_definition_id'),
        row.int('content_type_id'),
        row.intOrNull('sort_key_int'),
        [...(row.strOrNull('sort_key_string') ?? '')].length,
        row.bool('is_empty'),
      ]),
    ).toEqual([
      [4, 1, null, 'twenty renamed'.length, false],
      [5, 1, 42, 255, false],
      [6, 1, null, 0, true],
    ]);
    const elements = await store().query('SELECT field_def_identifier, value_string, value_int FROM search_field_element WHERE content_id = ? ORDER BY position', [19]);
    expect(elements.map((row) => [row.str('field_def_identifier'), row.strOrNull('value_string'), row.intOrNull('value_int')])).toEqual([['tags', 'Blue', null]]);
    expect(await wordsOf(store(), 19)).toEqual(['eng-GB:brulee', 'eng-GB:creme', 'eng-GB:renamed', 'eng-GB:twenty']);
    expect(await wordsOf(store(), 20)).toEqual(['ger-DE:brulee', 'ger-DE:child', 'ger-DE:creme', 'ger-DE:folder']);
    const dictionary = await store().query("SELECT COUNT(*) AS n FROM search_word WHERE word IN ('creme', 'folder')");
    expect(dictionary[0]?.int('n')).toBe(2);
    const names = await store().query('SELECT language_code, name FROM search_name WHERE content_id = ?', [19]);
    expect(names.map((row) => [row.str('language_code'), row.str('name')])).toEqual([['eng-GB', 'twenty']]);
  });

  it('a republished item ends up indexed exactly as a first indexing of the same version', async () => {
    const { persistence } = store();
    const snapshot = async (contentId: number): Promise<unknown> => {
      const fields = await store().query(
        'SELECT field_definition_id, language_code, field_def_identifier, sort_key_int, sort_key_string, is_empty FROM search_field ' +
          'WHERE content_id = ? ORDER BY field_definition_id, language_code',
        [contentId],
      );
      const elements = await store().query(
        'SELECT field_definition_id, language_code, position, value_int, value_string FROM search_field_element WHERE content_id = ? ' +
          'ORDER BY field_definition_id, language_code, position',
        [contentId],
      );
      return {
        fields: fields.map((row) => [
          row.int('field_definition_id'), row.str('language_code'), row.str('field_def_identifier'), row.intOrNull('sort_key_int'),
          row.strOrNull('sort_key_string'), row.bool('is_empty'),
        ]),
        elements: elements.map((row) => [
          row.int('field_definition_id'), row.str('language_code'), row.int('position'), row.intOrNull('value_int'), row.strOrNull('value_string'),
        ]),
        words: await wordsOf(store(), contentId),
      };
    };
    const both = (id: number, eng: string, ger: string, keywords: readonly (string | number)[]): ContentIndexDocument => {
      const english = document(id, eng, keywords);
      return { ...english, fields: [...english.fields, ...document(id, ger, ['nur deutsch'], 'ger-DE').fields] };
    };
    // Item 1 goes through changes (a title, keywords, a translation added then removed); item 12 is indexed once.
    await persistence.searchHandler.indexContent(document(1, 'Alpha beta gamma', ['red', 7, 'green']));
    await persistence.searchHandler.indexContent(both(1, 'Alpha beta delta', 'Alpha Straße', ['red', 8]));
    await persistence.searchHandler.indexContent(document(1, 'Beta epsilon', ['blue']));
    await persistence.searchHandler.indexContent(document(12, 'Beta epsilon', ['blue']));
    const republished = (await snapshot(1)) as { words: string[] };
    expect(republished.words).toEqual(['eng-GB:beta', 'eng-GB:brulee', 'eng-GB:creme', 'eng-GB:epsilon']);
    expect(republished).toEqual(await snapshot(12));
    // Unchanged: indexing the same document again keeps every entry.
    await persistence.searchHandler.indexContent(document(1, 'Beta epsilon', ['blue']));
    expect(await snapshot(1)).toEqual(republished);
  });

  it('indexes the login and email of a user lower-cased', async () => {
    const { persistence } = store();
    await persistence.userHandler.upsertAccount({
      contentId: 14, login: 'Admin', email: 'ÁDMIN@Example.com', passwordHash: 'x', enabled: true, maxLogin: 10, passwordUpdatedAt: null,
    });
    await persistence.searchHandler.indexContent({ contentId: 14, versionNo: 1, fields: [] });
    const rows = await store().query('SELECT login, email FROM search_user WHERE content_id = ?', [14]);
    expect(rows.map((row) => [row.str('login'), row.str('email')])).toEqual([['admin', 'ádmin@example.com']]);
  });

  it('writes nothing for an item that does not exist, and drops its stale entries', async () => {
    const { persistence } = store();
    await store().query(
      'INSERT INTO search_field (content_id, field_definition_id, language_code, field_def_identifier, field_type_identifier, ' +
        "content_type_id, sort_key_int, sort_key_string) VALUES (9999, 4, 'eng-GB', 'name', 'ezstring', 1, NULL, 'stale')",
    );
    await persistence.searchHandler.indexContent(document(9999, 'Ghost', ['boo']));
    expect(await store().query('SELECT 1 FROM search_field WHERE content_id = ?', [9999])).toEqual([]);
    expect(await store().query('SELECT 1 FROM search_field_element WHERE content_id = ?', [9999])).toEqual([]);
    expect(await wordsOf(store(), 9999)).toEqual([]);
  });

  it('removes an item from the index', async () => {
    const { persistence } = store();
    await persistence.searchHandler.deleteContent(20);
    expect(await wordsOf(store(), 20)).toEqual([]);
    expect(await store().query('SELECT 1 FROM search_field WHERE content_id = ?', [20])).toEqual([]);
    expect(await store().query('SELECT 1 FROM search_name WHERE content_id = ?', [20])).toEqual([]);
  });
});

describeOnEachDialect(
  'search index writes',
  (store) => {
    const TABLES = ['search_field', 'search_field_element', 'search_word_list', 'search_name'] as const;

    /** Rows inserted, updated or deleted in the index tables while `work` runs, per table (logged by triggers). */
    async function rowsWritten(work: () => Promise<void>): Promise<Record<string, number>> {
      await store().query('DELETE FROM index_write_log');
      await work();
      const rows = await store().query('SELECT tbl, COUNT(*) AS n FROM index_write_log GROUP BY tbl');
      return Object.fromEntries(rows.map((row) => [row.str('tbl'), row.int('n')]));
    }

    it('republishing writes only the rows that changed', async () => {
      await store().query('CREATE TABLE index_write_log (tbl TEXT NOT NULL)');
      for (const table of TABLES) {
        for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
          await store().query(
            `CREATE TRIGGER ${table}_${event.toLowerCase()}_logged AFTER ${event} ON ${table} BEGIN INSERT INTO index_write_log VALUES ('${table}'); END`,
          );
        }
      }
      const { searchHandler } = store().persistence;
      await searchHandler.indexContent(document(19, 'Twenty folder', ['red', 7]));
      // The same document again: nothing to write.
      expect(await rowsWritten(() => searchHandler.indexContent(document(19, 'Twenty folder', ['red', 7])))).toEqual({});
      // One title word changed: the title's field row is updated in place, the language's word list updated.
      expect(await rowsWritten(() => searchHandler.indexContent(document(19, 'Twenty zephyrus', ['red', 7])))).toEqual({
        search_field: 1,
        search_word_list: 1,
      });
      // One keyword changed: the keywords' elements are replaced (two out, two in); no field row, no word.
      expect(await rowsWritten(() => searchHandler.indexContent(document(19, 'Twenty zephyrus', ['red', 8])))).toEqual({
        search_field_element: 4,
      });
      expect(await wordsOf(store(), 19)).toEqual(['eng-GB:brulee', 'eng-GB:creme', 'eng-GB:twenty', 'eng-GB:zephyrus']);
    });
  },
  { only: 'SQLite' },
);
