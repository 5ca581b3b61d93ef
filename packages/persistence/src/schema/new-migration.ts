/**
 * `schema:migration <name>` — writes the next migration from the schema description (package README, "Changing
 * the schema"). Builds a scratch database with the committed migrations (a temporary SQLite file; and a
 * temporary schema of the PostgreSQL server named by `TEST_DATABASE_URL` when set), compares it with the
 * description, and writes `src/migrations/m<NNNN>-<name>.ts` with each dialect's statements. Without PostgreSQL,
 * its statements are derived from SQLite's differences (differences only PostgreSQL sees, such as collations,
 * then need the server). Exits non-zero, writing nothing, when a difference cannot be generated safely.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createOrmConfig, type OrmConfigOptions } from '../orm-config.js';
import type { Dialect } from '../db/dialect.js';
import { SqlContext } from '../db/sql-context.js';
import { migrate } from '../migrate.js';
import { MIGRATION_NAMES } from '../migrations/migration-names.js';
import { openOrm } from '../orm.js';
import { expectedSchema } from './expected-schema.js';
import { SCHEMA } from './index.js';
import { introspect } from './introspection.js';
import { migrationSource, migrationStatements, pascalCase, type MigrationStatements } from './migration-source.js';
import { diffSchemas, type SchemaDifference } from './schema-diff.js';

/** The differences between the description and a scratch database migrated by the committed migrations. */
async function differencesOf(options: OrmConfigOptions): Promise<SchemaDifference[]> {
  const config = createOrmConfig(options);
  const orm = await openOrm(config);
  try {
    const ctx = SqlContext.root(orm.database, orm.knex);
    await migrate(orm, config, ctx);
    return diffSchemas(expectedSchema(SCHEMA, orm.dialect), await introspect(ctx));
  } finally {
    await orm.close();
  }
}

async function postgresDifferences(url: string, dataDir: string): Promise<SchemaDifference[]> {
  const schema = `schema_diff_${randomBytes(6).toString('hex')}`;
  try {
    return await differencesOf({ databaseUrl: url, dataDir, schema });
  } finally {
    const orm = await openOrm(createOrmConfig({ databaseUrl: url, dataDir }));
    await orm.knex.raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await orm.close();
  }
}

async function main(name: string | undefined): Promise<number> {
  if (name === undefined || !/^[a-z][a-z0-9-]*$/.test(name)) {
    process.stderr.write('Usage: schema:migration <kebab-case-name>\n');
    return 2;
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'contentrepo-schema-'));
  try {
    const sqlite = await differencesOf({ dataDir });
    const url = process.env['TEST_DATABASE_URL'];
    const postgres = url === undefined || url === '' ? sqlite : await postgresDifferences(url, dataDir);
    const byDialect: Record<Dialect, MigrationStatements> = {
      sqlite: migrationStatements(SCHEMA, sqlite, 'sqlite'),
      postgresql: migrationStatements(SCHEMA, postgres, 'postgresql'),
    };
    const unsupported = [
      ...byDialect.sqlite.unsupported.map((text) => `SQLite: ${text}`),
      ...byDialect.postgresql.unsupported.map((text) => `PostgreSQL: ${text}`),
    ];
    if (unsupported.length > 0) {
      process.stderr.write(`Not generated (write this migration by hand):\n${unsupported.map((text) => `  ${text}\n`).join('')}`);
      return 1;
    }
    if (byDialect.sqlite.statements.length === 0 && byDialect.postgresql.statements.length === 0) {
      process.stdout.write('The migrated database matches the schema description: nothing to generate.\n');
      return 0;
    }
    const migrationName = `${String(MIGRATION_NAMES.length + 1).padStart(4, '0')}-${name}`;
    const file = fileURLToPath(new URL(`../../src/migrations/m${migrationName}.ts`, import.meta.url));
    if (existsSync(file)) throw new Error(`${file} exists already`);
    await writeFile(file, migrationSource(name, { sqlite: byDialect.sqlite.statements, postgresql: byDialect.postgresql.statements }));
    process.stdout.write(
      `Wrote ${file}\nRegister it last in src/migrations/migration-names.ts:\n` +
        `  '${migrationName}',\n` +
        `and in src/migrations/index.ts:\n` +
        `  import { ${pascalCase(name)}Migration } from './m${migrationName}.js';\n` +
        `  '${migrationName}': ${pascalCase(name)}Migration,\n`,
    );
    return 0;
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

main(process.argv[2]).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  },
);
