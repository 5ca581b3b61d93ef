import { expect, it } from '@jest/globals';
import type { Clock } from '@contentrepo/core';
import { describeOnEachDialect } from '../test-support/dialect-suite.js';

let now = new Date('2024-06-01T12:00:00Z');
const clock: Clock = { now: () => now };
const at = (iso: string): Date => new Date(iso);

describeOnEachDialect(
  'SqlSessionStore',
  (store) => {
    it('stores, loads, extends and deletes sessions; expired ones are not returned', async () => {
      const { sessions } = store();
      const session = {
        id: 'session-a',
        userId: 14,
        csrfToken: 'csrf',
        createdAt: at('2024-06-01T12:00:00Z'),
        expiresAt: at('2024-06-01T12:30:00Z'),
      };
      await sessions.create(session);
      expect(await sessions.load('session-a')).toEqual(session);
      expect(await sessions.load('unknown')).toBeNull();

      now = at('2024-06-01T12:30:00Z');
      expect(await sessions.load('session-a')).toBeNull();
      await sessions.touch('session-a', at('2024-06-01T13:00:00Z'));
      expect(await sessions.load('session-a')).toMatchObject({ expiresAt: at('2024-06-01T13:00:00Z') });

      await sessions.delete('session-a');
      expect(await sessions.load('session-a')).toBeNull();
    });

    it('keeps second precision', async () => {
      const { sessions } = store();
      now = at('2024-06-01T12:00:00Z');
      await sessions.create({ id: 'precise', userId: 10, csrfToken: 't', createdAt: at('2024-06-01T12:00:00.999Z'), expiresAt: at('2024-06-02T00:00:00.500Z') });
      expect(await sessions.load('precise')).toMatchObject({ createdAt: at('2024-06-01T12:00:00Z'), expiresAt: at('2024-06-02T00:00:00Z') });
    });
  },
  { seed: false, clock },
);
