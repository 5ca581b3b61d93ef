import { expect, it } from '@jest/globals';
import type { ContentIndexDocument } from '@contentrepo/core';
import { describeOnEachDialect } from '../test-support/dialect-suite.js';
import type { TestStore } from '../test-support/test-stores.js';

const document = (contentId: number, text: string, keywords: readonly (string | number)[]): ContentIndexDocument => ({
  contentId,
  versionNo: 1,
  fields: [
    {
      fieldDefinitionId: 4,
      fieldDefIdentifier: 'name',
      fieldTypeIdentifier: 'ezstring',
      languageCode: 'eng-GB',
      sortKeyInt: null,
      sortKeyString: text.toLowerCase(),
      fullText: text,
    },
    {
      fieldDefinitionId: 5,
      fieldDefIdentifier: 'tags',
      fieldTypeIdentifier: 'ezkeyword',
      languageCode: 'eng-GB',
      sortKeyInt: 42.9,
      sortKeyString: 'x'.repeat(300),
      fullText: 'Crème brûlée',
      elements: keywords,
    },
  ],
});

/** Content ids whose full text matches `word` through the dialect's full-text index. */
async function fullTextMatches(store: TestStore, word: string): Promise<number[]> {
  const rows =
    store.driver === 'sqlite'
      ? await store.query(
          'SELECT DISTINCT t.content_id FROM search_text_fts f JOIN search_text t ON t.id = f.rowid WHERE search_text_fts MATCH ? ORDER BY 1',
          [word],
        )
      : await store.query(
          "SELECT DISTINCT content_id FROM search_text WHERE tsv @@ plainto_tsquery('simple', ?) ORDER BY 1",
          [word],
        );
  return rows.map((row) => row.int('content_id'));
}

describeOnEachDialect('search index', (store) => {
  it('writes sort keys, collection elements and full text, replacing the previous entry', async () => {
    const { persistence } = store();
    await persistence.searchHandler.indexContent(document(19, 'Twenty folder', ['red', 7]));
    await persistence.searchHandler.indexContent(document(19, 'Twenty renamed', ['blue']));
    await persistence.searchHandler.indexContent(document(20, 'Child folder', []));
    const fields = await store().query('SELECT * FROM search_field WHERE content_id = ? ORDER BY field_definition_id', [19]);
    expect(
      fields.map((row) => [row.int('field_definition_id'), row.int('content_type_id'), row.intOrNull('sort_key_int'), row.strOrNull('sort_key_string')?.length]),
    ).toEqual([
      [4, 1, null, 'twenty renamed'.length],
      [5, 1, 42, 255],
    ]);
    const elements = await store().query('SELECT value_string, value_int FROM search_field_element WHERE content_id = ? ORDER BY position', [19]);
    expect(elements.map((row) => [row.strOrNull('value_string'), row.intOrNull('value_int')])).toEqual([['blue', null]]);
    expect(await fullTextMatches(store(), 'renamed')).toEqual([19]);
    expect(await fullTextMatches(store(), 'folder')).toEqual([20]);
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
    expect(await fullTextMatches(store(), 'ghost')).toEqual([]);
  });

  it('removes an item from the index', async () => {
    const { persistence } = store();
    await persistence.searchHandler.deleteContent(20);
    expect(await fullTextMatches(store(), 'folder')).toEqual([]);
    expect(await store().query('SELECT 1 FROM search_field WHERE content_id = ?', [20])).toEqual([]);
  });
});
