import { beforeAll, describe, expect, it } from '@jest/globals';
import type { ChangeEvent, ChangeFeed, ChangeListener, Repository, TokenService } from '@contentrepo/core';
import { createTestRepository, type TestRepository } from '@contentrepo/core/testing';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { createHttpAuth, LoginThrottleUnavailableError, type HttpAuthOptions } from './http-auth.js';
import { createJwtTokenService } from './jwt-token-service.js';
import { createLoginThrottle } from './login-throttle.js';
import { countingRandom, manualClock, recordingSessionStore } from './test-support.js';

const ADMIN = 14;
const ANONYMOUS = 10;
const basic = (login: string, password: string): string => `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;
const headers = (values: Record<string, string>) => ({ get: (name: string) => values[name.toLowerCase()] });

/** A change feed the test announces on by hand (what another node's writes would announce). */
function manualFeed(): ChangeFeed & { announce(event: ChangeEvent): void } {
  const listeners = new Set<ChangeListener>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    announce(event) {
      for (const listener of listeners) listener(event);
    },
  };
}

/** A rate-limiter-flexible limiter whose store fails for the named operations, as an unreachable database would. */
class UnreachableLimiter extends RateLimiterMemory {
  constructor(private readonly failing: ReadonlySet<'get' | 'consume' | 'delete'>) {
    super({ points: 3, duration: 60 });
  }
  private attempt<T>(operation: 'get' | 'consume' | 'delete', run: () => Promise<T>): Promise<T> {
    return this.failing.has(operation) ? Promise.reject(new Error('connect ECONNREFUSED 10.0.0.1:5432')) : run();
  }
  override get(...args: Parameters<RateLimiterMemory['get']>) {
    return this.attempt('get', () => super.get(...args));
  }
  override consume(...args: Parameters<RateLimiterMemory['consume']>) {
    return this.attempt('consume', () => super.consume(...args));
  }
  override delete(...args: Parameters<RateLimiterMemory['delete']>) {
    return this.attempt('delete', () => super.delete(...args));
  }
}

describe('HttpAuth', () => {
  let repository: Repository;
  let logins: number;
  beforeAll(async () => {
    const repo = await createTestRepository();
    // Counts core's login checks, to see the Basic credentials cache.
    repository = {
      ...repo.anonymous,
      userService: {
        ...repo.anonymous.userService,
        authenticate: (login, password) => {
          logins += 1;
          return repo.anonymous.userService.authenticate(login, password);
        },
      },
    };
  });

  const setup = (options: Partial<Omit<HttpAuthOptions, 'repository' | 'sessions' | 'clock' | 'random'>> = {}) => {
    logins = 0;
    const clock = manualClock();
    const store = recordingSessionStore(clock);
    const auth = createHttpAuth({ repository, sessions: store, clock, random: countingRandom(), ...options });
    return { auth, clock, store };
  };

  describe('login throttling whose counter store cannot be reached', () => {
    const withStore = async (...failing: ('get' | 'consume' | 'delete')[]) => {
      const logged: { level: string; details: Record<string, unknown>; message: string }[] = [];
      const logger = {
        warn: (details: object, message: string) => void logged.push({ level: 'warn', details: details as Record<string, unknown>, message }),
        error: (details: object, message: string) => void logged.push({ level: 'error', details: details as Record<string, unknown>, message }),
      };
      const loginThrottle = await createLoginThrottle({
        store: { kind: 'limiters', account: new UnreachableLimiter(new Set(failing)), address: new UnreachableLimiter(new Set(failing)) },
      });
      return { ...setup({ loginThrottle, logger, basicAuth: true }), logged };
    };
    const errorsOf = (logged: { level: string; details: Record<string, unknown> }[]) => logged.filter((entry) => entry.level === 'error');

    it('fails closed when the counters cannot be read: 503 error, password not checked, cause logged at error', async () => {
      const { auth, logged } = await withStore('get', 'consume', 'delete');
      await expect(auth.login('admin', 'publish', '10.0.0.1')).rejects.toBeInstanceOf(LoginThrottleUnavailableError);
      await expect(auth.authenticate({ authorization: basic('admin', 'publish') }, '10.0.0.1')).rejects.toThrow('Logins are temporarily unavailable; try again later');
      expect(logins).toBe(0);
      expect(errorsOf(logged)).toHaveLength(2);
      expect(errorsOf(logged)[0]?.details).toMatchObject({ login: 'admin', address: '10.0.0.1', err: expect.objectContaining({ message: 'connect ECONNREFUSED 10.0.0.1:5432' }) });
      expect(JSON.stringify(logged)).not.toContain('publish');
    });

    it('fails closed when a failure cannot be counted, and lets a right password in when only the reset fails', async () => {
      const { auth, logged } = await withStore('consume', 'delete');
      const refused = auth.login('admin', 'wrong', '10.0.0.2');
      await expect(refused).rejects.toBeInstanceOf(LoginThrottleUnavailableError);
      await expect(refused).rejects.toMatchObject({ retryAfterSeconds: 30 });
      expect((await auth.login('admin', 'publish', '10.0.0.2')).contentInfo.id).toBe(ADMIN);
      expect(errorsOf(logged)).toHaveLength(2);
    });
  });

  it('runs requests without credentials as the anonymous user', async () => {
    const { auth } = setup();
    expect(await auth.authenticate({})).toEqual({ userId: ANONYMOUS, session: null, via: 'anonymous' });
    expect(await auth.authenticate({ sessionId: 'unknown', authorization: 'Negotiate abc' })).toEqual({ userId: ANONYMOUS, session: null, via: 'anonymous' });
  });

  it('opens sessions with ids and CSRF tokens from the random source, valid for the session lifetime', async () => {
    const { auth, store } = setup({ sessionTtlSeconds: 600 });
    const session = await auth.openSession(ADMIN);
    expect(session).toEqual({
      id: Buffer.from(Array.from({ length: 24 }, (_, index) => index)).toString('base64url'),
      userId: ADMIN,
      csrfToken: Buffer.from(Array.from({ length: 24 }, (_, index) => 24 + index)).toString('base64url'),
      createdAt: new Date(Date.UTC(2024, 0, 1)),
      expiresAt: new Date(Date.UTC(2024, 0, 1, 0, 10)),
    });
    expect(store.sessions.get(session.id)).toEqual(session);
  });

  it('authenticates a session cookie, reusing the loaded session for sessionCacheTtlMs', async () => {
    const { auth, clock, store } = setup({ sessionCacheTtlMs: 2000 });
    const session = await auth.openSession(ADMIN);
    expect(await auth.authenticate({ sessionId: session.id })).toEqual({ userId: ADMIN, session, via: 'session' });
    clock.advance(1999);
    await auth.authenticate({ sessionId: session.id });
    expect(store.calls.load).toBe(1);
    clock.advance(1);
    await auth.authenticate({ sessionId: session.id });
    expect(store.calls.load).toBe(2);
  });

  it('asks the store every time when the cache is disabled', async () => {
    const { auth, store } = setup({ sessionCacheTtlMs: 0 });
    const session = await auth.openSession(ADMIN);
    await auth.authenticate({ sessionId: session.id });
    await auth.authenticate({ sessionId: session.id });
    expect(store.calls.load).toBe(2);
  });

  it('refuses a closed session at once, even while it is cached', async () => {
    const { auth } = setup({ sessionCacheTtlMs: 60_000 });
    const session = await auth.openSession(ADMIN);
    expect((await auth.authenticate({ sessionId: session.id })).via).toBe('session');
    await auth.closeSession(session.id);
    expect(await auth.authenticate({ sessionId: session.id })).toEqual({ userId: ANONYMOUS, session: null, via: 'anonymous' });
  });

  it('extends a session to a full lifetime once less than half of it is left, and lets it expire when unused', async () => {
    const { auth, clock, store } = setup({ sessionTtlSeconds: 100, sessionCacheTtlMs: 0 });
    const session = await auth.openSession(ADMIN);
    clock.advance(50_000);
    expect((await auth.authenticate({ sessionId: session.id })).session?.expiresAt).toEqual(session.expiresAt);
    expect(store.calls.touch).toBe(0);
    clock.advance(1);
    const refreshed = (await auth.authenticate({ sessionId: session.id })).session;
    expect(refreshed?.expiresAt).toEqual(new Date(clock.now().getTime() + 100_000));
    expect(store.sessions.get(session.id)?.expiresAt).toEqual(refreshed?.expiresAt);
    clock.advance(100_000);
    expect((await auth.authenticate({ sessionId: session.id })).via).toBe('anonymous');
  });

  it('never serves a cached session past its expiry', async () => {
    const { auth, clock } = setup({ sessionTtlSeconds: 100, sessionCacheTtlMs: 60_000 });
    const session = await auth.openSession(ADMIN);
    clock.advance(49_000);
    await auth.authenticate({ sessionId: session.id });
    clock.advance(52_000);
    expect((await auth.authenticate({ sessionId: session.id })).via).toBe('anonymous');
  });

  it('accepts Basic credentials only when enabled, checks them once a minute, and refuses wrong ones', async () => {
    const { auth, clock } = setup({ basicAuth: true });
    expect(await auth.authenticate({ authorization: basic('admin', 'publish') })).toEqual({ userId: ADMIN, session: null, via: 'basic' });
    await auth.authenticate({ authorization: `basic  ${Buffer.from('admin:publish').toString('base64')}` });
    expect(logins).toBe(1);
    clock.advance(60_000);
    await auth.authenticate({ authorization: basic('admin', 'publish') });
    expect(logins).toBe(2);
    for (const authorization of [basic('admin', 'wrong'), 'Basic !!!', `Basic ${btoa('no-colon')}`]) {
      await expect(auth.authenticate({ authorization })).rejects.toThrow('Invalid login or password');
    }
    const off = setup().auth;
    expect((await off.authenticate({ authorization: basic('admin', 'publish') })).via).toBe('anonymous');
    const uncached = setup({ basicAuth: true, basicCacheTtlMs: 0 }).auth;
    await uncached.authenticate({ authorization: basic('admin', 'publish') });
    await uncached.authenticate({ authorization: basic('admin', 'publish') });
    expect(logins).toBe(2);
  });

  it('accepts Bearer tokens the token service verifies, refuses others, and ignores Bearer without a token service', async () => {
    const tokens: TokenService = {
      issue: async () => ({ token: 'good', expiresAt: new Date(0) }),
      verify: async (token) => (token === 'good' ? { userId: ADMIN, issuedAt: new Date(0) } : null),
    };
    const { auth } = setup({ tokens });
    expect(auth.tokens).toBe(tokens);
    expect(await auth.authenticate({ authorization: 'Bearer good' })).toEqual({ userId: ADMIN, session: null, via: 'bearer' });
    await expect(auth.authenticate({ authorization: 'Bearer bad' })).rejects.toThrow('Invalid login or password');
    const without = setup().auth;
    expect(without.tokens).toBeNull();
    expect((await without.authenticate({ authorization: 'Bearer good' })).via).toBe('anonymous');
  });

  it('prefers a valid session cookie over the Authorization header', async () => {
    const { auth } = setup({ basicAuth: true });
    const session = await auth.openSession(ADMIN);
    expect((await auth.authenticate({ sessionId: session.id, authorization: basic('admin', 'wrong') })).via).toBe('session');
  });

  it('reads the session cookie and Authorization header of a request', async () => {
    const { auth } = setup({ basicAuth: true });
    expect(auth.cookieName).toBe('IBX_SESSION_ID98defd6ee70dfb1dea416cecdf391f58');
    const session = await auth.openSession(ADMIN);
    const request = headers({ cookie: `other=1; ${auth.cookieName}=${session.id}` });
    expect(await auth.authenticateRequest(request)).toEqual({ userId: ADMIN, session, via: 'session', sessionCookie: session.id });
    const stale = headers({ cookie: `${auth.cookieName}=gone`, authorization: basic('admin', 'publish') });
    expect(await auth.authenticateRequest(stale)).toEqual({ userId: ADMIN, session: null, via: 'basic', sessionCookie: 'gone' });
    expect(createHttpAuth({ repository, sessions: recordingSessionStore(manualClock()), sessionCookieName: 'SID' }).credentialsOf(headers({ cookie: 'SID=x' }))).toEqual({
      sessionId: 'x',
      authorization: null,
    });
  });

  it("checks a session's CSRF token", async () => {
    const { auth } = setup();
    const session = await auth.openSession(ADMIN);
    expect(() => auth.assertCsrf(session, session.csrfToken)).not.toThrow();
    for (const token of [undefined, null, '', `${session.csrfToken}x`, session.csrfToken.replace(/^./, '_')]) {
      expect(() => auth.assertCsrf(session, token)).toThrow('Missing or invalid CSRF token');
    }
  });

  it('checks X-Expected-User against the login of the current user', async () => {
    const { auth } = setup();
    await expect(auth.assertExpectedUser('admin', ADMIN)).resolves.toBeUndefined();
    await expect(auth.assertExpectedUser(undefined, ANONYMOUS)).resolves.toBeUndefined();
    await expect(auth.assertExpectedUser('', ANONYMOUS)).resolves.toBeUndefined();
    await expect(auth.assertExpectedUser('anonymous', ADMIN)).rejects.toThrow('Expectation failed. User changed.');
    await expect(auth.assertExpectedUser('admin', ANONYMOUS)).rejects.toThrow('Expectation failed. User changed.');
    await expect(auth.assertExpectedUser('admin', 999_999)).rejects.toThrow('Expectation failed. User changed.');
  });

  describe('following a change feed (sessions closed and users changed on other nodes)', () => {
    it('keeps sessions for the fallback lifetime (60 s) and drops the sessions of a user whose session was closed elsewhere', async () => {
      const changes = manualFeed();
      const { auth, clock, store } = setup({ changes });
      const admin = await auth.openSession(ADMIN);
      const anonymous = await auth.openSession(ANONYMOUS);
      await auth.authenticate({ sessionId: admin.id });
      await auth.authenticate({ sessionId: anonymous.id });
      clock.advance(59_999);
      await auth.authenticate({ sessionId: admin.id });
      expect(store.calls.load).toBe(2);
      // Another node logs the admin session out: the store no longer has it, and the deletion is announced.
      await store.delete(admin.id);
      expect((await auth.authenticate({ sessionId: admin.id })).via).toBe('session');
      changes.announce({ kind: 'session', id: ADMIN });
      expect(await auth.authenticate({ sessionId: admin.id })).toEqual({ userId: ANONYMOUS, session: null, via: 'anonymous' });
      await auth.authenticate({ sessionId: anonymous.id });
      expect(store.calls.load).toBe(3);
      changes.announce({ kind: 'flush' });
      await auth.authenticate({ sessionId: anonymous.id });
      expect(store.calls.load).toBe(4);
    });

    it('does not cache a session that was being loaded when its closing was announced', async () => {
      const changes = manualFeed();
      const { auth, store } = setup({ changes });
      const session = await auth.openSession(ADMIN);
      // The load reads the session, then the logout elsewhere commits and is announced before the load resumes.
      const load = store.load.bind(store);
      store.load = async (sessionId) => {
        const loaded = await load(sessionId);
        await store.delete(sessionId);
        changes.announce({ kind: 'session', id: ADMIN });
        return loaded;
      };
      expect((await auth.authenticate({ sessionId: session.id })).via).toBe('session');
      store.load = load;
      expect((await auth.authenticate({ sessionId: session.id })).via).toBe('anonymous');
    });

    it('checks Basic credentials again once their user changed (password, enabled flag, deletion)', async () => {
      const changes = manualFeed();
      const { auth } = setup({ basicAuth: true, changes });
      const credentials = { authorization: basic('admin', 'publish') };
      await auth.authenticate(credentials);
      await auth.authenticate(credentials);
      expect(logins).toBe(1);
      changes.announce({ kind: 'content', id: ANONYMOUS });
      changes.announce({ kind: 'session', id: ADMIN });
      await auth.authenticate(credentials);
      expect(logins).toBe(1);
      changes.announce({ kind: 'content', id: ADMIN });
      await auth.authenticate(credentials);
      expect(logins).toBe(2);
      changes.announce({ kind: 'flush' });
      await auth.authenticate(credentials);
      expect(logins).toBe(3);
    });
  });

  describe('revocation: a disabled, deleted or re-passworded user is refused at once', () => {
    let repo: TestRepository;
    beforeAll(async () => {
      repo = await createTestRepository();
    });
    let created = 0;
    const newUser = async () => {
      created += 1;
      const user = await repo.admin.userService.createUser(
        {
          mainLanguageCode: 'eng-GB',
          login: `revoked${created}`,
          email: `revoked${created}@example.com`,
          password: 'Secret-Passw0rd',
          fields: [
            { fieldDefIdentifier: 'first_name', value: 'Re' },
            { fieldDefIdentifier: 'last_name', value: 'Voked' },
          ],
        },
        [13],
      );
      return user;
    };
    /** Sessions and tokens of a node following a feed; its clock starts at the real time and is moved by hand. */
    const node = () => {
      const clock = manualClock(Date.now());
      const changes = manualFeed();
      const tokens = createJwtTokenService({ secret: 's'.repeat(32), ttlSeconds: 3600, clock });
      const auth = createHttpAuth({ repository: repo.anonymous, sessions: recordingSessionStore(clock), clock, random: countingRandom(), changes, tokens });
      return { auth, clock, changes, tokens };
    };

    it('refuses the sessions and tokens of a disabled user as soon as the change is announced', async () => {
      // The user first: the node's clock then starts after the password was set, as a real login would.
      const user = await newUser();
      const { auth, changes, tokens } = node();
      const id = user.contentInfo.id;
      const session = await auth.openSession(id);
      const bearer = `Bearer ${(await tokens.issue(id, user.login, user.passwordUpdatedAt)).token}`;
      expect((await auth.authenticate({ sessionId: session.id })).userId).toBe(id);
      expect(await auth.authenticate({ authorization: bearer })).toEqual({ userId: id, session: null, via: 'bearer' });
      await repo.admin.userService.updateUser(id, { enabled: false });
      changes.announce({ kind: 'content', id });
      expect(await auth.authenticate({ sessionId: session.id })).toEqual({ userId: ANONYMOUS, session: null, via: 'anonymous' });
      await expect(auth.authenticate({ authorization: bearer })).rejects.toThrow('Invalid login or password');
      await repo.admin.userService.updateUser(id, { enabled: true });
      changes.announce({ kind: 'content', id });
      expect((await auth.authenticate({ authorization: bearer })).userId).toBe(id);
    });

    it('refuses sessions opened and tokens issued before a password change, and accepts later ones', async () => {
      // The user first: the node's clock then starts after the password was set, as a real login would.
      const user = await newUser();
      const { auth, clock, changes, tokens } = node();
      const id = user.contentInfo.id;
      const session = await auth.openSession(id);
      const bearer = `Bearer ${(await tokens.issue(id, user.login, user.passwordUpdatedAt)).token}`;
      const unstamped = `Bearer ${(await tokens.issue(id, user.login)).token}`;
      // Password dates have second precision: the change happens in a later second than the login.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect((await auth.authenticate({ sessionId: session.id })).userId).toBe(id);
      expect((await auth.authenticate({ authorization: bearer })).userId).toBe(id);
      expect((await auth.authenticate({ authorization: unstamped })).userId).toBe(id);
      const changed = await repo.admin.userService.updateUser(id, { password: 'Another-Passw0rd' });
      changes.announce({ kind: 'content', id });
      expect((await auth.authenticate({ sessionId: session.id })).via).toBe('anonymous');
      await expect(auth.authenticate({ authorization: bearer })).rejects.toThrow('Invalid login or password');
      await expect(auth.authenticate({ authorization: unstamped })).rejects.toThrow('Invalid login or password');
      clock.advance(2_000);
      const fresh = await auth.openSession(id);
      expect((await auth.authenticate({ sessionId: fresh.id })).userId).toBe(id);
      const reissued = `Bearer ${(await tokens.issue(id, user.login, changed.passwordUpdatedAt)).token}`;
      expect((await auth.authenticate({ authorization: reissued })).userId).toBe(id);
    });

    it('refuses the sessions and tokens of a deleted user', async () => {
      // The user first: the node's clock then starts after the password was set, as a real login would.
      const user = await newUser();
      const { auth, changes, tokens } = node();
      const id = user.contentInfo.id;
      const session = await auth.openSession(id);
      const bearer = `Bearer ${(await tokens.issue(id, user.login, user.passwordUpdatedAt)).token}`;
      expect((await auth.authenticate({ sessionId: session.id })).userId).toBe(id);
      await repo.admin.userService.deleteUser(id);
      changes.announce({ kind: 'content', id });
      expect((await auth.authenticate({ sessionId: session.id })).via).toBe('anonymous');
      await expect(auth.authenticate({ authorization: bearer })).rejects.toThrow('Invalid login or password');
    });
  });
});
