import { describe, expect, it } from '@jest/globals';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { createLoginThrottle } from './login-throttle.js';

describe('createLoginThrottle (memory)', () => {
  it('blocks a login name and address for blockSeconds once it reaches maxFailures, and a success resets it', async () => {
    const throttle = await createLoginThrottle({ maxFailures: 2, maxFailuresPerAddress: 50, windowSeconds: 60, blockSeconds: 300 });
    expect(await throttle.recordFailure('Admin', '10.0.0.1')).toBe(0);
    expect(await throttle.blockedFor('admin', '10.0.0.1')).toBe(0);
    expect(await throttle.recordFailure('admin ', '10.0.0.1')).toBe(300);
    expect(await throttle.blockedFor('ADMIN', '10.0.0.1')).toBeGreaterThan(295);
    // Another address, or another login name from this address, is not blocked.
    expect(await throttle.blockedFor('admin', '10.0.0.2')).toBe(0);
    expect(await throttle.blockedFor('editor', '10.0.0.1')).toBe(0);

    await throttle.recordFailure('editor', '10.0.0.3');
    await throttle.recordSuccess('editor', '10.0.0.3');
    expect(await throttle.recordFailure('editor', '10.0.0.3')).toBe(0);
  });

  it('blocks an address that fails maxFailuresPerAddress times over any login names', async () => {
    const throttle = await createLoginThrottle({ maxFailures: 10, maxFailuresPerAddress: 3, blockSeconds: 60 });
    for (const login of ['a', 'b']) expect(await throttle.recordFailure(login, '10.0.0.9')).toBe(0);
    expect(await throttle.recordFailure('c', '10.0.0.9')).toBe(60);
    expect(await throttle.blockedFor('d', '10.0.0.9')).toBeGreaterThan(55);
  });

  it('accepts limiters of its own, and refuses limits that are not positive integers', async () => {
    const account = new RateLimiterMemory({ points: 1, duration: 60, blockDuration: 42 });
    const address = new RateLimiterMemory({ points: 5, duration: 60 });
    const throttle = await createLoginThrottle({ store: { kind: 'limiters', account, address } });
    expect(await throttle.recordFailure('x', '10.0.0.1')).toBe(42);
    await expect(createLoginThrottle({ maxFailures: 0 })).rejects.toThrow('maxFailures must be a positive integer');
    await expect(createLoginThrottle({ windowSeconds: 1.5 })).rejects.toThrow('windowSeconds must be a positive integer');
  });

  it('counts a very long login name', async () => {
    const throttle = await createLoginThrottle({ maxFailures: 1 });
    const login = 'x'.repeat(100_000);
    expect(await throttle.recordFailure(login, '10.0.0.1')).toBeGreaterThan(0);
    expect(await throttle.blockedFor(login, '10.0.0.1')).toBeGreaterThan(0);
  });
});
