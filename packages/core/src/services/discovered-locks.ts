import type { LockTarget, PersistenceHandler } from '../spi/persistence-handler.js';
import { underLock } from './in-transaction.js';
import type { ServiceContext } from './service-context.js';

/** Rounds of reading the targets again inside the transaction; past it, `discover` is not closed under its locks. */
const MAX_DISCOVERY_ROUNDS = 8;

/** A lock target as one string (for sets of targets). */
export const targetKey = (target: LockTarget): string => `${target.kind}:${target.id}`;

/**
 * Runs a write whose lock targets are found by reading (the locations of a subtree, the content items in it, the
 * owner of a role draft): `discover` reads them before the transaction, {@link underLock} locks all of them in
 * one call — so writers of overlapping sets take their locks in one order and never deadlock — and `discover`
 * reads them again inside, under those locks; targets that appeared in between are locked as well, until a read
 * finds nothing new. `work` then runs with the set it depends on held until commit.
 *
 * `discover` must be closed under its locks: a writer that would change its result (a new location in the
 * subtree, a draft published) locks one of the targets it returned. Targets that no longer apply are kept locked
 * (their revisions count the write, which is harmless).
 * @throws PreconditionFailedError as underLock.
 * @throws Error when the targets still change after {@link MAX_DISCOVERY_ROUNDS} reads (a programming error).
 */
export async function underDiscoveredLocks<T>(
  context: ServiceContext,
  discover: (persistence: PersistenceHandler) => Promise<readonly LockTarget[]>,
  work: (tx: ServiceContext) => Promise<T>,
): Promise<T> {
  const initial = await discover(context.persistence);
  return underLock(context, initial, async (tx) => {
    const held = new Set(initial.map(targetKey));
    for (let round = 0; ; round += 1) {
      const missing = (await discover(tx.persistence)).filter((target) => !held.has(targetKey(target)));
      if (missing.length === 0) break;
      if (round >= MAX_DISCOVERY_ROUNDS) throw new Error('underDiscoveredLocks: the lock targets keep changing under their locks');
      await tx.persistence.lock(missing);
      for (const target of missing) held.add(targetKey(target));
    }
    return work(tx);
  });
}
