import type { ServiceContext } from './service-context.js';
import type { LockTarget } from '../spi/persistence-handler.js';

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
 */
export function underLock<T>(
  context: ServiceContext,
  targets: readonly LockTarget[],
  work: (tx: ServiceContext) => Promise<T>,
): Promise<T> {
  return inTransaction(context, async (tx) => {
    await tx.persistence.lock(targets);
    return work(tx);
  });
}
