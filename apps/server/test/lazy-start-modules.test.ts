import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createPersistence, MIGRATION_NAMES } from '@contentrepo/persistence';
import { bundleServer } from './support/server-bundle.js';

/** What one start of the server process did: the status of `GET /api/ibexa/v2/` and the modules it had loaded. */
interface StartResult {
  readonly status: number;
  /** The status and body of the GraphQL answer, when the start was asked to run a query. */
  readonly graphql: { readonly status: number; readonly body: string } | null;
  /**
   * Paths of every CommonJS module loaded when the process exited (ES modules importing them included), and of
   * every ES module file loaded (the bundle's entry and chunks).
   */
  readonly modules: readonly string[];
}

/** Writes the list of loaded CommonJS modules to `$LOADED_MODULES_FILE` when the process exits. */
const PRELOAD = `
const { writeFileSync } = require('node:fs');
process.on('exit', () => writeFileSync(process.env.LOADED_MODULES_FILE, JSON.stringify(Object.keys(require.cache))));
`;

/** Registers a module loading hook that appends the path of every ES module file loaded to `$LOADED_ESM_FILE`. */
const ESM_PRELOAD = `
import { register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent(\`
import { appendFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
export async function load(url, context, nextLoad) {
  if (url.startsWith('file:')) appendFileSync(process.env.LOADED_ESM_FILE, fileURLToPath(url) + String.fromCharCode(10));
  return nextLoad(url, context);
}
\`));
`;

const packageLoaded = (modules: readonly string[], name: string): boolean => modules.some((path) => path.includes(`/node_modules/${name}/`));

/** An anonymous GraphQL query any schema answers (with the name of its root query type, `Domain`). */
const GRAPHQL_QUERY = JSON.stringify({ query: '{ __typename }' });

/**
 * A SQLite start loads only what it needs: never the PostgreSQL driver, MikroORM's migrator only while a
 * migration is pending (first start), not on a start of a migrated database, and the GraphQL API only when a
 * GraphQL request comes. The server runs as a real process (the production bundle of the current sources, dynamic
 * imports kept as chunks), stopped with SIGTERM.
 */
describe('modules a SQLite start loads', () => {
  let dir = '';
  let main = '';
  let preload = '';
  let esmPreload = '';
  let dataDir = '';
  /** The bundle's files (entry and chunks) that hold graphql-js or Apollo Server. */
  let graphqlFiles: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'contentrepo-lazy-start-'));
    main = join(dir, 'bundle', 'contentrepo-lazy-start.mjs');
    preload = join(dir, 'loaded-modules.cjs');
    esmPreload = join(dir, 'loaded-esm.mjs');
    dataDir = join(dir, 'data');
    const contents = await bundleServer(main, { splitting: true });
    graphqlFiles = [...contents].filter(([, inputs]) => inputs.some((input) => /\/node_modules\/\.pnpm\/(?:graphql|@apollo\+server)@/.test(input))).map(([file]) => file);
    await writeFile(preload, PRELOAD);
    await writeFile(esmPreload, ESM_PRELOAD);
  }, 60_000);

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /**
   * Starts the server on `dataDir`, requests the REST root once it listens (then, with `graphql`, runs a GraphQL
   * query), stops it and reports.
   */
  const start = async (options: { readonly graphql?: boolean } = {}): Promise<StartResult> => {
    const modulesFile = join(dir, `modules-${Date.now()}.json`);
    const esmFile = `${modulesFile}.esm`;
    await writeFile(esmFile, '');
    const child = spawn(process.execPath, ['--require', preload, '--import', esmPreload, main], {
      env: { PATH: process.env['PATH'] ?? '', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', LOADED_MODULES_FILE: modulesFile, LOADED_ESM_FILE: esmFile },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const port = await new Promise<number>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`the server exited with ${String(code)}`)));
      if (!child.stdout) throw new Error('no stdout');
      createInterface({ input: child.stdout }).on('line', (line) => {
        const entry: unknown = JSON.parse(line);
        if (typeof entry === 'object' && entry !== null && 'port' in entry && typeof entry.port === 'number') resolve(entry.port);
      });
    });
    const response = await fetch(`http://127.0.0.1:${port}/api/ibexa/v2/`, { headers: { Accept: 'application/vnd.ibexa.api.Root+json' } });
    await response.arrayBuffer();
    const graphql =
      options.graphql === true
        ? await fetch(`http://127.0.0.1:${port}/graphql`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: GRAPHQL_QUERY }).then(
            async (answer) => ({ status: answer.status, body: await answer.text() }),
          )
        : null;
    child.kill('SIGTERM');
    await exited;
    const parsed: unknown = JSON.parse(await readFile(modulesFile, 'utf8'));
    const esm = (await readFile(esmFile, 'utf8')).split('\n').filter((line) => line !== '');
    return { status: response.status, graphql, modules: [...(Array.isArray(parsed) ? parsed.map(String) : []), ...esm] };
  };

  it('migrates an empty database on the first start, without loading the PostgreSQL driver', async () => {
    const first = await start();
    expect(first.status).toBe(200);
    expect(packageLoaded(first.modules, 'better-sqlite3')).toBe(true);
    expect(packageLoaded(first.modules, 'pg')).toBe(false);
    expect(packageLoaded(first.modules, 'umzug')).toBe(true);
    const store = await createPersistence({ dataDir, migrate: false });
    try {
      const applied: { name: string }[] = await store.knex('mikro_orm_migrations').select('name').orderBy('id');
      expect(applied.map((row) => row.name)).toEqual([...MIGRATION_NAMES]);
    } finally {
      await store.close();
    }
  }, 60_000);

  it('loads neither the PostgreSQL driver nor the migrator on a start of a migrated database', async () => {
    const again = await start();
    expect(again.status).toBe(200);
    expect(packageLoaded(again.modules, 'better-sqlite3')).toBe(true);
    expect(packageLoaded(again.modules, 'pg')).toBe(false);
    expect(packageLoaded(again.modules, 'umzug')).toBe(false);
    expect(packageLoaded(again.modules, '@mikro-orm/migrations')).toBe(false);
  }, 60_000);

  it('loads graphql-js and Apollo Server on the first GraphQL request, not at start', async () => {
    expect(graphqlFiles.length).toBeGreaterThan(0);
    const rest = await start();
    expect(rest.status).toBe(200);
    expect(rest.modules.filter((path) => graphqlFiles.includes(path))).toEqual([]);
    const withGraphql = await start({ graphql: true });
    expect(withGraphql.graphql?.status).toBe(200);
    expect(JSON.parse(withGraphql.graphql?.body ?? 'null')).toEqual({ data: { __typename: 'Domain' } });
    expect(withGraphql.modules.filter((path) => graphqlFiles.includes(path)).length).toBeGreaterThan(0);
  }, 60_000);
});
