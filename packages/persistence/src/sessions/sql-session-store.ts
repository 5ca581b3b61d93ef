import type { Clock, Session, SessionStore } from '@contentrepo/core';
import { toSeconds } from '../db/dates.js';
import { PreparedQuery } from '../db/prepared-query.js';
import type { Row } from '../db/row.js';
import type { SqlContext } from '../db/sql-context.js';
import { SessionSchema } from '../entities/user-entities.js';

/**
 * SessionStore on the `session` table: writes through the MikroORM EntityManager (native insert, update,
 * delete of the `SessionEntity` schema), the per-request read as a prepared query. Dates have second precision. A session whose `expiresAt` is not after the clock's
 * now is treated as absent; {@link SqlSessionStore.purgeExpired} removes such rows.
 */
export class SqlSessionStore implements SessionStore {
  constructor(
    private readonly ctx: SqlContext,
    private readonly clock: Clock,
  ) {}

  async create(session: Session): Promise<void> {
    await this.ctx.em.insert(SessionSchema, {
      id: session.id,
      userId: session.userId,
      csrfToken: session.csrfToken,
      createdAt: toSeconds(session.createdAt),
      expiresAt: toSeconds(session.expiresAt),
    });
  }

  /** The session, or null when unknown or expired (a prepared query: this runs on every cookie request). */
  async load(sessionId: string): Promise<Session | null> {
    const [row] = await this.ctx.prepared(LIVE_SESSION, [sessionId, toSeconds(this.clock.now())]);
    return row ? toSession(row) : null;
  }

  async touch(sessionId: string, expiresAt: Date): Promise<void> {
    await this.ctx.em.nativeUpdate(SessionSchema, { id: sessionId }, { expiresAt: toSeconds(expiresAt) });
  }

  async delete(sessionId: string): Promise<void> {
    await this.ctx.em.nativeDelete(SessionSchema, { id: sessionId });
  }

  /** Deletes every expired session; returns how many. For a periodic clean-up task. */
  purgeExpired(): Promise<number> {
    return this.ctx.em.nativeDelete(SessionSchema, { expiresAt: { $lte: toSeconds(this.clock.now()) } });
  }
}

const LIVE_SESSION = new PreparedQuery((kx, p) => kx('session').select('*').where('id', p(0)).where('expires_at', '>', p(1)));

function toSession(row: Row): Session {
  return {
    id: row.str('id'),
    userId: row.int('user_id'),
    csrfToken: row.str('csrf_token'),
    createdAt: row.date('created_at'),
    expiresAt: row.date('expires_at'),
  };
}
