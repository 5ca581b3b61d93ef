import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ChangeEvent } from '@contentrepo/core';
import { createPersistence, type Persistence } from '@contentrepo/persistence';
import { dropTestSchema, testDatabaseUrl, whileNoTestSchemaIsDropped } from '@contentrepo/persistence/testing';
import { pino } from 'pino';
import request from 'supertest';
import { createApp, type App } from '../src/app.js';
import { loadConfig } from '../src/server-config.js';
import { API, call, login, type Credentials, type Reply } from './support/rest-session.js';

/** One server node: the composed app over its own persistence (its own caches). */
interface TestNode {
  readonly app: App;
  readonly store: Persistence;
}

const ADMIN: Credentials = { basic: ['admin', 'publish'] };
/** Location path of the Administrator users group of the clean install. */
const ADMINISTRATORS = '/user/groups/1/5/13';
/** Longest wait for a node to receive an announcement (ms): a bound for a loaded machine, not a latency target. */
const ANNOUNCEMENT_TIMEOUT_MS = 10_000;

/** Resolves once `node` received the content change of `id` (its caches have dropped it by then). */
function announcedOn(node: TestNode, id: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`no announcement of content ${id} within ${ANNOUNCEMENT_TIMEOUT_MS} ms`));
    }, ANNOUNCEMENT_TIMEOUT_MS);
    const stop = node.store.changes.subscribe((event: ChangeEvent) => {
      if (event.kind !== 'content' || event.id !== id) return;
      clearTimeout(timer);
      stop();
      resolve();
    });
  });
}

const url = testDatabaseUrl();
const setups: { readonly name: string; readonly databaseUrl: string | undefined }[] = [
  { name: 'one node on SQLite', databaseUrl: undefined },
  ...(url === undefined ? [] : [{ name: 'two nodes on one PostgreSQL schema', databaseUrl: url }]),
];

