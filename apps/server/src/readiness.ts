import type { Persistence } from '@contentrepo/persistence';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';

/** Longest time `/readyz` waits for the database, in milliseconds: a database that does not answer by then is not ready. */
export const READINESS_TIMEOUT_MS = 2_000;

/** The body of a `/readyz` answer. */
export type ReadinessBody =
  | { readonly status: 'ready'; readonly driver: Persistence['driver'] }
  | { readonly status: 'unavailable'; readonly driver: Persistence['driver']; readonly reason: string; readonly pendingMigrations?: readonly string[] };

/**
 * `GET /readyz`: whether this node can serve the repository now — the database answers within
 * {@link READINESS_TIMEOUT_MS} and holds every migration of this build. `200 {"status": "ready", "driver"}`, else
 * `503 {"status": "unavailable", "driver", "reason"}` (with `pendingMigrations` when migrations are missing), so that
 * a load balancer or an orchestrator takes the node out of rotation. Never cached. The driver's error is logged at
 * `warn`, not sent. `/healthz` stays the liveness check: it answers while the process runs.
 */
export function readinessHandler(store: Pick<Persistence, 'driver' | 'pendingMigrations'>, logger: Pick<Logger, 'warn'>) {
  return async (_req: Request, res: Response): Promise<void> => {
    const body = await readiness(store, logger);
    res.status(body.status === 'ready' ? 200 : 503).set('Cache-Control', 'no-store').json(body);
  };
}

async function readiness(store: Pick<Persistence, 'driver' | 'pendingMigrations'>, logger: Pick<Logger, 'warn'>): Promise<ReadinessBody> {
  const { driver } = store;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), READINESS_TIMEOUT_MS);
  });
  try {
    const pending = await Promise.race([store.pendingMigrations(), timeout]);
    if (pending === 'timeout') {
      logger.warn({ timeoutMs: READINESS_TIMEOUT_MS }, 'Not ready: the database did not answer in time');
      return { status: 'unavailable', driver, reason: 'The database did not answer in time' };
    }
    if (pending.length > 0) {
      logger.warn({ pendingMigrations: pending }, 'Not ready: the database lacks migrations of this build');
      return { status: 'unavailable', driver, reason: 'The database lacks migrations of this build', pendingMigrations: pending };
    }
    return { status: 'ready', driver };
  } catch (error) {
    logger.warn({ err: error }, 'Not ready: the database does not answer');
    return { status: 'unavailable', driver, reason: 'The database does not answer' };
  } finally {
    clearTimeout(timer);
  }
}
