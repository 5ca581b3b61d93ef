import type { ContentType } from '../../api/values/content-type.js';
import { NotFoundError } from '../../errors/repository-error.js';
import type { LockTarget } from '../../spi/persistence-handler.js';
import type { RepositoryRuntime } from '../repository-runtime.js';
import { contentTypeFromStorage } from '../content-types/content-type-values.js';

/** The lock target of a content type (every status of it). */
export const contentTypeTarget = (contentTypeId: number): LockTarget => ({ kind: 'contentType', id: contentTypeId });

/**
 * The published content type validating a content write, as committed: read inside the write's transaction
 * (`tx`), holding the type's aggregate with a shared lock to the end of it, so that a concurrent change of the
 * type (a field definition removed or added) either committed before, and is what this returns, or waits until
 * the write has committed. The type comes from the stamped cache when it was loaded at the revision read here,
 * else from the database (refreshing the cache).
 * @throws NotFoundError when the type does not exist (any more).
 */
export async function contentTypeForWrite(tx: RepositoryRuntime, contentTypeId: number): Promise<ContentType> {
  const [revision = 0] = await tx.persistence.lockShared([contentTypeTarget(contentTypeId)]);
  return contentTypeAt(tx, contentTypeId, revision);
}

/**
 * The published content type as the database holds it now, for the checks a write makes before its transaction
 * (it makes them again inside, with {@link contentTypeForWrite}): never an older one than the last committed
 * change, whatever node made it. The revision is read before the type, so a type loaded here is never stamped
 * with a newer revision than its own.
 * @throws NotFoundError when the type does not exist.
 */
export async function currentContentType(runtime: RepositoryRuntime, contentTypeId: number): Promise<ContentType> {
  const [revision = 0] = await runtime.persistence.revisions([contentTypeTarget(contentTypeId)]);
  return contentTypeAt(runtime, contentTypeId, revision);
}

/**
 * The type loaded at `revision`: cached, or loaded now and cached (the read caches then forget an older one). A
 * missing type is not cached.
 * @throws NotFoundError
 */
async function contentTypeAt(runtime: RepositoryRuntime, contentTypeId: number, revision: number): Promise<ContentType> {
  const cache = runtime.referenceCache;
  const cached = cache.stampedContentTypes.get(contentTypeId);
  if (cached?.revision === revision) return cached.value;
  const stored = await runtime.persistence.contentTypeHandler.load(contentTypeId);
  if (!stored) throw NotFoundError.contentType(contentTypeId);
  const type = contentTypeFromStorage(runtime.fieldTypes, stored);
  // Loads may finish out of order: an entry stamped with a newer revision stays.
  const older = cache.stampedContentTypes.get(contentTypeId);
  if (older === undefined || older.revision < revision) cache.stampedContentTypes.set(contentTypeId, { revision, value: type });
  if (older !== undefined && older.revision < revision) {
    cache.contentTypes.invalidate(contentTypeId);
    cache.allContentTypes.invalidate();
  }
  return type;
}
