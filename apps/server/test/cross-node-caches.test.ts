import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ChangeEvent, LockTarget } from '@contentrepo/core';
import { createPersistence, type Persistence } from '@contentrepo/persistence';
import { dropTestSchema, testDatabaseUrl, whileNoTestSchemaIsDropped } from '@contentrepo/persistence/testing';
import { pino } from 'pino';
import request from 'supertest';
import { createApp, type App } from '../src/app.js';
import { loadConfig } from '../src/server-config.js';
import { API, call, contentCreate, login, type Credentials } from './support/rest-session.js';

/** One server node: the composed app over its own persistence (pool, LISTEN connection, caches). */
interface TestNode {
  readonly app: App;
  readonly store: Persistence;
}

const url = testDatabaseUrl();
const ADMIN: Credentials = { basic: ['admin', 'publish'] };
const FOLDER = 1;
const ANONYMOUS = 10;
const ADMINISTRATOR_ROLE = 2;
const LIMIT_MS = 100;

/**
 * Resolves with the time (performance.now) `node` received the first announcement matching `match`. The test's
 * listener subscribes after the app's, so when it runs every cache of the node has already dropped the change.
 */
function announcedOn(node: TestNode, match: (event: ChangeEvent) => boolean, timeoutMs = 2000): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`no matching announcement within ${timeoutMs} ms`));
    }, timeoutMs);
    const stop = node.store.changes.subscribe((event) => {
      if (!match(event)) return;
      clearTimeout(timer);
      stop();
      resolve(performance.now());
    });
  });
}

/**
 * Runs `write` on node 1 and returns when node 2 had the announcement matching `match`, in milliseconds after
 * node 1's response reached the client (negative: before it did).
 */
async function propagation(name: string, two: TestNode, match: (event: ChangeEvent) => boolean, write: () => Promise<void>): Promise<number> {
  const arrival = announcedOn(two, match);
  await write();
  const returned = performance.now();
  const delta = (await arrival) - returned;
  const when = delta < 0 ? `${(-delta).toFixed(1)} ms before` : `${delta.toFixed(1)} ms after`;
  console.info(`cross-node propagation (PostgreSQL, two nodes in one process): ${name}: node 2 had the change ${when} node 1's response arrived`);
  return delta;
}

const matches = (kind: string, id: number) => (event: ChangeEvent) => event.kind === kind && 'id' in event && event.id === id;

