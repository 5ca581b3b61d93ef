import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig, loadEnvironment } from '../../src/server-config.js';

describe('loadEnvironment: settings from a .env file', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'contentrepo-env-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reads .env from the working directory; the real environment wins over the file', async () => {
    await writeFile(
      join(dir, '.env'),
      [
        '# a comment',
        'PORT=9090',
        'LOG_LEVEL=warn',
        'export LANGUAGES="eng-GB,pol-PL"',
        "ADMIN_PASSWORD='se#cret value'",
        'METRICS_TOKEN=from-the-file-0123456789 # trailing comment',
        '',
      ].join('\n'),
    );
    const env: NodeJS.ProcessEnv = { LOG_LEVEL: 'debug', PORT: '' };
    expect(loadEnvironment(env, dir)).toBe(join(dir, '.env'));
    expect(env).toEqual({
      LOG_LEVEL: 'debug',
      // Set, even to the empty string, counts as set.
      PORT: '',
      LANGUAGES: 'eng-GB,pol-PL',
      ADMIN_PASSWORD: 'se#cret value',
      METRICS_TOKEN: 'from-the-file-0123456789',
    });
    const config = loadConfig(env);
    expect([config.port, config.logLevel, config.languages, config.adminPassword, config.metrics]).toEqual([
      8080,
      'debug',
      ['eng-GB', 'pol-PL'],
      'se#cret value',
      { enabled: true, token: 'from-the-file-0123456789' },
    ]);
  });

  it('reads the file ENV_FILE names (relative to the working directory) instead, and fails when it cannot be read', async () => {
    await writeFile(join(dir, '.env'), 'PORT=1111\n');
    await writeFile(join(dir, 'production.env'), 'PORT=2222\n');
    const env: NodeJS.ProcessEnv = { ENV_FILE: 'production.env' };
    expect(loadEnvironment(env, dir)).toBe(join(dir, 'production.env'));
    expect(env['PORT']).toBe('2222');
    expect(() => loadEnvironment({ ENV_FILE: 'missing.env' }, dir)).toThrow(ConfigError);
    expect(() => loadEnvironment({ ENV_FILE: 'missing.env' }, dir)).toThrow(`ENV_FILE: cannot read '${join(dir, 'missing.env')}'`);
  });

  it('is no error without a .env file: nothing changes', () => {
    const env: NodeJS.ProcessEnv = { PORT: '1' };
    expect(loadEnvironment(env, dir)).toBeNull();
    expect(env).toEqual({ PORT: '1' });
  });
});

describe('LOG_FORMAT and METRICS settings', () => {
  it('reads LOG_FORMAT json (default) or pretty, and METRICS on/off with or without a token', () => {
    expect(loadConfig({}).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'Pretty' }).logFormat).toBe('pretty');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(new ConfigError("LOG_FORMAT must be 'json' (one JSON object per line) or 'pretty' (for a terminal), got 'xml'"));
    expect(loadConfig({}).metrics).toEqual({ enabled: false, token: undefined });
    expect(loadConfig({ METRICS: 'on' }).metrics).toEqual({ enabled: true, token: undefined });
    expect(loadConfig({ METRICS: 'off', METRICS_TOKEN: 'x'.repeat(16) }).metrics).toEqual({ enabled: false, token: 'x'.repeat(16) });
    expect(() => loadConfig({ METRICS: 'maybe' })).toThrow(new ConfigError("METRICS must be true or false, got 'maybe'"));
    expect(() => loadConfig({ METRICS_TOKEN: 'has a space in it ok' })).toThrow(ConfigError);
  });
});

describe('.env.example', () => {
  const repositoryRoot = resolve(__dirname, '../../../..');

  it('lists every setting the server reads, each with its default value', async () => {
    const example = await readFile(join(repositoryRoot, '.env.example'), 'utf8');
    const listed = new Map<string, string>();
    for (const line of example.split('\n')) {
      const match = /^#([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
      if (match?.[1] !== undefined) listed.set(match[1], match[2] ?? '');
    }
    const source = (
      await Promise.all(['apps/server/src/server-config.ts', 'apps/server/src/webhooks/webhook-config.ts'].map((file) => readFile(join(repositoryRoot, file), 'utf8')))
    ).join('\n');
    const suffixes = ['MAX_TOKENS', 'MAX_DEPTH', 'MAX_ALIASES', 'MAX_COST', 'MAX_DIRECTIVES'];
    const read = new Set(
      [...source.matchAll(/'([A-Z][A-Z0-9_]*[A-Z0-9])'/g)]
        .map((match) => match[1] ?? '')
        .filter((name) => name !== 'ENOENT' && name !== 'ENV_FILE' && !suffixes.includes(name)),
    );
    for (const prefix of ['GRAPHQL_', 'GRAPHQL_ANONYMOUS_']) for (const suffix of suffixes) read.add(`${prefix}${suffix}`);
    expect([...read].filter((name) => !listed.has(name)).sort()).toEqual([]);
    // Uncommented as they stand, the lines change nothing.
    const env = Object.fromEntries([...listed].filter(([name]) => read.has(name)));
    expect(loadConfig(env)).toEqual(loadConfig({}));
  });
});
