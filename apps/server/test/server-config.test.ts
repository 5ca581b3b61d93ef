import { availableParallelism } from 'node:os';
import { describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import { ConfigError, loadConfig } from '../src/server-config.js';
import { createTokenService } from '../src/tokens.js';

const POSTGRES = 'postgres://postgres@127.0.0.1:5432/contentrepo';

/** The messages a pino logger wrote, one per line. */
function capturedLogger(): { logger: pino.Logger; messages: () => string[] } {
  const lines: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
  return { logger, messages: () => lines.map((line) => String((JSON.parse(line) as { msg: unknown }).msg)) };
}

describe('server configuration for several nodes', () => {
  it('takes PORT=0 (a free port, logged at start) and a PostgreSQL schema', () => {
    expect(loadConfig({ PORT: '0' }).port).toBe(0);
    expect(loadConfig({ DATABASE_URL: POSTGRES, DATABASE_SCHEMA: 'contentrepo_2' })).toMatchObject({ databaseUrl: POSTGRES, databaseSchema: 'contentrepo_2' });
    expect(loadConfig({ DATABASE_URL: POSTGRES }).databaseSchema).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: POSTGRES, DATABASE_SCHEMA: '' }).databaseSchema).toBeUndefined();
  });

  it('refuses a schema that is not a lower-case identifier, or without PostgreSQL', () => {
    for (const schema of ['Content', 'my-schema', '1st', 'a"; DROP SCHEMA public; --', 'x'.repeat(64)]) {
      expect(() => loadConfig({ DATABASE_URL: POSTGRES, DATABASE_SCHEMA: schema })).toThrow(
        new ConfigError(`DATABASE_SCHEMA must be a lower-case identifier like contentrepo, got '${schema}'`),
      );
    }
    expect(() => loadConfig({ DATABASE_SCHEMA: 'contentrepo' })).toThrow(new ConfigError('DATABASE_SCHEMA needs a PostgreSQL DATABASE_URL (postgres://…)'));
  });

  it('warns that several nodes need one JWT_SECRET when PostgreSQL runs without one', () => {
    const onPostgres = capturedLogger();
    createTokenService(loadConfig({ DATABASE_URL: POSTGRES }), onPostgres.logger);
    expect(onPostgres.messages()).toEqual([expect.stringContaining('Set the same JWT_SECRET (at least 32 characters) on every node.')]);

    const onSqlite = capturedLogger();
    createTokenService(loadConfig({}), onSqlite.logger);
    expect(onSqlite.messages()).toEqual([expect.stringMatching(/^JWT_SECRET is not set: .*invalid after a restart and on other nodes/)]);

    const withSecret = capturedLogger();
    createTokenService(loadConfig({ DATABASE_URL: POSTGRES, JWT_SECRET: 's'.repeat(32) }), withSecret.logger);
    expect(withSecret.messages()).toEqual([]);
  });
});

describe('WORKERS', () => {
  it('defaults to one process, takes a count or auto (one per core), and refuses anything else', () => {
    expect(loadConfig({}).workers).toBe(1);
    expect(loadConfig({ WORKERS: '3' }).workers).toBe(3);
    expect(loadConfig({ WORKERS: 'auto' }).workers).toBe(Math.min(256, availableParallelism()));
    for (const bad of ['0', '-1', '1.5', '257', 'many']) {
      expect(() => loadConfig({ WORKERS: bad })).toThrow(/^WORKERS must be 'auto' \(one per core\) or an integer between 1 and 256/);
    }
  });
});