(url === undefined ? describe.skip : describe)(
  `caches of two server nodes on one PostgreSQL schema${url === undefined ? ' (skipped: TEST_DATABASE_URL is not set)' : ''}`,
  () => {
    const databaseUrl = url ?? '';
    const schema = `test_${randomBytes(6).toString('hex')}`;
    let dataDir = '';
    let one: TestNode;
    let two: TestNode;


    beforeAll(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'contentrepo-nodes-'));
      const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, AUTH_BASIC: 'true' });
      const open = async (): Promise<TestNode> => {
        const store = await createPersistence({ databaseUrl, schema, dataDir, migrate: false });
        const app = await whileNoTestSchemaIsDropped(databaseUrl, () => createApp(config, { store, logger: pino({ level: 'silent' }) }));
        return { app, store };
      };
      // Started together on the empty schema: one migrates and seeds, the other waits for the start lock.
      [one, two] = await Promise.all([open(), open()]);
      expect([one.app.installed, two.app.installed].filter(Boolean)).toHaveLength(1);
      await Promise.all([one.store.changes.listening(), two.store.changes.listening()]);
    }, 120_000);

    afterAll(async () => {
      await one?.app.close();
      await two?.app.close();
      await dropTestSchema(databaseUrl, schema);
      await rm(dataDir, { recursive: true, force: true });
    }, 60_000);

    it(`refuses on node 2 a session logged out on node 1 within ${LIMIT_MS} ms`, async () => {
      const session = await login(one.app.express, 'admin', 'publish');
      expect(session.status).toBe(201);
      const current = () => request(two.app.express).get(`${API}/user/sessions/current`).set('Cookie', session.cookie);
      // Node 2 accepts the session (and caches it for the fallback lifetime, 60 s).
      expect((await current()).status).toBe(200);
      expect((await current()).status).toBe(200);
      const identifier = session.cookie.slice(session.cookie.indexOf('=') + 1);
      const elapsed = await propagation('logout', two, matches('session', 14), async () => {
        expect((await call(one.app.express, session, { method: 'DELETE', path: `/user/sessions/${identifier}` })).status).toBe(204);
      });
      expect((await current()).status).toBe(404);
      expect(elapsed).toBeLessThan(LIMIT_MS);
    }, 30_000);

    it(`lists and takes content in a language added on node 1 on node 2, and refuses it once deleted, within ${LIMIT_MS} ms`, async () => {
      const codesOnTwo = async (): Promise<string[]> =>
        (await call(two.app.express, null, { method: 'GET', path: '/languages' })).body.LanguageList.Language.map((language: { languageCode: string }) => language.languageCode);
      const createOnTwo = () => {
        const folder = contentCreate(FOLDER, '1/2', { name: 'Mappe' }) as { ContentCreate: Record<string, unknown> };
        return call(two.app.express, ADMIN, { method: 'POST', path: '/content/objects', input: 'ContentCreate', body: { ContentCreate: { ...folder.ContentCreate, mainLanguageCode: 'nor-NO' } } });
      };
      // Node 2 has the languages cached.
      expect(await codesOnTwo()).not.toContain('nor-NO');
      expect((await createOnTwo()).status).toBe(400);
      const added = await propagation('language added', two, matches('language', 0), async () => {
        const reply = await call(one.app.express, ADMIN, { method: 'POST', path: '/languages', input: 'LanguageCreate', body: { LanguageCreate: { languageCode: 'nor-NO' } } });
        expect(reply.status).toBe(201);
      });
      expect(await codesOnTwo()).toContain('nor-NO');
      const created = await createOnTwo();
      expect(created.status).toBe(201);
      expect((await call(one.app.express, ADMIN, { method: 'DELETE', path: '/languages/nor-NO' })).status).toBe(406);
      expect((await call(one.app.express, ADMIN, { method: 'DELETE', path: `/content/objects/${String(created.body.Content._id)}` })).status).toBe(204);
      const deleted = await propagation('language deleted', two, matches('language', 0), async () => {
        expect((await call(one.app.express, ADMIN, { method: 'DELETE', path: '/languages/nor-NO' })).status).toBe(204);
      });
      expect(await codesOnTwo()).not.toContain('nor-NO');
      expect((await createOnTwo()).status).toBe(400);
      expect(Math.max(added, deleted)).toBeLessThan(LIMIT_MS);
    }, 30_000);

    describe.each([
      { how: 'announced by an explicit lock of the aggregate after the write', byHand: true },
      { how: 'announced by the service write itself (every write locks its aggregate)', byHand: false },
    ])('$how', ({ byHand }) => {
      /** With `byHand`, node 1's write is announced once more by locking its aggregate in a transaction of its own. */
      const announce = async (targets: readonly LockTarget[]): Promise<void> => {
        if (byHand) await one.store.persistence.transaction((tx) => tx.lock(targets));
      };

      it(`serves and enforces on node 2's REST and GraphQL a field added, then removed, on node 1 within ${LIMIT_MS} ms`, async () => {
        const typeOnTwo = async (): Promise<string[]> => {
          const reply = await call(two.app.express, ADMIN, { method: 'GET', path: `/content/types/${FOLDER}`, accept: 'ContentType' });
          return reply.body.ContentType.FieldDefinitions.FieldDefinition.map((definition: { identifier: string }) => definition.identifier);
        };
        const graphqlFieldsOnTwo = async (): Promise<string[]> => {
          const reply = await request(two.app.express)
            .post('/graphql')
            .auth('admin', 'publish')
            .set('Content-Type', 'application/json')
            .send(JSON.stringify({ query: '{ __type(name: "FolderItemCreateInput") { inputFields { name } } }' }));
          const type: unknown = JSON.parse(reply.text).data?.__type;
          const fields: unknown = type && typeof type === 'object' ? Reflect.get(type, 'inputFields') : [];
          return Array.isArray(fields) ? fields.map((field: unknown) => String(field && typeof field === 'object' ? Reflect.get(field, 'name') : '')) : [];
        };
        const createOnTwo = (fields: Record<string, unknown>) =>
          call(two.app.express, ADMIN, { method: 'POST', path: '/content/objects', input: 'ContentCreate', body: contentCreate(FOLDER, '1/2', fields) });
        const editType = async (edit: (draftPath: string) => Promise<void>): Promise<void> => {
          expect((await call(one.app.express, ADMIN, { method: 'POST', path: `/content/types/${FOLDER}`, input: 'ContentTypeUpdate', body: { ContentTypeUpdate: {} } })).status).toBe(201);
          await edit(`/content/types/${FOLDER}/draft`);
          expect((await call(one.app.express, ADMIN, { method: 'PUBLISH', path: `/content/types/${FOLDER}/draft` })).status).toBe(200);
          await announce([{ kind: 'contentType', id: FOLDER }]);
        };

        // Node 2 has the type and the schema cached.
        expect(await typeOnTwo()).not.toContain('subtitle');
        expect(await graphqlFieldsOnTwo()).not.toContain('subtitle');
        expect((await createOnTwo({ name: 'Before', subtitle: 'x' })).status).toBe(400);

        const added = await propagation('field added', two, matches('contentType', FOLDER), () =>
          editType(async (draft) => {
            const reply = await call(one.app.express, ADMIN, {
              method: 'POST',
              path: `${draft}/fieldDefinitions`,
              input: 'FieldDefinitionCreate',
              body: { FieldDefinitionCreate: { identifier: 'subtitle', fieldType: 'ezstring', position: 50 } },
            });
            expect(reply.status).toBe(201);
          }),
        );
        expect(await typeOnTwo()).toContain('subtitle');
        expect(await graphqlFieldsOnTwo()).toContain('subtitle');
        expect((await createOnTwo({ name: 'With subtitle', subtitle: 'accepted' })).status).toBe(201);

        const removed = await propagation('field removed', two, matches('contentType', FOLDER), () =>
          editType(async (draft) => {
            const type = await call(one.app.express, ADMIN, { method: 'GET', path: draft, accept: 'ContentType' });
            const subtitle = type.body.ContentType.FieldDefinitions.FieldDefinition.find((definition: { identifier: string }) => definition.identifier === 'subtitle');
            expect((await call(one.app.express, ADMIN, { method: 'DELETE', path: `${draft}/fieldDefinitions/${String(subtitle.id)}` })).status).toBe(204);
          }),
        );
        expect(await typeOnTwo()).not.toContain('subtitle');
        expect(await graphqlFieldsOnTwo()).not.toContain('subtitle');
        expect((await createOnTwo({ name: 'Stale subtitle', subtitle: 'refused' })).status).toBe(400);
        expect(Math.max(added, removed)).toBeLessThan(LIMIT_MS);
      }, 30_000);

      it(`applies on node 2 a role assigned on node 1 within ${LIMIT_MS} ms`, async () => {
        const rolesAsAnonymousOnTwo = async () => (await call(two.app.express, null, { method: 'GET', path: '/user/roles', accept: 'RoleList' })).status;
        // Node 2 has the anonymous user's permissions cached.
        expect(await rolesAsAnonymousOnTwo()).toBe(401);
        const elapsed = await propagation('role assigned', two, matches('role', ADMINISTRATOR_ROLE), async () => {
          const reply = await call(one.app.express, ADMIN, {
            method: 'POST',
            path: `/user/users/${ANONYMOUS}/roles`,
            input: 'RoleAssignInput',
            body: { RoleAssignInput: { Role: { _href: `${API}/user/roles/${ADMINISTRATOR_ROLE}` } } },
          });
          expect(reply.status).toBe(200);
          await announce([{ kind: 'role', id: ADMINISTRATOR_ROLE }]);
        });
        expect(await rolesAsAnonymousOnTwo()).toBe(200);
        expect(elapsed).toBeLessThan(LIMIT_MS);

        await propagation('role unassigned', two, matches('role', ADMINISTRATOR_ROLE), async () => {
          expect((await call(one.app.express, ADMIN, { method: 'DELETE', path: `/user/users/${ANONYMOUS}/roles/${ADMINISTRATOR_ROLE}` })).status).toBe(200);
          await announce([{ kind: 'role', id: ADMINISTRATOR_ROLE }]);
        });
        expect(await rolesAsAnonymousOnTwo()).toBe(401);
      }, 30_000);
    });
  },
);
