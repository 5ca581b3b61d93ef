import type { ServiceContext } from './service-context.js';
import { PreconditionFailedError } from '../errors/repository-error.js';
import type { LockKind, LockTarget } from '../spi/persistence-handler.js';

/**
 * Runs `work` with a context whose persistence is bound to one transaction (joining the caller's, if any), so
 * that an operation composed of several service operations (create + publish, draft + update + publish) commits
 * or rolls back as a whole: a failing step leaves the data unchanged.
 */
export function inTransaction<T>(context: ServiceContext, work: (tx: ServiceContext) => Promise<T>): Promise<T> {
  return context.persistence.transaction((persistence) => work({ ...context, persistence }));
}

/**
 * Runs a read-modify-write: {@link inTransaction} with `targets` locked first (`PersistenceHandler.lock`), so
 * that every read `work` makes through `tx` sees the last committed write of those aggregates and no other
 * writer of them commits until this one has. Reads made before calling this are stale by then: read inside.
 * `shared` aggregates (what the write depends on without changing it, e.g. the content type validating a content
 * write) are held with `PersistenceHandler.lockShared` before `targets` are locked, which keeps the lock order
 * when they are of earlier kinds (`contentType` before `content`).
 *
 * The context's preconditions (client entity tags) are locked and checked here, once: `work` runs without them.
 * @throws PreconditionFailedError when an aggregate of a precondition is no longer at its revision (nothing is
 *   written: the transaction rolls back).
 */
export function underLock<T>(
  context: ServiceContext,
  targets: readonly LockTarget[],
  work: (tx: ServiceContext) => Promise<T>,
  shared: readonly LockTarget[] = [],
): Promise<T> {
  const preconditions = context.preconditions ?? [];
  return inTransaction({ ...context, preconditions: [] }, async (tx) => {
    if (shared.length > 0) await tx.persistence.lockShared(shared);
    const before = await tx.persistence.lock([...targets, ...preconditions.map((condition) => condition.target)]);
    preconditions.forEach((condition, index) => {
      if (before[targets.length + index] !== condition.revision) {
        throw PreconditionFailedError.staleRevision(LOCK_KIND_NAMES[condition.target.kind], condition.target.id);
      }
    });
    return work(tx);
  });
}

/** The name of each lock kind in error messages. */
const LOCK_KIND_NAMES: Readonly<Record<LockKind, string>> = {
  content: 'Content',
  location: 'Location',
  contentType: 'ContentType',
  contentTypeGroup: 'ContentTypeGroup',
  section: 'Section',
  language: 'Language',
  role: 'Role',
  objectStateGroup: 'ObjectStateGroup',
  urlAliases: 'URLAlias',
  urlWildcard: 'URLWildcard',
  bookmarks: 'Bookmark',
};
