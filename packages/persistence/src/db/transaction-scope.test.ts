import { describe, expect, it } from '@jest/globals';
import { TransactionScope } from './transaction-scope.js';

const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 1));

describe('TransactionScope', () => {
  it('gives each async scope its binding, also while scopes overlap, and nothing outside them', async () => {
    const scope = new TransactionScope<string>();
    expect(scope.current()).toBeUndefined();
    let releaseFirst: () => void = () => undefined;
    const firstHeld = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    const first = scope.run('first', async () => {
      await firstHeld;
      return scope.current();
    });
    const second = scope.run('second', async () => {
      await tick();
      const before = scope.current();
      releaseFirst();
      await first;
      // the first scope has closed (and the storage may have been disabled and re-enabled): ours still holds
      await tick();
      return [before, scope.current()];
    });
    expect(scope.current()).toBeUndefined();
    expect(await first).toBe('first');
    expect(await second).toEqual(['second', 'second']);
    expect(scope.current()).toBeUndefined();
  });

  it('closes a scope whose work fails', async () => {
    const scope = new TransactionScope<string>();
    await expect(scope.run('failing', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(scope.current()).toBeUndefined();
    expect(await scope.run('next', async () => scope.current())).toBe('next');
  });
});
