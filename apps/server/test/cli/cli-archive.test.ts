import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { whileNoTestSchemaIsDropped } from '@contentrepo/persistence/testing';
import { pino } from 'pino';
import request from 'supertest';
import { createApp } from '../../src/app.js';
import { loadConfig } from '../../src/server-config.js';
import { EXIT_CODES } from '../../src/cli/cli-errors.js';
import { testEngines } from '../support/test-server.js';
import { freshDatabase, type CliDatabase } from './cli-support.js';

/** The names of the content under the root location, as admin reads them over REST on the database of `db`. */
async function rootChildren(db: CliDatabase): Promise<string[]> {
  const app = await createApp(loadConfig(db.env), { logger: pino({ level: 'silent' }) });
  try {
    const response = await request(app.express)
      .get('/api/ibexa/v2/content/locations/1/2/children')
      .auth('admin', 'publish')
      .set('Accept', 'application/vnd.ibexa.api.LocationList+json');
    expect(response.status).toBe(200);
    const locations = JSON.parse(response.text).LocationList.Location as { _href: string }[];
    const names: string[] = [];
    for (const location of locations) {
      const read = await request(app.express).get(location._href).auth('admin', 'publish').set('Accept', 'application/vnd.ibexa.api.Location+json');
      names.push(JSON.parse(read.text).Location.ContentInfo.Content.Name as string);
    }
    return names.sort();
  } finally {
    await app.close();
  }
}

/**
 * `export` and `import` from the command line: an archive written from one engine is read into a fresh database of
 * each engine, and the content reads back the same; refusals end with the documented exit codes and change nothing.
 */
describe('contentrepo export and import', () => {
  const [sqlite] = testEngines();
  let source: CliDatabase;
  let dir = '';
  let archive = '';

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'contentrepo-cli-archive-'));
    archive = join(dir, 'backup.tar.gz');
    if (sqlite === undefined) throw new Error('no SQLite engine');
    source = await freshDatabase(sqlite);
    expect((await source.run(['install'])).exitCode).toBe(0);
    expect((await source.run(['language:add', 'ger-DE'])).exitCode).toBe(0);
    // Content of its own: a repository that is no longer an untouched clean install.
    expect((await source.run(['user:create', '--login', 'jane', '--email', 'jane@example.com', '--password', 'Jane-Passw0rd', '--group', '13'])).exitCode).toBe(0);
  });
  afterAll(async () => {
    await source.remove();
    await rm(dir, { recursive: true, force: true });
  });

  it('exports to the file named, through a temporary file, with a JSON summary', async () => {
    const run = await source.run(['export', archive, '--json']);
    expect(run.exitCode).toBe(0);
    expect(run.json()).toMatchObject({ ok: true, file: archive, formatVersion: expect.any(Number), sourceDialect: 'sqlite' });
    expect(Number(run.json()['rows'])).toBeGreaterThan(100);
    expect(existsSync(archive)).toBe(true);
    expect((await readdir(dir)).filter((name) => name.includes('.partial-'))).toEqual([]);
  });

  it('refuses a missing file (4), a damaged archive (6), and a repository of its own without --force (5)', async () => {
    const missing = await source.run(['import', join(dir, 'missing.tar.gz'), '--json']);
    expect(missing.exitCode).toBe(EXIT_CODES.notFound);
    const damaged = join(dir, 'damaged.tar.gz');
    await writeFile(damaged, 'not an archive');
    expect((await source.run(['import', damaged])).exitCode).toBe(EXIT_CODES.invalidInput);
    const occupied = await source.run(['import', archive, '--json']);
    expect(occupied.exitCode).toBe(EXIT_CODES.conflict);
    expect(occupied.json()).toMatchObject({ ok: false, error: { kind: 'conflict', reason: 'not-empty' } });
  });

  describe.each(testEngines())('into a fresh database on $name', (engine) => {
    if (engine.skipReason !== undefined) {
      it.skip(`skipped: ${engine.skipReason}`, () => undefined);
      return;
    }
    let target: CliDatabase;
    beforeAll(async () => {
      target = await freshDatabase(engine);
    });
    afterAll(async () => {
      await target.remove();
    });

    it('needs the schema migrated first (3), then imports and reads back the same content', async () => {
      await whileNoTestSchemaIsDropped(engine.databaseUrl, async () => {
        expect((await target.run(['import', archive])).exitCode).toBe(EXIT_CODES.database);
        expect((await target.run(['migrate'])).exitCode).toBe(0);
        const run = await target.run(['import', archive]);
        expect(run.exitCode).toBe(0);
        expect(run.stdout).toMatch(/^Imported \d+ row\(s\) of \d+ table\(s\) and \d+ file\(s\)/);
        expect(await rootChildren(target)).toEqual(await rootChildren(source));
        expect((await target.run(['language:add', 'ger-DE'])).exitCode).toBe(EXIT_CODES.conflict);
        const jane = await target.run(['user:password', 'jane', '--password', 'Jane-Passw0rd-2']);
        expect(jane.exitCode).toBe(0);
      });
    });
  });
});
