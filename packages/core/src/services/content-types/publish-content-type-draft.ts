import { recordEvent } from '../events/record-event.js';
import type { ContentType } from '../../api/values/content-type.js';
import { BadStateError } from '../../errors/repository-error.js';
import type { FieldDefinitionChanges } from '../../spi/content-handler.js';
import type { StoredContentType } from '../../spi/content-type-handler.js';
import type { PersistenceHandler } from '../../spi/persistence-handler.js';
import type { ServiceContext } from '../service-context.js';
import { indexDocument } from '../content/content-writes-support.js';
import { valuesFromStorage } from '../content/content-field-values.js';
import { assertClassPermission, loadDraft, toContentType, typeTarget, writeTypes } from './content-type-writes-support.js';

/** Items re-indexed per batch after a type change. */
const REINDEX_BATCH = 200;

/**
 * Publishes a type draft (Ibexa `publishContentTypeDraft`, `class/update`): the draft replaces the published type
 * (field definition ids kept) and, in the same transaction, existing content follows (Ibexa `ContentUpdater`):
 * every version of every item gets the added fields with the definition's default value in each of its
 * languages, fields of removed definitions disappear, renamed identifiers follow, and the search index of the
 * published items is rebuilt from their current versions. Locks the type; the items it converts are not locked
 * one by one (writes of content check the type's revision in their own transactions).
 *
 * @throws NotFoundError no draft; BadStateError `contentType.noFieldDefinitions`; UnauthorizedError
 */
export async function publishContentTypeDraft(context: ServiceContext, contentTypeId: number): Promise<ContentType> {
  await assertClassPermission(context, 'update');
  const published = await writeTypes(context, [typeTarget(contentTypeId)], async (locked) => {
    const draft = await loadDraft(locked, contentTypeId);
    if (draft.fieldDefinitions.length === 0) {
      throw new BadStateError('$contentTypeDraft', 'The content type draft should have at least one field definition', 'contentType.noFieldDefinitions');
    }
    const tx = locked.persistence;
    const previous = await tx.contentTypeHandler.load(contentTypeId);
    const type = await tx.contentTypeHandler.publishDraft(contentTypeId);
    if (previous) {
      const changes = fieldDefinitionChanges(previous, type);
      const changed = changes.added.length + changes.removed.length + changes.renamed.length > 0;
      if (changed) await tx.contentHandler.applyFieldDefinitionChanges(contentTypeId, changes);
      if (changed || indexingChanged(previous, type)) await reindexContentOfType(context, tx, toContentType(context, type));
    }
    await recordEvent(locked, 'content_type.published', { contentTypeId });
    return type;
  });
  return toContentType(context, published);
}

/** Added, removed and renamed definitions between the published type and the one replacing it. */
export function fieldDefinitionChanges(previous: StoredContentType, next: StoredContentType): FieldDefinitionChanges {
  const before = new Map(previous.fieldDefinitions.map((definition) => [definition.id, definition]));
  const after = new Map(next.fieldDefinitions.map((definition) => [definition.id, definition]));
  return {
    added: next.fieldDefinitions
      .filter((definition) => !before.has(definition.id))
      .map((definition) => ({
        fieldDefinitionId: definition.id,
        fieldDefIdentifier: definition.identifier,
        fieldTypeIdentifier: definition.fieldTypeIdentifier,
        data: definition.defaultValue,
      })),
    removed: previous.fieldDefinitions
      .filter((definition) => !after.has(definition.id))
      .map((definition) => ({ fieldDefinitionId: definition.id, fieldDefIdentifier: definition.identifier })),
    renamed: next.fieldDefinitions.flatMap((definition) => {
      const old = before.get(definition.id);
      return old && old.identifier !== definition.identifier ? [{ fieldDefinitionId: definition.id, from: old.identifier, to: definition.identifier }] : [];
    }),
  };
}

/** Whether a definition's searchability changed (the index holds searchable definitions only). */
function indexingChanged(previous: StoredContentType, next: StoredContentType): boolean {
  const before = new Map(previous.fieldDefinitions.map((definition) => [definition.id, definition.isSearchable]));
  return next.fieldDefinitions.some((definition) => before.get(definition.id) !== definition.isSearchable);
}

/** Rebuilds the search index of every published item of the type, loading current versions in batches. */
async function reindexContentOfType(context: ServiceContext, tx: PersistenceHandler, type: ContentType): Promise<void> {
  const ids = await tx.contentHandler.loadPublishedIdsOfType(type.id);
  for (let start = 0; start < ids.length; start += REINDEX_BATCH) {
    const items = await tx.contentHandler.loadCurrentList(ids.slice(start, start + REINDEX_BATCH));
    for (const item of items) {
      const values = valuesFromStorage(context.fieldTypes, item.fields);
      await tx.searchHandler.indexContent(indexDocument(context, type, item.contentInfo.id, item.versionInfo.versionNo, values));
    }
  }
}
