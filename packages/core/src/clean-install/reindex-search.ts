import type { FieldTypeRegistry } from '../field-types/field-type.js';
import { contentTypeFromStorage } from '../services/content-types/content-type-values.js';
import { contentTypeTarget } from '../services/content/content-type-for-write.js';
import { contentTarget, indexDocument } from '../services/content/content-writes-support.js';
import { valuesFromStorage } from '../services/content/content-field-values.js';
import type { PersistenceHandler } from '../spi/persistence-handler.js';

/** Items indexed per transaction by {@link reindexSearch} unless told otherwise. */
export const DEFAULT_REINDEX_BATCH_SIZE = 100;

/** Where {@link reindexSearch} stands: items indexed so far out of the published items it found at the start. */
export interface ReindexProgress {
  /** Items done (indexed, or skipped because they were deleted or unpublished meanwhile). */
  readonly done: number;
  /** Published items found when the rebuild started. */
  readonly total: number;
}

/** Options of {@link reindexSearch}. */
export interface ReindexOptions {
  readonly persistence: PersistenceHandler;
  readonly fieldTypes: FieldTypeRegistry;
  /** Items per transaction (default {@link DEFAULT_REINDEX_BATCH_SIZE}; at least 1). */
  readonly batchSize?: number;
  /** Called once before the first batch (`done` 0) and after every batch. */
  readonly onProgress?: (progress: ReindexProgress) => void;
}

/** What {@link reindexSearch} did. */
export interface ReindexResult {
  /** Published items whose search entries were written again. */
  readonly indexed: number;
  /** Items found at the start that were gone (deleted, or no published version) when their batch ran. */
  readonly skipped: number;
  /** Content types walked. */
  readonly contentTypes: number;
}

/**
 * Rebuilds the search index (the `SearchHandler.indexContent` entries) of every published item from its stored
 * current version, content type by content type, in batches of `batchSize` items. Memory is bounded by one batch
 * of loaded content plus the ids of one type's published items. Each batch runs in its own short transaction that
 * first holds the content type and the batch's items with `lockShared`, so a concurrent publish of one of them
 * either commits before the batch reads it or waits until the batch has written its entries: the index ends up
 * describing the current version. The same documents a publish writes are written (`indexDocument`), so a rebuilt
 * index answers searches exactly as one kept up to date by publishing. Items of types published meanwhile are not
 * included (they were indexed when published).
 * @throws what the persistence throws (a failing batch rolls back; the batches before it stay written).
 */
export async function reindexSearch(options: ReindexOptions): Promise<ReindexResult> {
  const { persistence, fieldTypes } = options;
  const batchSize = Math.max(1, Math.trunc(options.batchSize ?? DEFAULT_REINDEX_BATCH_SIZE));
  const types = await persistence.contentTypeHandler.loadContentTypes();
  const idsOfType: { readonly typeId: number; readonly ids: readonly number[] }[] = [];
  for (const type of types) idsOfType.push({ typeId: type.id, ids: await persistence.contentHandler.loadPublishedIdsOfType(type.id) });
  const total = idsOfType.reduce((sum, { ids }) => sum + ids.length, 0);
  let done = 0;
  let indexed = 0;
  options.onProgress?.({ done, total });
  for (const { typeId, ids } of idsOfType) {
    for (let start = 0; start < ids.length; start += batchSize) {
      const batch = ids.slice(start, start + batchSize);
      indexed += await persistence.transaction(async (tx) => {
        await tx.lockShared([contentTypeTarget(typeId), ...batch.map(contentTarget)]);
        const stored = await tx.contentTypeHandler.load(typeId);
        if (!stored) return 0;
        const type = contentTypeFromStorage(fieldTypes, stored);
        const items = await tx.contentHandler.loadCurrentList(batch);
        let written = 0;
        for (const item of items) {
          if (item.versionInfo.status !== 'PUBLISHED') continue;
          const values = valuesFromStorage(fieldTypes, item.fields);
          await tx.searchHandler.indexContent(indexDocument({ fieldTypes }, type, item.contentInfo.id, item.versionInfo.versionNo, values, item.versionInfo.names));
          written += 1;
        }
        return written;
      });
      done += batch.length;
      options.onProgress?.({ done, total });
    }
  }
  return { indexed, skipped: total - indexed, contentTypes: types.length };
}