describe('login throttling configuration', () => {
  it('defaults to 10 failures per login and address, 100 per address, in 15 minutes, blocking 15 minutes', () => {
    expect(loadConfig({})).toMatchObject({ loginMaxFailures: 10, loginMaxFailuresPerAddress: 100, loginWindowSeconds: 900, loginBlockSeconds: 900 });
  });

  it('reads the LOGIN_* variables, 0 failures meaning off, and refuses values that are not usable', () => {
    const env = { LOGIN_MAX_FAILURES: '0', LOGIN_MAX_FAILURES_PER_ADDRESS: '7', LOGIN_WINDOW_SECONDS: '60', LOGIN_BLOCK_SECONDS: '30' };
    expect(loadConfig(env)).toMatchObject({ loginMaxFailures: 0, loginMaxFailuresPerAddress: 7, loginWindowSeconds: 60, loginBlockSeconds: 30 });
    expect(() => loadConfig({ LOGIN_MAX_FAILURES: '-1' })).toThrow(ConfigError);
    expect(() => loadConfig({ LOGIN_WINDOW_SECONDS: '0' })).toThrow(new ConfigError("LOGIN_WINDOW_SECONDS must be an integer between 1 and 31536000, got '0'"));
    expect(() => loadConfig({ LOGIN_BLOCK_SECONDS: 'soon' })).toThrow(ConfigError);
  });
});

describe('HTTP caching configuration', () => {
  it('defaults to public, max-age=0 for anonymous reads, no s-maxage, cache tags on', () => {
    expect(loadConfig({}).httpCache).toEqual({ maxAge: 0, tags: true });
  });

  it('reads HTTP_CACHE_MAX_AGE, HTTP_CACHE_SHARED_MAX_AGE and HTTP_CACHE_TAGS, and refuses values that are not usable', () => {
    expect(loadConfig({ HTTP_CACHE_MAX_AGE: '30', HTTP_CACHE_SHARED_MAX_AGE: '0', HTTP_CACHE_TAGS: 'false' }).httpCache).toEqual({ maxAge: 30, sharedMaxAge: 0, tags: false });
    expect(() => loadConfig({ HTTP_CACHE_MAX_AGE: '-5' })).toThrow(new ConfigError("HTTP_CACHE_MAX_AGE must be an integer between 0 and 31536000, got '-5'"));
    expect(() => loadConfig({ HTTP_CACHE_SHARED_MAX_AGE: 'an hour' })).toThrow(ConfigError);
    expect(() => loadConfig({ HTTP_CACHE_TAGS: 'maybe' })).toThrow(new ConfigError("HTTP_CACHE_TAGS must be true or false, got 'maybe'"));
  });
});

describe('SQLite memory configuration', () => {
  it('defaults to a 16 MiB page cache and no memory map', () => {
    expect(loadConfig({})).toMatchObject({ sqliteCacheMiB: 16, sqliteMmapMiB: 0 });
  });

  it('reads SQLITE_CACHE_MIB and SQLITE_MMAP_MIB and refuses values that are not usable', () => {
    expect(loadConfig({ SQLITE_CACHE_MIB: '64', SQLITE_MMAP_MIB: '256' })).toMatchObject({ sqliteCacheMiB: 64, sqliteMmapMiB: 256 });
    expect(() => loadConfig({ SQLITE_CACHE_MIB: '0' })).toThrow(new ConfigError("SQLITE_CACHE_MIB must be an integer between 1 and 65536, got '0'"));
    expect(() => loadConfig({ SQLITE_MMAP_MIB: 'lots' })).toThrow(ConfigError);
  });

  it('keeps 32 MiB of rendered Content output by default, REST_OUTPUT_CACHE_MIB sets it (0: none) and refuses the rest', () => {
    expect(loadConfig({}).restOutputCacheMiB).toBe(32);
    expect(loadConfig({ REST_OUTPUT_CACHE_MIB: '0' }).restOutputCacheMiB).toBe(0);
    expect(loadConfig({ REST_OUTPUT_CACHE_MIB: '64' }).restOutputCacheMiB).toBe(64);
    expect(() => loadConfig({ REST_OUTPUT_CACHE_MIB: 'lots' })).toThrow(new ConfigError("REST_OUTPUT_CACHE_MIB must be an integer between 0 and 4096, got 'lots'"));
  });
});
