import type { Clock, RandomSource, Session, SessionStore } from '@contentrepo/core';

/** A clock tests move by hand (ms since the epoch). */
export interface ManualClock extends Clock {
  advance(ms: number): void;
}

/** A {@link ManualClock} starting at `start`. */
export function manualClock(start = Date.UTC(2024, 0, 1)): ManualClock {
  let now = start;
  return {
    now: () => new Date(now),
    advance(ms) {
      now += ms;
    },
  };
}

/** A random source answering 0, 1, 2, … byte after byte (wrapping at 256), so tokens are predictable. */
export function countingRandom(): RandomSource {
  let next = 0;
  return {
    bytes(count) {
      const bytes = new Uint8Array(count);
      for (let index = 0; index < count; index += 1) bytes[index] = next++ % 256;
      return bytes;
    },
  };
}

/** An in-memory session store on `clock` that counts its calls. */
export interface RecordingSessionStore extends SessionStore {
  readonly sessions: Map<string, Session>;
  readonly calls: { load: number; touch: number };
}

/** A {@link RecordingSessionStore}: sessions expire by `clock`. */
export function recordingSessionStore(clock: Clock): RecordingSessionStore {
  const sessions = new Map<string, Session>();
  const calls = { load: 0, touch: 0 };
  return {
    sessions,
    calls,
    async create(session) {
      sessions.set(session.id, session);
    },
    async load(sessionId) {
      calls.load += 1;
      const session = sessions.get(sessionId);
      return session && session.expiresAt.getTime() > clock.now().getTime() ? session : null;
    },
    async touch(sessionId, expiresAt) {
      calls.touch += 1;
      const session = sessions.get(sessionId);
      if (session) sessions.set(sessionId, { ...session, expiresAt });
    },
    async delete(sessionId) {
      sessions.delete(sessionId);
    },
  };
}
