import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createPersistence } from '@contentrepo/persistence';
import { dropTestSchema, testDatabaseUrl, whileNoTestSchemaIsDropped } from '@contentrepo/persistence/testing';
import { pino } from 'pino';
import { createApp, type App } from '../src/app.js';
import { loadConfig } from '../src/server-config.js';
import { call } from './support/rest-session.js';

const url = testDatabaseUrl();
const MAX_FAILURES = 4;

(url === undefined ? describe.skip : describe)(
  `failed-login throttling of two server nodes on one PostgreSQL schema${url === undefined ? ' (skipped: TEST_DATABASE_URL is not set)' : ''}`,
  () => {
    const databaseUrl = url ?? '';
    const schema = `test_${randomBytes(6).toString('hex')}`;
    let dataDir = '';
    let one: App;
    let two: App;

    beforeAll(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'contentrepo-throttle-nodes-'));
      const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, AUTH_BASIC: 'true', LOGIN_MAX_FAILURES: String(MAX_FAILURES) });
      const open = async (): Promise<App> => {
        const store = await createPersistence({ databaseUrl, schema, dataDir, migrate: false });
        return whileNoTestSchemaIsDropped(databaseUrl, () => createApp(config, { store, logger: pino({ level: 'silent' }) }));
      };
      // Started together on the empty schema: the counter table is created once, under the start lock.
      [one, two] = await Promise.all([open(), open()]);
    }, 120_000);

    afterAll(async () => {
      await one?.close();
      await two?.close();
      await dropTestSchema(databaseUrl, schema);
      await rm(dataDir, { recursive: true, force: true });
    }, 60_000);

    const sessionLogin = (app: App, password: string, address: string, login = 'admin') =>
      call(app.express, null, {
        method: 'POST',
        path: '/user/sessions',
        input: 'SessionInput',
        accept: 'Session',
        headers: { 'X-Forwarded-For': address },
        body: { SessionInput: { login, password } },
      });

    it('counts failures on either node together and refuses the right password on both', async () => {
      const address = '198.51.100.1';
      for (let attempt = 0; attempt < MAX_FAILURES; attempt += 1) {
        // Alternating nodes: neither node alone sees the limit.
        expect((await sessionLogin(attempt % 2 === 0 ? one : two, 'wrong', address)).status).toBe(401);
      }
      const onOne = await sessionLogin(one, 'publish', address);
      const onTwo = await sessionLogin(two, 'publish', address);
      expect([onOne.status, onTwo.status]).toEqual([429, 429]);
      expect(Number(onTwo.headers['retry-after'])).toBeGreaterThan(0);
      expect(onTwo.body.ErrorMessage.errorCode).toBe(429);
    }, 60_000);

    it('forgets the failures on every node after a successful login on one', async () => {
      const address = '198.51.100.2';
      for (let attempt = 0; attempt < MAX_FAILURES - 1; attempt += 1) {
        expect((await sessionLogin(one, 'wrong', address)).status).toBe(401);
      }
      expect((await sessionLogin(two, 'publish', address)).status).toBe(201);
      for (let attempt = 0; attempt < MAX_FAILURES - 1; attempt += 1) {
        expect((await sessionLogin(one, 'wrong', address)).status).toBe(401);
      }
      expect((await sessionLogin(one, 'publish', address)).status).toBe(201);
    }, 60_000);

    it('counts a login name longer than the counter table key (401, not 500)', async () => {
      expect((await sessionLogin(one, 'wrong', '198.51.100.3', 'x'.repeat(10_000))).status).toBe(401);
    }, 30_000);
  },
);
