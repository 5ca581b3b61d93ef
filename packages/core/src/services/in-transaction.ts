import type { ServiceContext } from './service-context.js';

/**
 * Runs `work` with a context whose persistence is bound to one transaction (joining the caller's, if any), so
 * that an operation composed of several service operations (create + publish, draft + update + publish) commits
 * or rolls back as a whole: a failing step leaves the data unchanged.
 */
export function inTransaction<T>(context: ServiceContext, work: (tx: ServiceContext) => Promise<T>): Promise<T> {
  return context.persistence.transaction((persistence) => work({ ...context, persistence }));
}
