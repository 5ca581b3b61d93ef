import type { Knex } from '@mikro-orm/knex';
import { isRecord } from './row.js';
import type { SqlDatabase, SqlSession } from './sql-session.js';

/** What a `pg` query resolves to, as far as this package reads it. */
interface PgResult {
  readonly rows: unknown[];
  readonly rowCount: number | null;
}

/** A `pg` query: unnamed (parsed and planned on every run) or named (prepared once per connection). */
interface PgQuery {
  readonly text: string;
  readonly values: readonly unknown[];
  readonly name?: string;
}

/** The part of a `pg` client (a pooled connection) this package uses. */
interface PgConnection {
  query(config: PgQuery): Promise<unknown>;
}

function isPgConnection(value: unknown): value is PgConnection {
  return typeof value === 'object' && value !== null && 'query' in value && typeof value.query === 'function';
}

/**
 * Names of the server-side prepared statements, one per distinct SQL text of precompiled statements (a bounded
 * set: the statement modules plus the size families of `db/statement.ts`). `pg` prepares a named statement on a
 * connection the first time it runs there and then only binds and executes it.
 */
const statementNames = new Map<string, string>();

function nameOf(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `contentrepo_${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return name;
}

async function query(connection: PgConnection, text: string, values: readonly unknown[], reused = false): Promise<PgResult> {
  const result: unknown = await connection.query(reused ? { name: nameOf(text), text, values } : { text, values });
  if (!isRecord(result) || !Array.isArray(result['rows'])) throw new Error('Unexpected PostgreSQL result');
  const rowCount = result['rowCount'];
  return { rows: result['rows'], rowCount: typeof rowCount === 'number' ? rowCount : null };
}

function sessionOf(connection: PgConnection): SqlSession {
  return {
    all: async (sql, params, reused) => (await query(connection, sql, params, reused)).rows,
    run: async (sql, params, reused) => (await query(connection, sql, params, reused)).rowCount ?? 0,
  };
}

/**
 * PostgreSQL on the pool of MikroORM's knex client, bypassing knex's query runner: statements go straight to a
 * pooled `pg` connection (`$n` placeholders; precompiled statements as named prepared statements). Outside a transaction each statement borrows a connection for its
 * own duration; a transaction holds one connection from `BEGIN` to `COMMIT`/`ROLLBACK` (a real database
 * transaction, READ COMMITTED; concurrent transactions run in parallel on other connections). Connections keep
 * the settings knex gave them when it opened them (search path, MikroORM's type parsers).
 */
export class PostgresDatabase implements SqlDatabase {
  readonly dialect = 'postgresql';
  readonly root: SqlSession;

  constructor(private readonly client: Knex.Client) {
    this.root = {
      all: (sql, params, reused) => this.withConnection(async (connection) => (await query(connection, sql, params, reused)).rows),
      run: (sql, params, reused) =>
        this.withConnection(async (connection) => (await query(connection, sql, params, reused)).rowCount ?? 0),
    };
  }

  async transaction<T>(work: (session: SqlSession) => Promise<T>): Promise<T> {
    return this.withConnection(async (connection) => {
      await query(connection, 'BEGIN', []);
      try {
        const result = await work(sessionOf(connection));
        await query(connection, 'COMMIT', []);
        return result;
      } catch (error) {
        // After a failed COMMIT PostgreSQL has already rolled back; ROLLBACK then only warns.
        await query(connection, 'ROLLBACK', []).catch(() => undefined);
        throw error;
      }
    });
  }

  private async withConnection<T>(work: (connection: PgConnection) => Promise<T>): Promise<T> {
    const connection: unknown = await this.client.acquireConnection();
    try {
      if (!isPgConnection(connection)) throw new Error('Unexpected PostgreSQL connection object (expected pg.Client)');
      return await work(connection);
    } finally {
      await this.client.releaseConnection(connection);
    }
  }
}
