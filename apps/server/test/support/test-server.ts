import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropTestSchema, TEST_DATABASE_URL_VARIABLE, testDatabaseUrl, whileNoTestSchemaIsDropped } from '@contentrepo/persistence/testing';
import { pino } from 'pino';
import { parseStringPromise } from 'xml2js';
import { createApp, type App, type AppOptions } from '../../src/app.js';
import { loadConfig } from '../../src/server-config.js';

/**
 * The database a test server runs on: SQLite (a file in the server's temporary data directory), or a PostgreSQL
 * server (`databaseUrl`, each server in a fresh schema of its own).
 */
export interface TestEngine {
  readonly name: 'SQLite' | 'PostgreSQL';
  /** The PostgreSQL server; undefined for SQLite, and for PostgreSQL when the run skips it. */
  readonly databaseUrl: string | undefined;
  /** Why this run skips the engine's tests (`TEST_DATABASE_URL is not set`), or undefined when they run. */
  readonly skipReason: string | undefined;
}

/** SQLite, the default engine of {@link startTestServer}. */
export const SQLITE_ENGINE: TestEngine = { name: 'SQLite', databaseUrl: undefined, skipReason: undefined };

/**
 * The engines a test file runs on: SQLite, and PostgreSQL, skipped with its reason unless `TEST_DATABASE_URL`
 * names a server. Declare the tests of a skipped engine with `describe.skip` and the reason in the title, so that a
 * run reports them as skipped rather than passed.
 */
export function testEngines(): readonly TestEngine[] {
  const databaseUrl = testDatabaseUrl();
  return [
    SQLITE_ENGINE,
    { name: 'PostgreSQL', databaseUrl, skipReason: databaseUrl === undefined ? `${TEST_DATABASE_URL_VARIABLE} is not set` : undefined },
  ];
}

/** A server on a fresh database (see {@link TestEngine}) with a temporary data directory, both removed by `stop()`. */
export interface TestServer {
  readonly app: App;
  readonly dataDir: string;
  /** Every stored file path, relative to the storage directory. */
  storedFiles(): Promise<string[]>;
  stop(): Promise<void>;
}

/**
 * Starts the real composition (migrations, clean-install seed, REST router) on `engine`: SQLite by default; on
 * PostgreSQL in a new schema `test_<random>` (`DATABASE_URL` and `DATABASE_SCHEMA`, which `env` cannot override),
 * dropped by `stop()`. `options` are given to `createApp` (default: a silent logger).
 * @throws Error when `engine` is skipped in this run.
 */
export async function startTestServer(env: Record<string, string> = {}, engine: TestEngine = SQLITE_ENGINE, options: AppOptions = {}): Promise<TestServer> {
  if (engine.skipReason !== undefined) throw new Error(`${engine.name} is skipped: ${engine.skipReason}`);
  const { databaseUrl } = engine;
  const schema = databaseUrl === undefined ? undefined : `test_${randomBytes(6).toString('hex')}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'contentrepo-test-'));
  const database = databaseUrl === undefined || schema === undefined ? {} : { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema };
  const config = loadConfig({ DATA_DIR: dataDir, AUTH_BASIC: 'true', ...env, ...database });
  const dropSchema = async (): Promise<void> => {
    if (databaseUrl !== undefined && schema !== undefined) await dropTestSchema(databaseUrl, schema);
  };
  let app: App;
  try {
    // The schema is created and migrated while no other test drops one (see whileNoTestSchemaIsDropped).
    app = await whileNoTestSchemaIsDropped(databaseUrl, () => createApp(config, { logger: pino({ level: 'silent' }), ...options }));
  } catch (error) {
    await dropSchema();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    app,
    dataDir,
    async storedFiles() {
      const root = join(dataDir, 'storage');
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
      return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1));
    },
    async stop() {
      try {
        await app.close();
      } finally {
        await dropSchema();
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/** Parses an XML response body the way xml2js users would (attributes under `$`, text under `_`). */
export async function parseXml(text: string): Promise<Record<string, unknown>> {
  const parsed: unknown = await parseStringPromise(text, { explicitArray: false });
  if (typeof parsed !== 'object' || parsed === null) throw new Error('not an XML document');
  return parsed as Record<string, unknown>;
}

/** A 1×1 PNG (70 bytes). */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Media type `application/vnd.ibexa.api.<name>+<format>`. */
export const vnd = (name: string, format: 'json' | 'xml' = 'json'): string => `application/vnd.ibexa.api.${name}+${format}`;

/** Server nodes sharing one PostgreSQL schema, from {@link startNodesOnOneSchema}. */
export interface NodesOnOneSchema {
  readonly nodes: readonly TestServer[];
  /** Stops every node, then drops the schema. */
  stop(): Promise<void>;
}

/**
 * `count` server nodes on one new schema `test_<random>` of `databaseUrl`, each with its own DATA_DIR, started one
 * after the other (the first migrates and seeds the schema, the others find it ready), while no other test drops a
 * schema. When a node fails to start, the started ones are stopped and the schema dropped before the error is thrown.
 */
export async function startNodesOnOneSchema(databaseUrl: string, count: number, env: Record<string, string> = {}): Promise<NodesOnOneSchema> {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const nodes: TestServer[] = [];
  const stop = async (): Promise<void> => {
    await Promise.all(nodes.map((node) => node.stop()));
    await dropTestSchema(databaseUrl, schema);
  };
  try {
    await whileNoTestSchemaIsDropped(databaseUrl, async () => {
      for (let index = 0; index < count; index += 1) nodes.push(await startTestServer({ ...env, DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema }));
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { nodes, stop };
}
