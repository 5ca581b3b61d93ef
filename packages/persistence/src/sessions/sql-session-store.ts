import type { Clock, Session, SessionStore } from '@contentrepo/core';
import { toSeconds } from '../db/dates.js';
import type { Row } from '../db/row.js';
import type { ChangePublisher } from '../db/local-change-feed.js';
import type { SqlContext } from '../db/sql-context.js';
import { sql } from '../db/statement.js';
import { TABLES } from '../schema/index.js';

const { session: sessions } = TABLES;
const COLUMNS = sessions.$list(['id', 'userId', 'csrfToken', 'createdAt', 'expiresAt']);

const INSERT_SESSION = sql<[id: string, userId: number, csrfToken: string, createdAt: number, expiresAt: number]>(
  `INSERT INTO ${sessions} (${COLUMNS}) VALUES (?, ?, ?, ?, ?)`,
);
const LIVE_SESSION = sql<[id: string, now: number]>(`SELECT ${COLUMNS} FROM ${sessions} WHERE ${sessions.id} = ? AND ${sessions.expiresAt} > ?`);
const TOUCH_SESSION = sql<[expiresAt: number, id: string]>(`UPDATE ${sessions} SET ${sessions.expiresAt} = ? WHERE ${sessions.id} = ?`);
const DELETE_SESSION = sql<[id: string]>(`DELETE FROM ${sessions} WHERE ${sessions.id} = ? RETURNING ${sessions.userId}`);
const DELETE_EXPIRED = sql<[now: number]>(`DELETE FROM ${sessions} WHERE ${sessions.expiresAt} <= ?`);

/**
 * SessionStore on the `session` table, every operation one precompiled statement (the
 * read and the touch run on every cookie request). Dates have second precision. A session whose `expiresAt` is
 * not after the clock's now is treated as absent; {@link SqlSessionStore.purgeExpired} removes such rows. With
 * `changes`, a deleted session is announced (`session` with its user's id) when the deletion commits, so that
 * every node's session cache drops it.
 */
export class SqlSessionStore implements SessionStore {
  constructor(
    private readonly ctx: SqlContext,
    private readonly clock: Clock,
    private readonly changes?: ChangePublisher,
  ) {}

  async create(session: Session): Promise<void> {
    await this.ctx.write(INSERT_SESSION, [
      session.id,
      session.userId,
      session.csrfToken,
      toSeconds(session.createdAt),
      toSeconds(session.expiresAt),
    ]);
  }

  /** The session, or null when unknown or expired. */
  async load(sessionId: string): Promise<Session | null> {
    const row = await this.ctx.one(LIVE_SESSION, [sessionId, toSeconds(this.clock.now())]);
    return row && toSession(row);
  }

  async touch(sessionId: string, expiresAt: Date): Promise<void> {
    await this.ctx.write(TOUCH_SESSION, [toSeconds(expiresAt), sessionId]);
  }

  async delete(sessionId: string): Promise<void> {
    const { changes } = this;
    if (!changes) {
      await this.ctx.all(DELETE_SESSION, [sessionId]);
      return;
    }
    await this.ctx.transaction(async (tx) => {
      const deleted = await tx.all(DELETE_SESSION, [sessionId]);
      await changes.publish(tx, deleted.map((row) => ({ kind: 'session', id: row.int(sessions.userId) })));
    });
  }

  /** Deletes every expired session; returns how many. For a periodic clean-up task. */
  purgeExpired(): Promise<number> {
    return this.ctx.write(DELETE_EXPIRED, [toSeconds(this.clock.now())]);
  }
}

function toSession(row: Row): Session {
  return {
    id: row.str(sessions.id),
    userId: row.int(sessions.userId),
    csrfToken: row.str(sessions.csrfToken),
    createdAt: row.date(sessions.createdAt),
    expiresAt: row.date(sessions.expiresAt),
  };
}
