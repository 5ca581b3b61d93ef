import type { Dialect } from './dialect.js';
import type { SqlDatabase, SqlSession } from './sql-session.js';

/**
 * Told of every statement a store ran: how long it took in seconds (from handing it to the driver to its result,
 * including the wait for a pooled connection or SQLite's gate), the dialect, and whether it succeeded. Called
 * synchronously after each statement: keep it cheap (e.g. a histogram observation) and never throw.
 */
export type QueryObserver = (durationSeconds: number, dialect: Dialect, ok: boolean) => void;

/** Runs `run`, reporting its duration and outcome to `onQuery`; one promise added, no async frame. */
function timed<T>(run: () => Promise<T>, dialect: Dialect, onQuery: QueryObserver): Promise<T> {
  const start = performance.now();
  return run().then(
    (result) => {
      onQuery((performance.now() - start) / 1000, dialect, true);
      return result;
    },
    (error: unknown) => {
      onQuery((performance.now() - start) / 1000, dialect, false);
      throw error;
    },
  );
}

function timedSession(session: SqlSession, dialect: Dialect, onQuery: QueryObserver): SqlSession {
  return {
    all: (sql, params, reused) => timed(() => session.all(sql, params, reused), dialect, onQuery),
    run: (sql, params, reused) => timed(() => session.run(sql, params, reused), dialect, onQuery),
  };
}

/**
 * `database` with every statement timed and reported to `onQuery`: statements outside a transaction and inside
 * one alike (`BEGIN`/`COMMIT` are the driver's own and are not reported). Only stores given an observer are
 * wrapped, so a store without one pays nothing.
 */
export function timedDatabase(database: SqlDatabase, onQuery: QueryObserver): SqlDatabase {
  const { dialect } = database;
  return {
    dialect,
    root: timedSession(database.root, dialect, onQuery),
    transaction: (work) => database.transaction((session) => work(timedSession(session, dialect, onQuery))),
  };
}