describe.each(setups)('disable, delete, a new password and logout end access at once ($name)', ({ databaseUrl }) => {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  let dataDir = '';
  let nodes: TestNode[] = [];
  let created = 0;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'contentrepo-revocation-'));
    const config = loadConfig({ DATA_DIR: dataDir, AUTH_BASIC: 'true', JWT_SECRET: 'j'.repeat(32), ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
    const open = async (): Promise<TestNode> => {
      const store = await createPersistence({ databaseUrl: config.databaseUrl, ...(databaseUrl ? { schema } : {}), dataDir, migrate: false });
      const app = databaseUrl
        ? await whileNoTestSchemaIsDropped(databaseUrl, () => createApp(config, { store, logger: pino({ level: 'silent' }) }))
        : await createApp(config, { store, logger: pino({ level: 'silent' }) });
      return { app, store };
    };
    nodes = databaseUrl ? await Promise.all([open(), open()]) : [await open()];
    await Promise.all(nodes.map((node) => node.store.changes.listening()));
  }, 120_000);
  afterAll(async () => {
    for (const node of nodes) await node.app.close();
    if (databaseUrl) await dropTestSchema(databaseUrl, schema);
    await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  /** The node that writes (first) and the one that checks (last: another node when there are two). */
  const writer = (): TestNode => nodes[0] as TestNode;
  const checker = (): TestNode => nodes[nodes.length - 1] as TestNode;

  /** A new administrator, logged in on the checking node by session and by JWT (GraphQL `createToken`). */
  const newAdministrator = async (password = 'Secret-Passw0rd') => {
    created += 1;
    const login_ = `boss${created}`;
    const user = await call(writer().app.express, ADMIN, {
      method: 'POST',
      path: `${ADMINISTRATORS}/users`,
      input: 'UserCreate',
      body: {
        UserCreate: {
          mainLanguageCode: 'eng-GB',
          login: login_,
          email: `${login_}@example.com`,
          password,
          fields: { field: [{ fieldDefinitionIdentifier: 'first_name', fieldValue: 'B' }, { fieldDefinitionIdentifier: 'last_name', fieldValue: 'Oss' }] },
        },
      },
    });
    expect(user.status).toBe(201);
    const id = user.body.User._id as number;
    const session = await login(checker().app.express, login_, password);
    expect(session.status).toBe(201);
    const created_ = await request(checker().app.express)
      .post('/graphql')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ query: `mutation { createToken(username: "${login_}", password: "${password}") { token } }` }));
    const token = String(JSON.parse(created_.text).data.createToken.token);
    return { id, login: login_, password, session: { cookie: session.cookie, csrf: session.csrf }, token };
  };

  /** What the checking node answers each credential: the current session, a COPY of the Media folder, a read by JWT and by Basic. */
  const answers = async (who: Awaited<ReturnType<typeof newAdministrator>>, password = who.password) => {
    const app = checker().app.express;
    const current = await request(app).get(`${API}/user/sessions/current`).set('Cookie', who.session.cookie);
    const copy: Reply = await call(app, who.session, { method: 'COPY', path: '/content/objects/41', headers: { Destination: `${API}/content/locations/1/2` } });
    const bearer = await request(app).get(`${API}/content/objects/14`).set('Authorization', `Bearer ${who.token}`).set('Accept', 'application/json');
    const basic = await call(app, { basic: [who.login, password] }, { method: 'GET', path: '/content/objects/14' });
    const mutation = await request(app)
      .post('/graphql')
      .set({ 'Content-Type': 'application/json', Cookie: who.session.cookie, 'X-CSRF-Token': who.session.csrf })
      .send(JSON.stringify({ query: 'mutation { createFolder(language: eng_GB, parentLocationId: 2, input: { name: "By a session" }) { _name } }' }));
    const graphqlCodes = ((JSON.parse(mutation.text).errors ?? []) as { extensions?: { code?: string } }[]).map((error) => error.extensions?.code);
    return { current: current.status, copy: copy.status, bearer: bearer.status, basic: basic.status, graphql: graphqlCodes };
  };
  const ALLOWED = { current: 200, copy: 201, bearer: 200, basic: 200, graphql: [] };

  /** Runs `write` on the writing node and waits until every node received the user's content change. */
  const changeUser = async (id: number, write: () => Promise<Reply>, status: number): Promise<void> => {
    const announced = Promise.all(nodes.map((node) => announcedOn(node, id)));
    expect((await write()).status).toBe(status);
    await announced;
  };

  it('refuses a disabled administrator at once: session, JWT, Basic, REST and GraphQL', async () => {
    const boss = await newAdministrator();
    expect(await answers(boss)).toEqual(ALLOWED);
    await changeUser(
      boss.id,
      () => call(writer().app.express, ADMIN, { method: 'PATCH', path: `/user/users/${boss.id}`, input: 'UserUpdate', format: 'xml', body: '<UserUpdate><enabled>false</enabled></UserUpdate>' }),
      200,
    );
    expect(await answers(boss)).toEqual({ current: 404, copy: 401, bearer: 401, basic: 401, graphql: ['UNAUTHORIZED'] });
  }, 60_000);

  it('refuses the sessions and JWTs of before a password change, and accepts the new password', async () => {
    const boss = await newAdministrator();
    expect(await answers(boss)).toEqual(ALLOWED);
    await changeUser(
      boss.id,
      () => call(writer().app.express, ADMIN, { method: 'PATCH', path: `/user/users/${boss.id}`, input: 'UserUpdate', format: 'xml', body: '<UserUpdate><password>Another-Passw0rd</password></UserUpdate>' }),
      200,
    );
    const after = await answers(boss, 'Another-Passw0rd');
    expect(after).toEqual({ current: 404, copy: 401, bearer: 401, basic: 200, graphql: ['UNAUTHORIZED'] });
    expect((await call(checker().app.express, { basic: [boss.login, boss.password] }, { method: 'GET', path: '/content/objects/14' })).status).toBe(401);
    const again = await login(checker().app.express, boss.login, 'Another-Passw0rd');
    expect((await request(checker().app.express).get(`${API}/user/sessions/current`).set('Cookie', again.cookie)).status).toBe(200);
  }, 60_000);

  it('refuses a deleted user at once', async () => {
    const boss = await newAdministrator();
    expect(await answers(boss)).toEqual(ALLOWED);
    await changeUser(boss.id, () => call(writer().app.express, ADMIN, { method: 'DELETE', path: `/user/users/${boss.id}` }), 204);
    expect(await answers(boss)).toEqual({ current: 404, copy: 401, bearer: 401, basic: 401, graphql: ['UNAUTHORIZED'] });
  }, 60_000);

  it('refuses a session logged out on another node at once', async () => {
    const boss = await newAdministrator();
    const identifier = boss.session.cookie.slice(boss.session.cookie.indexOf('=') + 1);
    expect((await call(writer().app.express, boss.session, { method: 'DELETE', path: `/user/sessions/${identifier}` })).status).toBe(204);
    const app = checker().app.express;
    const deadline = Date.now() + ANNOUNCEMENT_TIMEOUT_MS;
    let status = 0;
    do status = (await request(app).get(`${API}/user/sessions/current`).set('Cookie', boss.session.cookie)).status;
    while (status !== 404 && Date.now() < deadline);
    expect(status).toBe(404);
    expect((await call(app, boss.session, { method: 'COPY', path: '/content/objects/41', headers: { Destination: `${API}/content/locations/1/2` } })).status).toBe(401);
  }, 60_000);
});
