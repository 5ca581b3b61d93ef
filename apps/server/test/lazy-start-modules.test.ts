import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createPersistence, MIGRATION_NAMES } from '@contentrepo/persistence';
import { bundleServer } from './support/server-bundle.js';

/** What one start of the server process did: the status of `GET /api/ibexa/v2/` and the packages it had loaded. */
interface StartResult {
  readonly status: number;
  /** Paths of every CommonJS module loaded when the process exited (ES modules importing them included). */
  readonly modules: readonly string[];
}

/** Writes the list of loaded CommonJS modules to `$LOADED_MODULES_FILE` when the process exits. */
const PRELOAD = `
const { writeFileSync } = require('node:fs');
process.on('exit', () => writeFileSync(process.env.LOADED_MODULES_FILE, JSON.stringify(Object.keys(require.cache))));
`;

const packageLoaded = (modules: readonly string[], name: string): boolean => modules.some((path) => path.includes(`/node_modules/${name}/`));

/**
 * A SQLite start loads only what it needs: never the PostgreSQL driver, and MikroORM's migrator only while a
 * migration is pending (first start), not on a start of a migrated database. The server runs as a real process
 * (the bundled current sources, dynamic imports kept as chunks as in `dist/`), stopped with SIGTERM.
 */
describe('modules a SQLite start loads', () => {
  let dir = '';
  let main = '';
  let preload = '';
  let dataDir = '';

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'contentrepo-lazy-start-'));
    main = join(dir, 'bundle', 'contentrepo-lazy-start.mjs');
    preload = join(dir, 'loaded-modules.cjs');
    dataDir = join(dir, 'data');
    await bundleServer(main, { splitting: true });
    await writeFile(preload, PRELOAD);
  }, 60_000);

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /** Starts the server on `dataDir`, requests the REST root once it listens, stops it and reports. */
  const start = async (): Promise<StartResult> => {
    const modulesFile = join(dir, `modules-${Date.now()}.json`);
    const child = spawn(process.execPath, ['--require', preload, main], {
      env: { PATH: process.env['PATH'] ?? '', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', LOADED_MODULES_FILE: modulesFile },
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
    child.kill('SIGTERM');
    await exited;
    const parsed: unknown = JSON.parse(await readFile(modulesFile, 'utf8'));
    return { status: response.status, modules: Array.isArray(parsed) ? parsed.map(String) : [] };
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
});
