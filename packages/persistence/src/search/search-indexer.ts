import { type ContentIndexDocument, type FieldIndexEntry, isEmptyEntry } from '@contentrepo/core';
import { insertRows } from '../db/inserts.js';
import type { Row } from '../db/row.js';
import type { SqlContext } from '../db/sql-context.js';
import { sql, type Statement } from '../db/statement.js';
import type { DbRow } from '../mappers/row-encoders.js';
import { documentWords, insertWords } from './word-index.js';

/** Longest sort key string stored, in code points (Legacy `sort_key_string` is 255 characters; field types cut there). */
const MAX_SORT_KEY = 255;

/** The index tables: the column of {@link INDEX_STATE} telling whether an item has rows there, and their delete. */
const INDEX_TABLES: readonly { readonly present: string; readonly remove: Statement<[contentId: number]> }[] = [
  { present: 'in_fields', remove: sql('DELETE FROM search_field WHERE content_id = ?') },
  { present: 'in_elements', remove: sql('DELETE FROM search_field_element WHERE content_id = ?') },
  { present: 'in_words', remove: sql('DELETE FROM search_word_link WHERE content_id = ?') },
  { present: 'in_names', remove: sql('DELETE FROM search_name WHERE content_id = ?') },
  { present: 'in_user', remove: sql('DELETE FROM search_user WHERE content_id = ?') },
];

/**
 * An item's content type, which index tables hold rows of it and its user account's login and email (NULL for
 * items that are no users); no row for an unknown item.
 */
export const INDEX_STATE = sql<[contentId: number]>(
  'SELECT c.content_type_id, ua.login, ua.email, ' +
    'EXISTS (SELECT 1 FROM search_field WHERE content_id = c.id) AS in_fields, ' +
    'EXISTS (SELECT 1 FROM search_field_element WHERE content_id = c.id) AS in_elements, ' +
    'EXISTS (SELECT 1 FROM search_word_link WHERE content_id = c.id) AS in_words, ' +
    'EXISTS (SELECT 1 FROM search_name WHERE content_id = c.id) AS in_names, ' +
    'EXISTS (SELECT 1 FROM search_user WHERE content_id = c.id) AS in_user ' +
    'FROM content c LEFT JOIN user_account ua ON ua.content_id = c.id WHERE c.id = ?',
);

/** The names of one version per language. */
const VERSION_NAMES = sql<[contentId: number, versionNo: number]>(
  'SELECT language_code, name FROM content_name WHERE content_id = ? AND version_no = ?',
);

const truncate = (value: string): string => (value.length > MAX_SORT_KEY ? [...value].slice(0, MAX_SORT_KEY).join('') : value);
const integer = (value: number): number => Math.trunc(value) + 0;

/** The `search_field` and `search_field_element` rows of the entries (the last entry of a field and language wins). */
function fieldRows(contentId: number, contentTypeId: number, entries: readonly FieldIndexEntry[]): { fields: DbRow[]; elements: DbRow[] } {
  const unique = new Map<string, FieldIndexEntry>();
  for (const entry of entries) unique.set(`${entry.fieldDefinitionId}/${entry.languageCode}`, entry);
  const fields: DbRow[] = [];
  const elements: DbRow[] = [];
  for (const entry of unique.values()) {
    const key = { content_id: contentId, field_definition_id: entry.fieldDefinitionId, language_code: entry.languageCode };
    fields.push({
      ...key,
      field_def_identifier: entry.fieldDefIdentifier,
      field_type_identifier: entry.fieldTypeIdentifier,
      content_type_id: contentTypeId,
      sort_key_int: entry.sortKeyInt === null ? null : integer(entry.sortKeyInt),
      sort_key_string: entry.sortKeyString === null ? null : truncate(entry.sortKeyString),
      is_empty: isEmptyEntry(entry),
    });
    // Only collection entries compare their elements (the family the entry carries); others never read them.
    if (entry.searchFamily !== 'collection') continue;
    (entry.elements ?? []).forEach((element, position) => {
      elements.push({
        ...key,
        field_def_identifier: entry.fieldDefIdentifier,
        position,
        value_int: typeof element === 'number' ? integer(element) : null,
        value_string: typeof element === 'string' ? element : null,
      });
    });
  }
  return { fields, elements };
}

/** The `search_user` row of an item with a user account (login and email lower-cased), or none. */
function userRows(contentId: number, state: Row): DbRow[] {
  const login = state.strOrNull('login');
  const email = state.strOrNull('email');
  return login === null || email === null ? [] : [{ content_id: contentId, login: login.toLowerCase(), email: email.toLowerCase() }];
}

/**
 * Writes the search index of a published version, replacing the item's previous entries, in one transaction
 * (docs/adr/0004-search-semantics.md, README "Search"):
 * - `search_field`: one row per field definition and language — sort keys and `is_empty` (core's `isEmptyEntry`);
 * - `search_field_element`: one row per element of collection fields (numbers in `value_int`, strings in
 *   `value_string`);
 * - `search_word` / `search_word_link`: core's `indexWords` of each entry's full text, per language;
 * - `search_name`: the version's names per language, and `search_user`: the account's login and email — all
 *   lower-cased with JavaScript's `toLowerCase` (the case-insensitive criteria compare them so).
 * Nothing is written for an item that no longer exists (its stale entries are dropped). One statement reads the
 * content type, the account and the tables holding previous entries, so that a first indexing deletes nothing.
 */
export async function indexDocument(ctx: SqlContext, document: ContentIndexDocument): Promise<void> {
  const { contentId } = document;
  await ctx.atomic(async (tx) => {
    const state = await tx.one(INDEX_STATE, [contentId]);
    if (!state) {
      await deleteIndex(tx, contentId);
      return;
    }
    for (const table of INDEX_TABLES) if (state.bool(table.present)) await tx.write(table.remove, [contentId]);
    const { fields, elements } = fieldRows(contentId, state.int('content_type_id'), document.fields);
    await insertRows(tx, 'search_field', fields);
    await insertRows(tx, 'search_field_element', elements);
    await insertWords(tx, contentId, documentWords(document));
    const names = await tx.all(VERSION_NAMES, [contentId, document.versionNo]);
    await insertRows(
      tx,
      'search_name',
      names.map((row) => ({ content_id: contentId, language_code: row.str('language_code'), name: row.str('name').toLowerCase() })),
    );
    await insertRows(tx, 'search_user', userRows(contentId, state));
  });
}

/** Removes every index entry of an item (fields, elements, words, names, account). */
export async function deleteIndex(ctx: SqlContext, contentId: number): Promise<void> {
  await ctx.atomic(async (tx) => {
    for (const table of INDEX_TABLES) await tx.write(table.remove, [contentId]);
  });
}
