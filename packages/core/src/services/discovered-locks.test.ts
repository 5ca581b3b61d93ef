import { describe, expect, it } from '@jest/globals';
import type { LockTarget } from '../spi/persistence-handler.js';
import { createInMemoryPersistence } from '../testing/in-memory/index.js';
import { underDiscoveredLocks } from './discovered-locks.js';
import type { ServiceContext } from './service-context.js';

function context(): ServiceContext {
  const { persistence } = createInMemoryPersistence();
  // Only `persistence` and `preconditions` are read by the locking functions.
  return { persistence, preconditions: [] } as unknown as ServiceContext;
}

const section = (id: number): LockTarget => ({ kind: 'section', id });

describe('underDiscoveredLocks', () => {
  it('locks what the first read found, then what appeared by the read under the locks, each once', async () => {
    const scope = context();
    const found = [[section(1)], [section(1), section(2)], [section(1), section(2)]];
    let reads = 0;
    const result = await underDiscoveredLocks(
      scope,
      () => Promise.resolve(found[Math.min(reads++, found.length - 1)] ?? []),
      () => Promise.resolve('written'),
    );
    expect(result).toBe('written');
    expect(reads).toBe(3);
    expect(await scope.persistence.revisions([section(1), section(2)])).toEqual([1, 1]);
  });

  it('gives up, writing nothing, when the targets never stop changing', async () => {
    const scope = context();
    let reads = 0;
    let ran = false;
    const write = underDiscoveredLocks(
      scope,
      () => Promise.resolve([section((reads += 1))]),
      () => {
        ran = true;
        return Promise.resolve();
      },
    );
    await expect(write).rejects.toThrow('keep changing');
    expect(ran).toBe(false);
    expect(await scope.persistence.revisions([section(1)])).toEqual([0]);
  });
});
