import { describe, expect, it } from '@jest/globals';
import { PreconditionFailedError } from '../errors/repository-error.js';
import { createInMemoryPersistence } from '../testing/in-memory/index.js';
import { underLock } from './in-transaction.js';
import type { ServiceContext } from './service-context.js';

function contextWith(preconditions: ServiceContext['preconditions']): ServiceContext {
  const { persistence } = createInMemoryPersistence();
  // Only `persistence` and `preconditions` are read by underLock.
  return { persistence, preconditions } as unknown as ServiceContext;
}

describe('underLock', () => {
  const section = { kind: 'section', id: 7 } as const;

  it('runs the write and counts it in the revision of each locked aggregate', async () => {
    const context = contextWith([]);
    expect(await underLock(context, [section], () => Promise.resolve('written'))).toBe('written');
    expect(await context.persistence.revisions([section])).toEqual([1]);
  });

  it('runs the write when every precondition holds, and checks them once (not again in a nested write)', async () => {
    const context = contextWith([{ target: section, revision: 0 }]);
    await underLock(context, [section], (tx) => underLock(tx, [section], () => Promise.resolve()));
    expect(await context.persistence.revisions([section])).toEqual([2]);
  });

  it('holds shared aggregates for the write without counting a write of them', async () => {
    const context = contextWith([]);
    const type = { kind: 'contentType', id: 3 } as const;
    await underLock(context, [section], () => Promise.resolve(), [type]);
    expect(await context.persistence.revisions([section, type])).toEqual([1, 0]);
  });

  it('refuses a stale precondition with PreconditionFailedError and writes nothing', async () => {
    const context = contextWith([{ target: section, revision: 3 }]);
    let ran = false;
    const write = underLock(context, [{ kind: 'content', id: 1 }], () => {
      ran = true;
      return Promise.resolve();
    });
    await expect(write).rejects.toThrow(PreconditionFailedError);
    await expect(write).rejects.toThrow("Section with identifier '7' has changed since the given entity tag");
    expect(ran).toBe(false);
    expect(await context.persistence.revisions([section, { kind: 'content', id: 1 }])).toEqual([0, 0]);
  });
});
