import { describe, expect, it } from '@jest/globals';
import { createJwtTokenService } from './jwt-token-service.js';

const SECRET = 'a'.repeat(32);

describe('JWT token service', () => {
  it('issues HS256 tokens that verify to the user id until they expire', async () => {
    let now = new Date(Date.UTC(2024, 0, 1));
    const tokens = createJwtTokenService({ secret: SECRET, ttlSeconds: 3600, clock: { now: () => now } });
    const { token, expiresAt } = await tokens.issue(14, 'admin');
    expect(expiresAt).toEqual(new Date(Date.UTC(2024, 0, 1, 1)));
    expect(JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8'))).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(await tokens.verify(token)).toEqual({ userId: 14, issuedAt: new Date(Date.UTC(2024, 0, 1)) });
    now = new Date(Date.UTC(2024, 0, 1, 1, 0, 1));
    expect(await tokens.verify(token)).toBeNull();
  });

  it("carries the user's password date it was issued under (whole seconds, null when never changed)", async () => {
    const now = new Date(Date.UTC(2024, 0, 1));
    const tokens = createJwtTokenService({ secret: SECRET, ttlSeconds: 3600, clock: { now: () => now } });
    const changed = await tokens.issue(14, 'admin', new Date(Date.UTC(2023, 5, 1, 12, 0, 0, 700)));
    expect(await tokens.verify(changed.token)).toEqual({ userId: 14, issuedAt: now, passwordUpdatedAt: new Date(Date.UTC(2023, 5, 1, 12)) });
    const never = await tokens.issue(14, 'admin', null);
    expect(await tokens.verify(never.token)).toEqual({ userId: 14, issuedAt: now, passwordUpdatedAt: null });
  });

  it('refuses tokens signed with another secret, garbage and short secrets', async () => {
    const other = createJwtTokenService({ secret: 'b'.repeat(32), ttlSeconds: 60 });
    const tokens = createJwtTokenService({ secret: SECRET, ttlSeconds: 60 });
    expect(await tokens.verify((await other.issue(14, 'admin')).token)).toBeNull();
    expect(await tokens.verify('garbage')).toBeNull();
    expect(() => createJwtTokenService({ secret: 'short', ttlSeconds: 60 })).toThrow('at least 32 bytes');
  });
});
