import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The transaction (binding) of the current async scope, for the root context to join (see `SqlContext`).
 *
 * Cost control: on Node 20 an enabled AsyncLocalStorage installs promise hooks that run for every promise of the
 * process (measured: 1M awaited promises take ~3x longer). The storage is therefore enabled only while at least
 * one scope is open (`run` enables it) and disabled (`disable()`) when the last one closes, so reads between
 * transactions pay nothing; `current()` answers from a counter without touching the storage when none is open.
 * A continuation that outlives its scope may see its binding again after a later scope re-enabled the storage,
 * so callers must check that the binding is still open.
 */
export class TransactionScope<B> {
  private readonly storage = new AsyncLocalStorage<B>();
  private open = 0;

  /** The binding of the innermost scope around the caller, if any scope is open. */
  current(): B | undefined {
    return this.open === 0 ? undefined : this.storage.getStore();
  }

  /** Runs `work` with `binding` as the current binding of its async scope. */
  async run<T>(binding: B, work: () => Promise<T>): Promise<T> {
    this.open++;
    try {
      return await this.storage.run(binding, work);
    } finally {
      if (--this.open === 0) this.storage.disable();
    }
  }
}
