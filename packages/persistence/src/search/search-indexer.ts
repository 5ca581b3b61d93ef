import type { ContentIndexDocument, FieldIndexEntry } from '@contentrepo/core';
import { insertRows } from '../db/inserts.js';
import type { SqlContext } from '../db/sql-context.js';
import type { DbRow } from '../mappers/row-encoders.js';

/** Longest sort key string stored (Legacy `sort_key_string` is 255 characters). */
const MAX_SORT_KEY = 255;

const truncate = (value: string): string => (value.length > MAX_SORT_KEY ? value.slice(0, MAX_SORT_KEY) : value);
const integer = (value: number): number => Math.trunc(value);

/**
 * Writes the search index of a published version, replacing the item's previous entries, in one transaction:
 * one `search_field` row per field definition and language (sort keys; the last entry wins on duplicates), one
 * `search_field_element` row per element of collection fields (numbers in `value_int`, strings in
 * `value_string`), and one `search_text` row per language with the fields' full text joined by newlines (indexed
 * by FTS5 / tsvector). Nothing is written for an item that no longer exists.
 */
export async function indexDocument(ctx: SqlContext, document: ContentIndexDocument): Promise<void> {
  await ctx.atomic(async (tx) => {
    await deleteIndex(tx, document.contentId);
    const content = await tx.first(tx.kx('content').select('content_type_id').where('id', document.contentId));
    if (!content) return;
    const contentTypeId = content.int('content_type_id');
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
    await tx.exec(tx.kx('search_field').where('content_id', contentId).delete());
    await tx.exec(tx.kx('search_field_element').where('content_id', contentId).delete());
    await tx.exec(tx.kx('search_text').where('content_id', contentId).delete());
  });
}
