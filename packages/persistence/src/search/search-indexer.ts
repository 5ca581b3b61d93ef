import type { ContentIndexDocument, FieldIndexEntry } from '@contentrepo/core';
import { insertRows } from '../db/inserts.js';
import type { SqlContext } from '../db/sql-context.js';
import { sql, type Statement } from '../db/statement.js';
import type { DbRow } from '../mappers/row-encoders.js';

/** Longest sort key string stored (Legacy `sort_key_string` is 255 characters). */
const MAX_SORT_KEY = 255;

/** The index tables: the column of {@link INDEX_STATE} telling whether an item has rows there, and their delete. */
const INDEX_TABLES: readonly { readonly present: string; readonly remove: Statement<[contentId: number]> }[] = [
  { present: 'in_fields', remove: sql('DELETE FROM search_field WHERE content_id = ?') },
  { present: 'in_elements', remove: sql('DELETE FROM search_field_element WHERE content_id = ?') },
  { present: 'in_text', remove: sql('DELETE FROM search_text WHERE content_id = ?') },
];

/** An item's content type and which index tables hold rows of it; no row for an unknown item. */
export const INDEX_STATE = sql<[contentId: number]>(
  'SELECT c.content_type_id, ' +
    'EXISTS (SELECT 1 FROM search_field WHERE content_id = c.id) AS in_fields, ' +
    'EXISTS (SELECT 1 FROM search_field_element WHERE content_id = c.id) AS in_elements, ' +
    'EXISTS (SELECT 1 FROM search_text WHERE content_id = c.id) AS in_text ' +
    'FROM content c WHERE c.id = ?',
);

const truncate = (value: string): string => (value.length > MAX_SORT_KEY ? value.slice(0, MAX_SORT_KEY) : value);
const integer = (value: number): number => Math.trunc(value);

/**
 * Writes the search index of a published version, replacing the item's previous entries, in one transaction:
 * one `search_field` row per field definition and language (sort keys; the last entry wins on duplicates), one
 * `search_field_element` row per element of collection fields (numbers in `value_int`, strings in
 * `value_string`), and one `search_text` row per language with the fields' full text joined by newlines (indexed
 * by FTS5 / tsvector). Nothing is written for an item that no longer exists. One statement finds the content
 * type and the tables holding previous entries, so that a first indexing deletes nothing.
 */
export async function indexDocument(ctx: SqlContext, document: ContentIndexDocument): Promise<void> {
  await ctx.atomic(async (tx) => {
    const state = await tx.one(INDEX_STATE, [document.contentId]);
    if (!state) {
      await deleteIndex(tx, document.contentId);
      return;
    }
    for (const table of INDEX_TABLES) if (state.bool(table.present)) await tx.write(table.remove, [document.contentId]);
    const contentTypeId = state.int('content_type_id');
    const entries = new Map<string, FieldIndexEntry>();
    for (const entry of document.fields) entries.set(`${entry.fieldDefinitionId}/${entry.languageCode}`, entry);

    const fields: DbRow[] = [];
    const elements: DbRow[] = [];
    const texts = new Map<string, string[]>();
    for (const entry of entries.values()) {
      const key = { content_id: document.contentId, field_definition_id: entry.fieldDefinitionId, language_code: entry.languageCode };
      fields.push({
        ...key,
        field_def_identifier: entry.fieldDefIdentifier,
        field_type_identifier: entry.fieldTypeIdentifier,
        content_type_id: contentTypeId,
        sort_key_int: entry.sortKeyInt === null ? null : integer(entry.sortKeyInt),
        sort_key_string: entry.sortKeyString === null ? null : truncate(entry.sortKeyString),
      });
      (entry.elements ?? []).forEach((element, position) => {
        elements.push({
          ...key,
          position,
          value_int: typeof element === 'number' ? integer(element) : null,
          value_string: typeof element === 'string' ? truncate(element) : null,
        });
      });
      if (entry.fullText.trim() !== '') texts.set(entry.languageCode, [...(texts.get(entry.languageCode) ?? []), entry.fullText]);
    }
    await insertRows(tx, 'search_field', fields);
    await insertRows(tx, 'search_field_element', elements);
    await insertRows(
      tx,
      'search_text',
      [...texts].map(([languageCode, parts]) => ({
        content_id: document.contentId,
        language_code: languageCode,
        text: parts.join('\n'),
      })),
    );
  });
}

/** Removes every index entry of an item (fields, elements, full text). */
export async function deleteIndex(ctx: SqlContext, contentId: number): Promise<void> {
  await ctx.atomic(async (tx) => {
    for (const table of INDEX_TABLES) await tx.write(table.remove, [contentId]);
  });
}
