import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createPersistence, MIGRATION_NAMES } from '@contentrepo/persistence';
import { whileNoTestSchemaIsDropped } from '@contentrepo/persistence/testing';
import { pino } from 'pino';
import request from 'supertest';
import { createApp, type App } from '../../src/app.js';
import { loadConfig } from '../../src/server-config.js';
import { EXIT_CODES } from '../../src/cli/cli-errors.js';
import { API, call, login } from '../support/rest-session.js';
import { testEngines, vnd } from '../support/test-server.js';
import { freshDatabase, type CliDatabase } from './cli-support.js';

const VIEW_JSON = 'application/vnd.ibexa.api.ViewInput+json; version=1.1';

/** The per-item search tables (`indexContent` writes them; the word dictionary stays). */
const SEARCH_TABLES = ['search_field', 'search_field_element', 'search_word_list', 'search_name', 'search_user'];

/**
 * The `contentrepo` commands run in this process on a fresh database of each engine, in the order an operator
 * would: migration status and `migrate`, `install` (twice), users, a language and `reindex`, then a server on
 * the same database shows their effect over REST. Exit codes of failures are checked against `EXIT_CODES`.
 */
describe.each(testEngines())('contentrepo commands on $name', (engine) => {
  if (engine.skipReason !== undefined) {
    it.skip(`skipped: ${engine.skipReason}`, () => undefined);
    return;
  }
  let db: CliDatabase;
  let app: App | undefined;

  /** A server on the database the commands used (started after they ran: its caches start empty). */
  const startServer = async (): Promise<App> => {
    await app?.close();
    app = await createApp(loadConfig(db.env), { logger: pino({ level: 'silent' }) });
    return app;
  };

  /** Content names a full-text search over REST finds (as admin: the anonymous user cannot read users). */
  const fullText = async (server: App, text: string): Promise<string[]> => {
    const response = await request(server.express)
      .post(`${API}/views`)
      .auth('admin', 'publish')
      .set('Content-Type', VIEW_JSON)
      .set('Accept', vnd('View'))
      .send(JSON.stringify({ ViewInput: { identifier: 'cli', ContentQuery: { Query: { FullTextCriterion: text } } } }));
    expect(response.status).toBe(200);
    const hits = JSON.parse(response.text).View.Result.searchHits.searchHit as { value: { Content: { Name: string } } }[];
    return hits.map((hit) => hit.value.Content.Name).sort();
  };

  beforeAll(async () => {
    db = await freshDatabase(engine);
  });
  afterAll(async () => {
    await app?.close();
    await db.remove();
  });

  it('migrate:status lists every migration as pending and --check exits 3; migrate applies them all, once', async () => {
    await whileNoTestSchemaIsDropped(engine.databaseUrl, async () => {
      const before = await db.run(['migrate:status', '--check', '--json']);
      expect(before.exitCode).toBe(EXIT_CODES.database);
      expect(before.json()).toMatchObject({ ok: false, error: { kind: 'database', exitCode: 3, pending: [...MIGRATION_NAMES] } });
      const human = await db.run(['migrate:status', '--check']);
      expect(human.exitCode).toBe(EXIT_CODES.database);
      expect(human.stdout.split('\n').filter((line) => line.startsWith('pending  '))).toHaveLength(MIGRATION_NAMES.length);
      expect(human.stderr).toMatch(/^contentrepo: \d+ migration\(s\) pending: /);

      const migrate = await db.run(['migrate', '--json']);
      expect(migrate.exitCode).toBe(0);
      expect(migrate.json()).toEqual({ ok: true, applied: [...MIGRATION_NAMES], pending: [] });

      const after = await db.run(['migrate', 'status', '--check']);
      expect(after.exitCode).toBe(0);
      expect(after.stdout).toContain(`All ${MIGRATION_NAMES.length} migrations are applied`);
      expect((await db.run(['migrate', '--json'])).json()).toEqual({ ok: true, applied: [], pending: [] });
    });
  });

  it('commands that need data exit 3 before install; install is idempotent', async () => {
    const early = await db.run(['language:add', 'ger-DE']);
    expect(early.exitCode).toBe(EXIT_CODES.database);
    expect(early.stderr).toContain("run 'contentrepo install' first");

    const first = await db.run(['install', '--json']);
    expect(first.exitCode).toBe(0);
    expect(first.json()).toEqual({ ok: true, migrated: [], installed: true, addedLanguages: [], changed: true });
    const second = await db.run(['install']);
    expect(second.exitCode).toBe(0);
    expect(second.stdout).toBe('Nothing to do: the repository is installed and up to date\n');
  });

  it('user:create and user:password write through the user service; failures have their exit codes', async () => {
    const created = await db.run(['user:create', '--login', 'jane', '--email', 'jane@example.com', '--password-stdin', '--name', 'Jane Q Doe', '--group', '12', '--json'], 'Jane-Passw0rd\n');
    expect(created.exitCode).toBe(0);
    expect(created.json()).toMatchObject({ ok: true, user: { login: 'jane', email: 'jane@example.com', enabled: true, groups: [12] } });
    // The Members group by its remote id, the password inline.
    const bob = await db.run(['user:create', '--login', 'bob', '--email', 'bob@example.com', '--password', 'Bob-Passw0rd1', '--group', '5f7f0bdb3381d6a461d8c29ff53d908f']);
    expect(bob.exitCode).toBe(0);
    expect(bob.stdout).toMatch(/^Created the user 'bob' \(id \d+\) in the group\(s\) 11\n$/);

    const changed = await db.run(['user:password', 'jane', '--password-stdin', '--quiet'], 'Jane-N3w-Passw0rd\n');
    expect([changed.exitCode, changed.stdout]).toEqual([0, '']);

    const taken = await db.run(['user:create', '--login', 'jane', '--email', 'other@example.com', '--password', 'Other-Passw0rd1', '--json']);
    expect(taken.exitCode).toBe(EXIT_CODES.conflict);
    expect(taken.json()).toMatchObject({ ok: false, error: { kind: 'conflict', exitCode: 5 } });
    const noGroup = await db.run(['user:create', '--login', 'carol', '--email', 'carol@example.com', '--password', 'Carol-Passw0rd1', '--group', '999999']);
    expect(noGroup.exitCode).toBe(EXIT_CODES.notFound);
    const badEmail = await db.run(['user:create', '--login', 'carol', '--email', 'not-an-address', '--password', 'Carol-Passw0rd1', '--json']);
    expect(badEmail.exitCode).toBe(EXIT_CODES.invalidInput);
    expect(badEmail.json()).toMatchObject({ ok: false, error: { kind: 'invalidInput', fields: [expect.objectContaining({ field: 'user_account' })] } });
    expect((await db.run(['user:password', 'nobody', '--password', 'Whatever-Passw0rd1'])).exitCode).toBe(EXIT_CODES.notFound);
    expect((await db.run(['user:password', 'jane'])).exitCode).toBe(EXIT_CODES.usage);
    expect((await db.run(['user:create', '--email', 'x@example.com', '--password', 'x'])).exitCode).toBe(EXIT_CODES.usage);
    // A user without content/translations cannot add a language: the service's permission check applies.
    const denied = await db.run(['language:add', 'fre-FR', '--as', 'bob']);
    expect(denied.exitCode).toBe(EXIT_CODES.failure);
    expect((await db.run(['language:add', 'fre-FR', '--as', 'nobody'])).exitCode).toBe(EXIT_CODES.notFound);

    const server = await startServer();
    expect((await login(server.express, 'jane', 'Jane-N3w-Passw0rd')).status).toBe(201);
    expect((await login(server.express, 'jane', 'Jane-Passw0rd')).status).toBe(401);
    expect((await call(server.express, { basic: ['bob', 'Bob-Passw0rd1'] }, { method: 'GET', path: '/user/current' })).status).toBe(307);
  });

  it('language:add adds a language REST lists; a second add is a conflict, a bad code invalid input', async () => {
    const added = await db.run(['language:add', 'ger-DE', '--name', 'Deutsch', '--json']);
    expect(added.exitCode).toBe(0);
    expect(added.json()).toMatchObject({ ok: true, language: { languageCode: 'ger-DE', name: 'Deutsch', enabled: true } });
    expect((await db.run(['language:add', 'ger-DE'])).exitCode).toBe(EXIT_CODES.conflict);
    expect((await db.run(['language:add', 'german'])).exitCode).toBe(EXIT_CODES.invalidInput);

    const server = await startServer();
    const languages = await call(server.express, null, { method: 'GET', path: '/languages' });
    const codes = (languages.body.LanguageList.Language as { languageCode: string; name: string }[]).map(({ languageCode, name }) => `${languageCode} ${name}`);
    expect(codes).toContain('ger-DE Deutsch');
  });

  it('reindex restores search results after the search rows are deleted', async () => {
    const server = await startServer();
    expect(await fullText(server, 'Jane')).toEqual(['Jane Q Doe']);
    const store = await createPersistence({ dataDir: db.dataDir, databaseUrl: db.env['DATABASE_URL'], schema: db.env['DATABASE_SCHEMA'], migrate: false });
    try {
      for (const table of SEARCH_TABLES) await store.knex.raw(`DELETE FROM ${table}`);
    } finally {
      await store.close();
    }
    expect(await fullText(server, 'Jane')).toEqual([]);

    const reindex = await db.run(['reindex', '--batch-size', '3']);
    expect(reindex.exitCode).toBe(0);
    expect(reindex.stdout).toMatch(/^Reindexed \d+ item\(s\) of \d+ content type\(s\) in [\d.]+s\n$/);
    // stderr is no terminal here: the plain progress line at the end.
    expect(reindex.stderr).toMatch(/^reindex: (\d+)\/\1 \(100%\), ETA 0s, elapsed \d+s\n$/);
    expect(await fullText(server, 'Jane')).toEqual(['Jane Q Doe']);
    expect(await fullText(server, 'Bob')).toEqual(['bob bob']);

    const json = await db.run(['reindex', '--json']);
    expect(json.stderr).toBe('');
    expect(json.json()).toMatchObject({ ok: true, skipped: 0, indexed: expect.any(Number) });
    expect((await db.run(['reindex', '--batch-size', '0'])).exitCode).toBe(EXIT_CODES.usage);
  });
});
