import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { parseStringPromise } from 'xml2js';
import { createApp, type App } from '../../src/app.js';
import { loadConfig } from '../../src/server-config.js';

/** A server on a fresh SQLite database in a temporary directory, removed by `stop()`. */
export interface TestServer {
  readonly app: App;
  readonly dataDir: string;
  /** Every stored file path, relative to the storage directory. */
  storedFiles(): Promise<string[]>;
  stop(): Promise<void>;
}

/** Starts the real composition (migrations, clean-install seed, REST router) on SQLite. */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'contentrepo-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, AUTH_BASIC: 'true', ...env });
  const app = await createApp(config, { logger: pino({ level: 'silent' }) });
  return {
    app,
    dataDir,
    async storedFiles() {
      const root = join(dataDir, 'storage');
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
      return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1));
    },
    async stop() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
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
