import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createPersistence, type Persistence, type StorageKind } from '@contentrepo/persistence';
import { dropTestSchema, rawConnection, TEST_DATABASE_URL_VARIABLE, testDatabaseUrl, whileNoTestSchemaIsDropped } from '@contentrepo/persistence/testing';
import type { Express } from 'express';
import { pino } from 'pino';
import request from 'supertest';
import { createApp, type App } from '../src/app.js';
import { loadConfig } from '../src/server-config.js';
import { API, call, contentCreate, richText, type Credentials } from './support/rest-session.js';
import { restTour } from './support/rest-reference-tour.js';
import { PNG_1X1 } from './support/test-server.js';

const ADMIN: Credentials = { basic: ['admin', 'publish'] };
const url = testDatabaseUrl();

/** One server on its own fresh database (SQLite file or PostgreSQL schema) with its persistence at hand. */
interface Node {
  readonly app: App;
  readonly express: Express;
  readonly store: Persistence;
  /** Raw SQL on the node's database (to list every id to read). */
  ids(sql: string): Promise<string[]>;
  stop(): Promise<void>;
}

/** Starts the real composition (clean install) on SQLite, or on a new schema of `databaseUrl`. */
async function startNode(storage: StorageKind, databaseUrl?: string): Promise<Node> {
  const dataDir = await mkdtemp(join(tmpdir(), 'contentrepo-archive-'));
  const schema = databaseUrl === undefined ? undefined : `test_${randomBytes(6).toString('hex')}`;
  const database = databaseUrl === undefined || schema === undefined ? {} : { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema };
  const config = loadConfig({ DATA_DIR: dataDir, AUTH_BASIC: 'true', STORAGE: storage, ...database });
  const open = async (): Promise<App> => {
    const store = await createPersistence({ databaseUrl, schema, dataDir, storage, migrate: false });
    nodeStore = store;
    return createApp(config, { store, logger: pino({ level: 'silent' }) });
  };
  let nodeStore: Persistence | undefined;
  const app = await whileNoTestSchemaIsDropped(databaseUrl, open);
  if (nodeStore === undefined) throw new Error('no store');
  const raw = rawConnection({ databaseUrl, dataDir, schema });
  return {
    app,
    express: app.express,
    store: nodeStore,
    ids: async (sql) => (await raw.query(`SELECT CAST(a AS TEXT) AS a FROM (${sql}) AS listed`)).map((row) => row.str('a')),
    stop: async () => {
      await raw.close();
      await app.close();
      if (databaseUrl !== undefined && schema !== undefined) await dropTestSchema(databaseUrl, schema);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

const lastSegment = (href: unknown): string => String(href).split('/').pop() ?? '';

/** A REST call as the administrator that must answer `status`. */
async function must(app: Express, status: number, spec: Parameters<typeof call>[2]): Promise<Awaited<ReturnType<typeof call>>> {
  const reply = await call(app, ADMIN, spec);
  if (reply.status !== status) throw new Error(`${spec.method} ${spec.path}: expected ${status}, got ${reply.status}: ${reply.text.slice(0, 300)}`);
  return reply;
}

/** What the round trip uploads: the bytes of an image and of a binary file. */
const FILE_BYTES = Buffer.from(`${'round trip '.repeat(2000)}\n`);

/**
 * Builds a varied repository over REST: the reference tour (content, an image, a content type, sections,
 * languages, users, groups, roles and policies, URL aliases and wildcards, object states, a bookmark), and then
 * versions and drafts, a translation, extra and hidden locations, a trashed item, an object state and a section
 * assignment, a binary file.
 */
async function buildRepository(app: Express): Promise<void> {
  await restTour(app);
  const folder = await must(app, 201, { method: 'POST', path: '/content/objects', input: 'ContentCreate', accept: 'Content', body: contentCreate(1, '1/2', { name: 'Archive folder', short_description: richText('One') }) });
  const folderId = Number(folder.body.Content._id);
  await must(app, 204, { method: 'PUBLISH', path: `/content/objects/${folderId}/versions/1` });
  // A second version with a German translation, and a third left as a draft.
  const second = await must(app, 201, { method: 'COPY', path: `/content/objects/${folderId}/currentversion`, accept: 'Version' });
  const secondNo = Number(lastSegment(second.headers['location']));
  await must(app, 200, {
    method: 'PATCH',
    path: `/content/objects/${folderId}/versions/${secondNo}`,
    input: 'VersionUpdate',
    accept: 'Version',
    body: { VersionUpdate: { initialLanguageCode: 'ger-DE', fields: { field: [{ fieldDefinitionIdentifier: 'name', languageCode: 'ger-DE', fieldValue: 'Archivordner' }] } } },
  });
  await must(app, 204, { method: 'PUBLISH', path: `/content/objects/${folderId}/versions/${secondNo}` });
  const third = await must(app, 201, { method: 'COPY', path: `/content/objects/${folderId}/currentversion`, accept: 'Version' });
  await must(app, 200, {
    method: 'PATCH',
    path: `/content/objects/${folderId}/versions/${lastSegment(third.headers['location'])}`,
    input: 'VersionUpdate',
    accept: 'Version',
    body: { VersionUpdate: { fields: { field: [{ fieldDefinitionIdentifier: 'name', languageCode: 'eng-GB', fieldValue: 'Archive folder, draft' }] } } },
  });
  // A second location below Media, hidden; a child that goes to the trash.
  const locations = await must(app, 200, { method: 'GET', path: `/content/objects/${folderId}/locations` });
  const folderPath = String(locations.body.LocationList.Location[0]._href).split('/content/locations/')[1] ?? '';
  const extra = await must(app, 201, { method: 'POST', path: `/content/objects/${folderId}/locations`, input: 'LocationCreate', accept: 'Location', body: { LocationCreate: { ParentLocation: { _href: `${API}/content/locations/1/43` }, sortField: 'NAME', sortOrder: 'DESC', priority: 7 } } });
  const extraPath = String(extra.headers['location']).split('/content/locations/')[1] ?? '';
  await must(app, 200, { method: 'PATCH', path: `/content/locations/${extraPath}`, input: 'LocationUpdate', accept: 'Location', body: { LocationUpdate: { hidden: true, sortField: 'NAME', sortOrder: 'DESC' } } });
  const child = await must(app, 201, { method: 'POST', path: '/content/objects', input: 'ContentCreate', accept: 'Content', body: contentCreate(1, folderPath, { name: 'Trashed child' }) });
  const childId = Number(child.body.Content._id);
  await must(app, 204, { method: 'PUBLISH', path: `/content/objects/${childId}/versions/1` });
  const childLocations = await must(app, 200, { method: 'GET', path: `/content/objects/${childId}/locations` });
  const childPath = String(childLocations.body.LocationList.Location[0]._href).split('/content/locations/')[1] ?? '';
  await must(app, 201, { method: 'TRASH', path: `/content/locations/${childPath}`, input: 'TrashLocationInput', body: { TrashLocationInput: {} } });
  // Object state and section of the folder.
  await must(app, 200, { method: 'PATCH', path: `/content/objects/${folderId}/objectstates`, input: 'ContentObjectStates', accept: 'ContentObjectStates', body: { ContentObjectStates: { ObjectState: [{ _href: `${API}/content/objectstategroups/2/objectstates/2` }] } } });
  const section = await must(app, 201, { method: 'POST', path: '/content/sections', input: 'SectionInput', accept: 'Section', body: { SectionInput: { identifier: 'archived', name: 'Archived' } } });
  await must(app, 200, { method: 'PATCH', path: `/content/objects/${folderId}`, input: 'ContentUpdate', accept: 'ContentInfo', body: { ContentUpdate: { Section: { _href: `${API}/content/sections/${String(section.body.Section.sectionId)}` } } } });
  // A binary file and a second image.
  const file = await must(app, 201, { method: 'POST', path: '/content/objects', input: 'ContentCreate', accept: 'Content', body: contentCreate(12, '1/43/52', { name: 'Manual', file: { fileName: 'manual.txt', fileSize: FILE_BYTES.length, data: FILE_BYTES.toString('base64') } }) });
  await must(app, 204, { method: 'PUBLISH', path: `/content/objects/${String(file.body.Content._id)}/versions/1` });
  await must(app, 201, { method: 'POST', path: '/content/objects', input: 'ContentCreate', accept: 'Content', body: contentCreate(5, '1/43/51', { name: 'Dot', image: { fileName: 'dot.png', fileSize: PNG_1X1.length, data: PNG_1X1.toString('base64'), alternativeText: 'Dot' } }) });
}

/** Every GET the comparison makes: the global lists, and each content item, version, location, type, role… by id. */
async function readPaths(node: Node): Promise<string[]> {
  const paths = [
    '/',
    '/content/sections',
    '/languages',
    '/content/types',
    '/content/typegroups',
    '/user/roles',
    '/content/objectstategroups',
    '/content/urlaliases',
    '/content/urlwildcards',
    '/content/trash',
    '/bookmark',
    '/user/groups/1/5/subgroups',
  ];
  for (const id of await node.ids('SELECT id AS a FROM content ORDER BY id')) {
    paths.push(`/content/objects/${id}`, `/content/objects/${id}/versions`, `/content/objects/${id}/locations`, `/content/objects/${id}/objectstates`);
  }
  for (const version of await node.ids(`SELECT content_id || '/versions/' || version_no AS a FROM content_version ORDER BY content_id, version_no`)) {
    paths.push(`/content/objects/${version}`, `/content/objects/${version}/relations`);
  }
  for (const path of await node.ids('SELECT path_string AS a FROM location WHERE id > 1 ORDER BY id')) {
    const trimmed = path.replace(/^\/|\/$/g, '');
    paths.push(`/content/locations/${trimmed}`, `/content/locations/${trimmed}/children?limit=100`, `/content/locations/${trimmed}/urlaliases`);
  }
  for (const id of await node.ids('SELECT id AS a FROM trash ORDER BY id')) paths.push(`/content/trash/${id}`);
  for (const id of await node.ids('SELECT DISTINCT id AS a FROM content_type WHERE status = 0 ORDER BY id')) paths.push(`/content/types/${id}`, `/content/types/${id}/fieldDefinitions`);
  for (const id of await node.ids('SELECT id AS a FROM role WHERE status = 0 ORDER BY id')) paths.push(`/user/roles/${id}`, `/user/roles/${id}/policies`);
  for (const id of await node.ids('SELECT id AS a FROM object_state_group ORDER BY id')) paths.push(`/content/objectstategroups/${id}/objectstates`);
  for (const id of await node.ids('SELECT content_id AS a FROM user_account ORDER BY content_id')) paths.push(`/user/users/${id}`, `/user/users/${id}/roles`, `/user/users/${id}/groups`);
  return paths;
}

/** Host of every read, so that absolute URLs in answers (file URLs) do not depend on the test's ephemeral port. */
const HOST = { Host: 'cms.example.com' };

/**
 * The answer of every read (status, ETag, JSON body) by path, plus a search over all content. With `sameEngine`
 * false the ETags are compared by aggregate and revision only: their digest part hashes the exact bytes, and
 * PostgreSQL's jsonb hands JSON objects back with their keys in its own order (equal JSON, other bytes).
 */
async function readAll(node: Node, paths: readonly string[], sameEngine = true): Promise<Record<string, unknown>> {
  const answers: Record<string, unknown> = {};
  for (const path of paths) {
    const reply = await call(node.express, ADMIN, { method: 'GET', path, headers: HOST, ...(/^\/content\/objects\/\d+$/.test(path) ? { accept: 'Content' } : {}) });
    const etag = reply.headers['etag'];
    answers[path] = { status: reply.status, etag: sameEngine || etag === undefined ? etag : etag.replace(/-[0-9a-f]{16}"$/, '"'), body: reply.body ?? reply.text };
  }
  // Searches: everything, a full-text word and a wildcard on a string field (the SQLite full-text and trigram
  // tables are kept by triggers outside the archive, so these show that an import fills them).
  const queries: Record<string, object> = {
    all: { Filter: { MatchAllCriterion: {} } },
    fullText: { Query: { FullTextCriterion: 'Archive' } },
    wildcard: { Filter: { Field: { name: 'name', operator: 'LIKE', value: '*rchiv*' } } },
  };
  for (const [name, query] of Object.entries(queries)) {
    const view = await call(node.express, ADMIN, {
      method: 'POST',
      path: '/views',
      input: 'ViewInput',
      accept: 'View',
      headers: HOST,
      body: { ViewInput: { identifier: name, Query: { ...query, limit: 200, offset: 0, SortClauses: { ContentId: 'ascending' } } } },
    });
    const result = view.body?.View?.Result;
    answers[`POST /views ${name}`] = { status: view.status, count: result?.count, hits: result?.searchHits };
  }
  return answers;
}

/** The bytes of every stored file a content field points at (image and binary file URIs), by URI. */
async function downloads(node: Node): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const id of await node.ids(`SELECT id AS a FROM content WHERE content_type_id IN (5, 12) ORDER BY id`)) {
    const content = await call(node.express, ADMIN, { method: 'GET', path: `/content/objects/${id}`, accept: 'Content', headers: HOST });
    for (const field of content.body?.Content?.CurrentVersion?.Version?.Fields?.field ?? []) {
      const uri: unknown = field.fieldValue?.uri;
      if (typeof uri !== 'string' || uri === '') continue;
      const path = uri.startsWith('http') ? new URL(uri).pathname : uri;
      const response = await request(node.express).get(path).buffer(true).parse((res, done) => {
        const parts: Buffer[] = [];
        res.on('data', (part: Buffer) => parts.push(part));
        res.on('end', () => done(null, Buffer.concat(parts)));
      });
      files[path] = `${response.status} ${(response.body as Buffer).toString('base64')}`;
    }
  }
  return files;
}

/**
 * New writes after an import get new ids: a content item (content, version, field, location, URL alias ids) and
 * a content type (type and field definition ids) created over REST are numbered past every imported one.
 */
async function expectFreshIds(node: Node): Promise<void> {
  const [highest] = await node.ids('SELECT MAX(id) AS a FROM content');
  const created = await must(node.express, 201, { method: 'POST', path: '/content/objects', input: 'ContentCreate', accept: 'Content', body: contentCreate(1, '1/2', { name: 'After import' }) });
  expect(Number(created.body.Content._id)).toBeGreaterThan(Number(highest));
  await must(node.express, 204, { method: 'PUBLISH', path: `/content/objects/${String(created.body.Content._id)}/versions/1` });
  const [highestType] = await node.ids('SELECT MAX(id) AS a FROM content_type');
  const type = await must(node.express, 201, {
    method: 'POST',
    path: '/content/typegroups/1/types?publish=true',
    input: 'ContentTypeCreate',
    accept: 'ContentType',
    body: { ContentTypeCreate: { identifier: 'after_import', mainLanguageCode: 'eng-GB', nameSchema: '<title>', names: { value: [{ _languageCode: 'eng-GB', '#text': 'After' }] }, FieldDefinitions: { FieldDefinition: [{ identifier: 'title', fieldType: 'ezstring', isRequired: true, names: { value: [{ _languageCode: 'eng-GB', '#text': 'Title' }] } }] } } },
  });
  expect(Number(type.body.ContentType.id)).toBeGreaterThan(Number(highestType));
}

/**
 * Waits (at most 5 s) until a statement of the section write waits for a lock (PostgreSQL: `pg_stat_activity`),
 * or 300 ms on SQLite (where every statement of another request waits for the import's transaction anyway).
 */
async function untilWritesWait(node: Node, postgres: boolean): Promise<void> {
  const waiting = (): Promise<string[]> =>
    node.ids(`SELECT pid AS a FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database() AND query LIKE '%section%'`);
  for (let attempt = 0; attempt < 50; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, postgres ? 100 : 300));
    if (!postgres || (await waiting()).length > 0) return;
  }
}

async function exportFrom(node: Node): Promise<Buffer> {
  const output = new PassThrough();
  const bytes = buffer(output);
  await node.store.exportArchive(output);
  return bytes;
}

describe('export and import: the REST answers of every item survive an archive round trip', () => {
  let source: Node;
  let paths: string[];
  let before: Record<string, unknown>;
  let files: Record<string, string>;
  let archive: Buffer;

  beforeAll(async () => {
    source = await startNode('local');
    await buildRepository(source.express);
    paths = await readPaths(source);
    before = await readAll(source, paths);
    files = await downloads(source);
    archive = await exportFrom(source);
  }, 120_000);

  afterAll(async () => {
    await source.stop();
  });

  it('read a varied repository: versions, drafts, translations, trash, several locations, users, roles, files', () => {
    expect(paths.length).toBeGreaterThan(150);
    expect(Object.values(files).map((file) => file.split(' ')[0])).toEqual(expect.arrayContaining(['200', '200', '200']));
    expect(Object.values(files)).toContain(`200 ${FILE_BYTES.toString('base64')}`);
    expect(JSON.stringify(before)).toContain('Archivordner');
    expect(before['POST /views fullText']).toMatchObject({ status: 200, count: expect.any(Number) });
    expect((before['POST /views fullText'] as { count: number }).count).toBeGreaterThan(0);
    expect((before['POST /views wildcard'] as { count: number }).count).toBeGreaterThan(0);
    expect(before['/content/trash']).toMatchObject({ status: 200, body: { Trash: { TrashItem: expect.arrayContaining([expect.anything()]) } } });
  });

  it('SQLite → SQLite (files into the database storage): every answer and every file equal, over a clean install', async () => {
    const target = await startNode('database');
    try {
      // Read first, so that the caches of the running node hold the clean install: the import must flush them.
      await readAll(target, paths);
      const summary = await target.store.importArchive(Readable.from([archive]));
      expect(summary).toMatchObject({ sourceDialect: 'sqlite', rows: expect.any(Number) });
      expect(summary.files).toBeGreaterThanOrEqual(Object.keys(files).length);
      expect(await readAll(target, paths)).toEqual(before);
      expect(await downloads(target)).toEqual(files);
      await expectFreshIds(target);
    } finally {
      await target.stop();
    }
  }, 120_000);

  for (const databaseUrl of [undefined, url]) {
    const engine = databaseUrl === undefined ? 'SQLite' : 'PostgreSQL';
    const skip = engine === 'PostgreSQL' && url === undefined;
    (skip ? it.skip : it)(`${engine}: a write sent while an import runs waits for it and is kept, with a new id${skip ? ` (skipped: ${TEST_DATABASE_URL_VARIABLE} is not set)` : ''}`, async () => {
      const target = await startNode('local', databaseUrl);
      try {
        const [highest] = await source.ids('SELECT MAX(id) AS a FROM content');
        let started: () => void = () => undefined;
        const begun = new Promise<void>((resolve) => {
          started = resolve;
        });
        // The second half of the archive is held back until the writes below are under way.
        let release: () => void = () => undefined;
        const released = new Promise<void>((resolve) => {
          release = resolve;
        });
        const half = Math.floor(archive.length / 2);
        async function* slowInput(): AsyncGenerator<Buffer> {
          yield archive.subarray(0, half);
          await released;
          yield archive.subarray(half);
        }
        const imported = target.store.importArchive(Readable.from(slowInput()), { onProgress: (done, _total, phase) => (phase === 'rows' && done > 0 ? started() : undefined) });
        await begun; // the import's transaction has started and written rows
        // A content item (its parent location is a row the import replaces) and a section (a table of its own).
        const written = call(target.express, ADMIN, { method: 'POST', path: '/content/objects', input: 'ContentCreate', accept: 'Content', body: contentCreate(1, '1/2', { name: 'During import' }) });
        const section = call(target.express, ADMIN, { method: 'POST', path: '/content/sections', input: 'SectionInput', accept: 'Section', body: { SectionInput: { identifier: 'during_import', name: 'During import' } } });
        await untilWritesWait(target, databaseUrl !== undefined);
        release();
        await imported;
        const created = await written;
        expect(created.status).toBe(201);
        const id = Number(created.body.Content._id);
        expect(id).toBeGreaterThan(Number(highest));
        await must(target.express, 200, { method: 'GET', path: `/content/objects/${id}`, accept: 'ContentInfo' });
        const [highestSection] = await source.ids('SELECT MAX(id) AS a FROM section');
        const sectionId = Number((await section).body?.Section?.sectionId);
        expect(sectionId).toBeGreaterThan(Number(highestSection));
        await must(target.express, 200, { method: 'GET', path: `/content/sections/${sectionId}` });
        expect(await readAll(target, ['/content/objects/1', '/content/locations/1/2'], false)).toEqual(await readAll(source, ['/content/objects/1', '/content/locations/1/2'], false));
      } finally {
        await target.stop();
      }
    }, 120_000);
  }

  (url === undefined ? describe.skip : describe)(`across engines${url === undefined ? ` (skipped: ${TEST_DATABASE_URL_VARIABLE} is not set)` : ''}`, () => {
    it('SQLite → PostgreSQL → SQLite: every answer and every file equal at each step', async () => {
      const postgres = await startNode('database', url);
      let back: Node | undefined;
      try {
        await readAll(postgres, paths);
        await postgres.store.importArchive(Readable.from([archive]));
        const beforeTags = await readAll(source, paths, false);
        expect(await readAll(postgres, paths, false)).toEqual(beforeTags);
        expect(await downloads(postgres)).toEqual(files);
        const again = await exportFrom(postgres);
        back = await startNode('local');
        await back.store.importArchive(Readable.from([again]));
        expect(await readAll(back, paths, false)).toEqual(beforeTags);
        expect(await downloads(back)).toEqual(files);
        await expectFreshIds(postgres);
        await expectFreshIds(back);
      } finally {
        await back?.stop();
        await postgres.stop();
      }
    }, 180_000);
  });
});
