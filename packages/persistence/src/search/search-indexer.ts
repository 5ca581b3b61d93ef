import { type ContentIndexDocument, type FieldIndexEntry, isEmptyEntry } from '@contentrepo/core';
import { insertRows } from '../db/inserts.js';
import type { Row } from '../db/row.js';
import type { SqlContext } from '../db/sql-context.js';
import { chunks } from '../db/batches.js';
import { placeholders, sql, StatementsBySize, type Statement } from '../db/statement.js';
import type { DbRow } from '../mappers/row-encoders.js';
import { documentWords, writeWordLists } from './word-index.js';

/** Longest sort key string stored, in code points (Legacy `sort_key_string` is 255 characters; field types cut there). */
const MAX_SORT_KEY = 255;

/** The index tables: the column of {@link INDEX_STATE} telling whether an item has rows there, and their delete. */
const INDEX_TABLES: readonly { readonly present: string; readonly remove: Statement<[contentId: number]> }[] = [
  { present: 'in_fields', remove: sql('DELETE FROM search_field WHERE content_id = ?') },
  { present: 'in_elements', remove: sql('DELETE FROM search_field_element WHERE content_id = ?') },
  { present: 'in_words', remove: sql('DELETE FROM search_word_list WHERE content_id = ?') },
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
    'EXISTS (SELECT 1 FROM search_word_list WHERE content_id = c.id) AS in_words, ' +
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

/** The rows an item has in `search_field`, `search_field_element`, `search_name` and `search_user` (every column {@link holds} compares). */
export const STORED_FIELDS = sql<[contentId: number]>(
  'SELECT content_id, field_definition_id, language_code, field_def_identifier, field_type_identifier, content_type_id, sort_key_int, ' +
    'sort_key_string, is_empty FROM search_field WHERE content_id = ?',
);
const STORED_ELEMENTS = sql<[contentId: number]>(
  'SELECT content_id, field_definition_id, language_code, position, value_int, value_string, field_def_identifier FROM search_field_element ' +
    'WHERE content_id = ?',
);
const STORED_NAMES = sql<[contentId: number]>('SELECT content_id, language_code, name FROM search_name WHERE content_id = ?');
const STORED_USER = sql<[contentId: number]>('SELECT content_id, login, email FROM search_user WHERE content_id = ?');

/** Columns of the `search_field` rows the indexer writes, in the order of {@link fieldRows}; the first three are the key. */
const FIELD_COLUMNS = [
  'content_id',
  'field_definition_id',
  'language_code',
  'field_def_identifier',
  'field_type_identifier',
  'content_type_id',
  'sort_key_int',
  'sort_key_string',
  'is_empty',
] as const;
const NAME_COLUMNS = ['content_id', 'language_code', 'name'] as const;

/**
 * Multi-row upsert of `size` rows into `table` by its primary key `key` (the first columns of `columns`): a row of
 * a key already stored is updated in place — one statement where a delete and an insert took two.
 */
function upsertFamily(table: string, columns: readonly string[], key: readonly string[]): StatementsBySize {
  const row = `(${placeholders(columns.length)})`;
  const updated = columns.filter((column) => !key.includes(column)).map((column) => `${column} = excluded.${column}`);
  return new StatementsBySize(
    (size) =>
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${Array.from({ length: size }, () => row).join(', ')} ` +
      `ON CONFLICT (${key.join(', ')}) DO UPDATE SET ${updated.join(', ')}`,
  );
}
const UPSERT_FIELDS = upsertFamily('search_field', FIELD_COLUMNS, FIELD_COLUMNS.slice(0, 3));
const UPSERT_NAMES = upsertFamily('search_name', NAME_COLUMNS, NAME_COLUMNS.slice(0, 2));

/** Upserts `rows` (each with every column of `columns`) in multi-row statements of at most the batch size. */
async function upsertRows(tx: SqlContext, family: StatementsBySize, columns: readonly string[], rows: readonly DbRow[]): Promise<void> {
  for (const batch of chunks(rows)) {
    await tx.write(
      family.of(batch.length),
      batch.flatMap((row) => columns.map((column) => row[column] ?? null)),
    );
  }
}

const DELETE_FIELD = sql<[contentId: number, fieldDefinitionId: number, languageCode: string]>(
  'DELETE FROM search_field WHERE content_id = ? AND field_definition_id = ? AND language_code = ?',
);
const DELETE_ELEMENTS = sql<[contentId: number, fieldDefinitionId: number, languageCode: string]>(
  'DELETE FROM search_field_element WHERE content_id = ? AND field_definition_id = ? AND language_code = ?',
);
const DELETE_NAME = sql<[contentId: number, languageCode: string]>('DELETE FROM search_name WHERE content_id = ? AND language_code = ?');
const DELETE_USER = sql<[contentId: number]>('DELETE FROM search_user WHERE content_id = ?');

/** Whether a stored row holds exactly the values of `row` (integers, strings, booleans and NULLs compared as values). */
function holds(stored: Row, row: DbRow): boolean {
  for (const [column, value] of Object.entries(row)) {
    if (value === null) {
      if (!stored.isNull(column)) return false;
    } else if (typeof value === 'boolean') {
      if (stored.isNull(column) || stored.bool(column) !== value) return false;
    } else if (typeof value === 'number') {
      if (stored.intOrNull(column) !== value) return false;
    } else if (stored.strOrNull(column) !== value) return false;
  }
  return true;
}

/** The key of a row of one item in `search_field` / `search_field_element` (its field definition and language). */
const fieldKey = (fieldDefinitionId: number, languageCode: string): string => `${fieldDefinitionId}/${languageCode}`;

/** The rows of `rows` per field key, in order. */
function byFieldKey<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/**
 * Writes the search index of a published version in one transaction (docs/adr/0004-search-semantics.md, README
 * "Search"):
 * - `search_field`: one row per field definition and language — sort keys and `is_empty` (core's `isEmptyEntry`);
 * - `search_field_element`: one row per element of collection fields (numbers in `value_int`, strings in
 *   `value_string`);
 * - `search_word` / `search_word_list`: core's `indexWords` of each entry's full text, per language;
 * - `search_name`: the version's names per language (the document's, else read), and `search_user`: the account's login and email — all
 *   lower-cased with JavaScript's `toLowerCase` (the case-insensitive criteria compare them so).
 *
 * The item's entries end up exactly as the document describes them, whatever was there before; only what differs
 * is written: the stored entries are read and compared, rows that went are deleted, rows that changed or are new
 * upserted by their key (a republished item whose title changed rewrites the title's row and words, not the other
 * fields' — each index row written dirties pages of several indexes). Nothing is written for an item that no
 * longer exists (its stale entries are dropped). One statement reads the content type, the account and the tables
 * holding previous entries, so that a first indexing reads and deletes nothing.
 */
export async function indexDocument(ctx: SqlContext, document: ContentIndexDocument): Promise<void> {
  const { contentId } = document;
  await ctx.atomic(async (tx) => {
    const state = await tx.one(INDEX_STATE, [contentId]);
    if (!state) {
      await deleteIndex(tx, contentId);
      return;
    }
    const { fields, elements } = fieldRows(contentId, state.int('content_type_id'), document.fields);
    await syncFields(tx, contentId, state.bool('in_fields'), fields);
    await syncElements(tx, contentId, state.bool('in_elements'), elements);
    await writeWordLists(tx, contentId, documentWords(document), state.bool('in_words'));
    const names = document.names
      ? Object.entries(document.names).map(([languageCode, name]) => ({ languageCode, name }))
      : (await tx.all(VERSION_NAMES, [contentId, document.versionNo])).map((row) => ({ languageCode: row.str('language_code'), name: row.str('name') }));
    await syncNames(
      tx,
      contentId,
      state.bool('in_names'),
      names.map(({ languageCode, name }) => ({ content_id: contentId, language_code: languageCode, name: name.toLowerCase() })),
    );
    await syncUser(tx, contentId, state.bool('in_user'), userRows(contentId, state));
  });
}

/** `search_field`: rows of keys that changed or went deleted, changed and new ones inserted. */
async function syncFields(tx: SqlContext, contentId: number, present: boolean, rows: readonly DbRow[]): Promise<void> {
  if (!present) {
    await insertRows(tx, 'search_field', rows);
    return;
  }
  const key = (row: DbRow): string => fieldKey(Number(row['field_definition_id']), String(row['language_code']));
  const stored = await tx.all(STORED_FIELDS, [contentId]);
  const wanted = new Map(rows.map((row) => [key(row), row]));
  const kept = new Set<string>();
  for (const row of stored) {
    const storedKey = fieldKey(row.int('field_definition_id'), row.str('language_code'));
    const replacement = wanted.get(storedKey);
    if (replacement && holds(row, replacement)) kept.add(storedKey);
    // A changed row is updated in place by the upsert below; only a row whose key went is deleted.
    else if (!replacement) await tx.write(DELETE_FIELD, [contentId, row.int('field_definition_id'), row.str('language_code')]);
  }
  await upsertRows(tx, UPSERT_FIELDS, FIELD_COLUMNS, rows.filter((row) => !kept.has(key(row))));
}

/** `search_field_element`: the elements of a field and language are rewritten when any of them changed. */
async function syncElements(tx: SqlContext, contentId: number, present: boolean, rows: readonly DbRow[]): Promise<void> {
  const wanted = byFieldKey(rows, (row) => fieldKey(Number(row['field_definition_id']), String(row['language_code'])));
  const stored = byFieldKey(present ? await tx.all(STORED_ELEMENTS, [contentId]) : [], (row) =>
    fieldKey(row.int('field_definition_id'), row.str('language_code')),
  );
  const kept = new Set<string>();
  for (const [key, group] of stored) {
    const replacement = wanted.get(key) ?? [];
    const byPosition = new Map(group.map((row) => [row.int('position'), row]));
    const same =
      replacement.length === group.length &&
      replacement.every((row) => {
        const storedRow = byPosition.get(Number(row['position']));
        return storedRow !== undefined && holds(storedRow, row);
      });
    const [first] = group;
    if (same) kept.add(key);
    else if (first) await tx.write(DELETE_ELEMENTS, [contentId, first.int('field_definition_id'), first.str('language_code')]);
  }
  await insertRows(
    tx,
    'search_field_element',
    rows.filter((row) => !kept.has(fieldKey(Number(row['field_definition_id']), String(row['language_code'])))),
  );
}

/** `search_name`: names of languages that changed or went deleted, changed and new ones inserted. */
async function syncNames(tx: SqlContext, contentId: number, present: boolean, rows: readonly DbRow[]): Promise<void> {
  if (!present) {
    await insertRows(tx, 'search_name', rows);
    return;
  }
  const stored = await tx.all(STORED_NAMES, [contentId]);
  const wanted = new Map(rows.map((row) => [String(row['language_code']), row]));
  const kept = new Set<string>();
  for (const row of stored) {
    const languageCode = row.str('language_code');
    const replacement = wanted.get(languageCode);
    if (replacement && holds(row, replacement)) kept.add(languageCode);
    else if (!replacement) await tx.write(DELETE_NAME, [contentId, languageCode]);
  }
  await upsertRows(tx, UPSERT_NAMES, NAME_COLUMNS, rows.filter((row) => !kept.has(String(row['language_code']))));
}

/** `search_user`: the account's row, rewritten when it changed. */
async function syncUser(tx: SqlContext, contentId: number, present: boolean, rows: readonly DbRow[]): Promise<void> {
  const [stored] = present ? await tx.all(STORED_USER, [contentId]) : [];
  const [wanted] = rows;
  if (stored && wanted && holds(stored, wanted)) return;
  if (stored) await tx.write(DELETE_USER, [contentId]);
  await insertRows(tx, 'search_user', rows);
}

/** Removes every index entry of an item (fields, elements, words, names, account). */
export async function deleteIndex(ctx: SqlContext, contentId: number): Promise<void> {
  await ctx.atomic(async (tx) => {
    for (const table of INDEX_TABLES) await tx.write(table.remove, [contentId]);
  });
}
