import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseEnv } from 'node:util';
import {
  DEFAULT_IMAGE_VARIATION_DEFINITIONS,
  FALLBACK_CACHE_TTL_MS,
  LANGUAGE_CODE_PATTERN,
  parseImageVariationDefinitions,
  type ImageVariationDefinitions,
} from '@contentrepo/core';
import { DEFAULT_ANONYMOUS_QUERY_LIMITS, DEFAULT_AUTHENTICATED_QUERY_LIMITS, type QueryLimits } from '@contentrepo/graphql-adapter/query-limit-defaults';
import {
  DEFAULT_LOGIN_BLOCK_SECONDS,
  DEFAULT_LOGIN_MAX_FAILURES,
  DEFAULT_LOGIN_MAX_FAILURES_PER_ADDRESS,
  DEFAULT_LOGIN_WINDOW_SECONDS,
} from '@contentrepo/http-auth';
import { DEFAULT_SQLITE_CACHE_MIB, DEFAULT_SQLITE_MMAP_MIB, isPostgresUrl, type StorageKind } from '@contentrepo/persistence';
import type { HttpCacheOptions } from '@contentrepo/rest-adapter';
import type { HttpTimeouts } from './http-server.js';
import type { LogFormat } from './logging.js';
import { loadWebhookConfig, type WebhookConfig } from './webhooks/webhook-config.js';

/**
 * Server configuration, read from the environment by {@link loadConfig}. The HTTP timeouts (`HEADERS_TIMEOUT_MS`,
 * `REQUEST_TIMEOUT_MS`, `KEEP_ALIVE_TIMEOUT_MS`, `IDLE_TIMEOUT_MS`) are those of {@link HttpTimeouts}.
 */
export interface ServerConfig extends HttpTimeouts {
  /** TCP port (`PORT`, default 8080). */
  readonly port: number;
  /**
   * Server processes sharing the port (`WORKERS`: 1 to 256, or `auto` for the number of cores Node reports,
   * `os.availableParallelism()`; default 1): more than 1 runs a primary process that prepares the database and
   * forks that many workers (Node `cluster`); 1 serves from one process.
   */
  readonly workers: number;
  /** Interface to listen on (`HOST`, default 127.0.0.1). */
  readonly host: string;
  /** Directory of the SQLite file and, with `storage` `local`, of stored binary files (`DATA_DIR`, default `var/`). */
  readonly dataDir: string;
  /**
   * Where uploaded files are stored (`STORAGE`): `local` (default) in `<dataDir>/storage`, a folder every node of
   * a multi-node deployment must share; `database` in the database, so nodes share nothing else.
   */
  readonly storage: StorageKind;
  /** `postgres://…` selects PostgreSQL (`DATABASE_URL`); unset = embedded SQLite in `dataDir`. */
  readonly databaseUrl: string | undefined;
  /**
   * PostgreSQL schema holding the tables (`DATABASE_SCHEMA`, a lower-case SQL identifier, created when missing);
   * unset = the connection's search path (usually `public`). Only with a PostgreSQL `databaseUrl`.
   */
  readonly databaseSchema: string | undefined;
  /** SQLite only: the connection's page cache in MiB (`SQLITE_CACHE_MIB`, default 16, 1–65536). */
  readonly sqliteCacheMiB: number;
  /**
   * SQLite only: how much of the database file is read through a memory map, in MiB (`SQLITE_MMAP_MIB`, default
   * 0 = none, at most 65536).
   */
  readonly sqliteMmapMiB: number;
  /** Password of `admin` set at first start (`ADMIN_PASSWORD`, default `publish`). */
  readonly adminPassword: string;
  /** Content languages (`LANGUAGES`, comma-separated, default `eng-GB`): seeded at the first start; those missing are added at every start. */
  readonly languages: readonly string[];
  /** Accept HTTP Basic authentication (`AUTH_BASIC`, default false). */
  readonly basicAuth: boolean;
  /** pino level (`LOG_LEVEL`, default `info`). */
  readonly logLevel: string;
  /** Subfolder before every route, e.g. `/cms` (`BASE_PATH`, default none). */
  readonly basePath: string;
  /** Serve the REST reference (OpenAPI document and its viewer) below the REST prefix (`REST_REFERENCE`, default true). */
  readonly restReference: boolean;
  /** Largest REST request body (`BODY_LIMIT`, default `50mb`). */
  readonly bodyLimit: string;
  /** Largest GraphQL JSON request body (`GRAPHQL_BODY_LIMIT`, default `1mb`); multipart requests have their own limits. */
  readonly graphqlBodyLimit: string;
  /** Session lifetime in seconds (`SESSION_TTL`, default 3600). */
  readonly sessionTtlSeconds: number;
  /** Show 5xx error details (`DEBUG`, default false; never in production). */
  readonly debug: boolean;
  /** Path of the GraphQL endpoint below the base path (`GRAPHQL_PATH`, default `/graphql`). */
  readonly graphqlPath: string;
  /**
   * Show GraphiQL to browsers at the GraphQL path (`GRAPHIQL`; default true, false when `NODE_ENV` is `production`):
   * a `GET` preferring `text/html` gets the explorer, served from this server's own files.
   */
  readonly graphiql: boolean;
  /**
   * Path of the content browser below the base path (`ADMIN_PATH`, default `/admin`); undefined when turned off
   * (`ADMIN_PATH=false` or `off`).
   */
  readonly adminPath: string | undefined;
  /** Largest file of a GraphQL upload in bytes (`GRAPHQL_MAX_FILE_SIZE`, default 52428800 = 50 MiB). */
  readonly graphqlMaxFileSize: number;
  /** Most files in one GraphQL multipart request (`GRAPHQL_MAX_FILES`, default 20). */
  readonly graphqlMaxFiles: number;
  /**
   * Limits on each GraphQL document (a document over one is refused with 400 before anything runs), for callers
   * with credentials (`GRAPHQL_MAX_TOKENS`, `GRAPHQL_MAX_DEPTH`, `GRAPHQL_MAX_ALIASES`, `GRAPHQL_MAX_COST`,
   * `GRAPHQL_MAX_DIRECTIVES`; defaults 15000, 20, 100, 100000, 50) and anonymous ones (the same names with
   * `GRAPHQL_ANONYMOUS_` instead of `GRAPHQL_`; defaults 3000, 12, 30, 20000, 20).
   */
  readonly graphqlQueryLimits: { readonly authenticated: QueryLimits; readonly anonymous: QueryLimits };
  /** Secret signing JWTs (`JWT_SECRET`, ≥ 32 characters); unset = a random per-process secret. */
  readonly jwtSecret: string | undefined;
  /** Lifetime of JWTs in seconds (`JWT_TTL`, default 3600). */
  readonly jwtTtlSeconds: number;
  /**
   * Longest time a cached value is used, in milliseconds (`CACHE_TTL_MS`, default 60000; 0 disables caching):
   * content types, languages, default object states, permissions, sessions, the GraphQL schema. Every cache drops
   * what any node changed as soon as the change is announced (PostgreSQL `LISTEN`/`NOTIFY`, or in-process on
   * SQLite); this lifetime only bounds how long a missed announcement can go unnoticed.
   */
  readonly cacheTtlMs: number;
  /**
   * Most MiB of rendered `Content` output the REST API keeps for reuse (`REST_OUTPUT_CACHE_MIB`, default 32, 0–4096;
   * 0 keeps none). Kept output is dropped when what it shows changes, on any node; permissions are checked on every
   * request.
   */
  readonly restOutputCacheMiB: number;
  /**
   * Domain events (see the README's "Events"): how long numbered events are kept once every durable reader has
   * passed them (`EVENT_RETENTION_HOURS`, default 168 = 7 days, 1–87,600), and the interval of the comment lines
   * the event stream sends to keep idle connections open (`EVENTS_HEARTBEAT_SECONDS`, default 15, 1–3600; keep it
   * below `IDLE_TIMEOUT_MS` and any proxy's idle timeout).
   */
  readonly events: { readonly retentionHours: number; readonly heartbeatSeconds: number };
  /**
   * Failed logins allowed per login name and client address within the window (`LOGIN_MAX_FAILURES`, default 10;
   * 0 disables login throttling). A successful login resets this count. Session logins, HTTP Basic and GraphQL
   * `createToken` share the counters, on every node (PostgreSQL: a table of the database; SQLite: in memory).
   */
  readonly loginMaxFailures: number;
  /** Failed logins allowed per client address, all login names together, within the window (`LOGIN_MAX_FAILURES_PER_ADDRESS`, default 100). */
  readonly loginMaxFailuresPerAddress: number;
  /** Window the failures are counted in, in seconds (`LOGIN_WINDOW_SECONDS`, default 900). */
  readonly loginWindowSeconds: number;
  /** How long logins are answered 429 once a limit is reached, in seconds (`LOGIN_BLOCK_SECONDS`, default 900). */
  readonly loginBlockSeconds: number;
  /**
   * Cross-origin access for browser front ends on other origins (REST and GraphQL alike); undefined = off (the
   * default: no `Access-Control-*` headers, preflights not answered).
   */
  readonly cors: CorsConfig | undefined;
  /** Webhook delivery on this node (`WEBHOOKS`, `WEBHOOK_*`; see webhooks/webhook-config.ts). */
  readonly webhooks: WebhookConfig;
  /**
   * `Strict-Transport-Security` max-age in seconds (`HSTS_MAX_AGE`, default 0 = no header). Only set it when every
   * client reaches the server over HTTPS (a TLS-terminating proxy in front): browsers then refuse plain HTTP for
   * that long.
   */
  readonly hstsMaxAgeSeconds: number;
  /**
   * Which proxies in front of the server are believed about the client (`TRUST_PROXY`): Express's `trust proxy`,
   * deciding whether `X-Forwarded-For`, `X-Forwarded-Host` and `X-Forwarded-Proto` are honoured. That client
   * address is what failed logins are throttled by, and host and scheme make the absolute URLs of stored files.
   * See {@link TrustProxy}; default `['loopback']` (a proxy on the same machine).
   */
  readonly trustProxy: TrustProxy;
  /**
   * Caching headers of REST reads for browsers and a reverse proxy: `maxAge` (`HTTP_CACHE_MAX_AGE`, default 0) and
   * `sharedMaxAge` (`HTTP_CACHE_SHARED_MAX_AGE`, default unset: none) are the `max-age` and `s-maxage` in seconds of
   * successful anonymous GET answers (`Cache-Control: public, …`); `tags` (`HTTP_CACHE_TAGS`, default true) sends
   * their cache tags in `xkey`. Reads with credentials are always `private, no-cache`.
   */
  readonly httpCache: HttpCacheOptions;
  /**
   * Image variations (`IMAGE_VARIATIONS`): Ibexa 4.6's built-in ones (reference, small, tiny, medium, large) plus or
   * overridden by the JSON object given, `{"<name>": {"reference": "<name>" | null, "filters":
   * [{"name": "geometry/scaledownonly", "params": [w, h]}]}}`.
   */
  readonly imageVariations: ImageVariationDefinitions;
  /** How log lines are written (`LOG_FORMAT`): `json` (default), one JSON object per line, or `pretty` for a terminal. */
  readonly logFormat: LogFormat;
  /**
   * Prometheus metrics at `<basePath>/metrics` (`METRICS`: on or off; default on when `METRICS_TOKEN` is set, else
   * off): `enabled`, and the `token` a scrape must send as `Authorization: Bearer <token>` (`METRICS_TOKEN`,
   * unset = no token asked, for a port only the scraper reaches).
   */
  readonly metrics: { readonly enabled: boolean; readonly token: string | undefined };
}

/**
 * Express `trust proxy` value: `false` = no proxy is trusted (the socket address is the client), a number = that
 * many hops from the server are trusted proxies, or a list of proxy addresses, CIDR subnets (`10.0.0.0/8`,
 * `fd00::/8`) and Express's names `loopback`, `linklocal`, `uniquelocal`.
 */
export type TrustProxy = false | number | readonly string[];

/** Cross-origin resource sharing settings, from `CORS_ORIGINS`, `CORS_CREDENTIALS` and `CORS_MAX_AGE`. */
export interface CorsConfig {
  /**
   * Origins allowed to call the APIs (`CORS_ORIGINS`, comma-separated, each `scheme://host[:port]` as browsers
   * send it in `Origin`), or `'*'` for any origin (refused together with credentials).
   */
  readonly origins: '*' | readonly string[];
  /** Whether cross-origin requests may carry cookies (`CORS_CREDENTIALS`, default false). */
  readonly credentials: boolean;
  /** How long browsers may cache a preflight answer, in seconds (`CORS_MAX_AGE`, default 600). */
  readonly maxAgeSeconds: number;
}

/** A configuration value that cannot be used; the message names the variable. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** A PostgreSQL schema name the server accepts: a plain lower-case identifier (no quoting needed). */
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

const LOG_LEVELS = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

/** Most server processes `WORKERS` may ask for. */
const MAX_WORKERS = 256;

/** `WORKERS`: 1 (default) to {@link MAX_WORKERS}, or `auto` (case-insensitive): the number of cores, at most the maximum. */
function workerCount(env: NodeJS.ProcessEnv): number {
  if ((env['WORKERS'] ?? '').trim().toLowerCase() === 'auto') return Math.min(MAX_WORKERS, availableParallelism());
  try {
    return integer(env, 'WORKERS', 1, 1, MAX_WORKERS);
  } catch {
    throw new ConfigError(`WORKERS must be 'auto' (one per core) or an integer between 1 and ${MAX_WORKERS}, got '${env['WORKERS'] ?? ''}'`);
  }
}

/** `STORAGE`: `local` (default) or `database`, case-insensitive. */
function storageKind(env: NodeJS.ProcessEnv): StorageKind {
  const raw = env['STORAGE'] ?? '';
  const value = raw.trim().toLowerCase();
  if (value === '' || value === 'local') return 'local';
  if (value === 'database') return 'database';
  throw new ConfigError(`STORAGE must be 'local' (files in DATA_DIR/storage) or 'database' (files in the database), got '${raw}'`);
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer between ${min} and ${max}, got '${raw}'`);
  }
  return value;
}

function boolean(env: NodeJS.ProcessEnv, name: string): boolean {
  const raw = env[name]?.toLowerCase();
  if (raw === undefined || raw === '') return false;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got '${env[name] ?? ''}'`);
}

/** Largest accepted value of each GraphQL query limit. */
const QUERY_LIMIT_MAXIMA: Readonly<Record<keyof QueryLimits, number>> = {
  maxTokens: 1_000_000,
  maxDepth: 1_000,
  maxAliases: 100_000,
  maxCost: 1_000_000_000,
  maxDirectives: 10_000,
};

/** Environment variable suffix of each GraphQL query limit (`GRAPHQL_<suffix>`, `GRAPHQL_ANONYMOUS_<suffix>`). */
const QUERY_LIMIT_VARIABLES: Readonly<Record<keyof QueryLimits, string>> = {
  maxTokens: 'MAX_TOKENS',
  maxDepth: 'MAX_DEPTH',
  maxAliases: 'MAX_ALIASES',
  maxCost: 'MAX_COST',
  maxDirectives: 'MAX_DIRECTIVES',
};

/** The GraphQL query limits named `<prefix><suffix>` (see {@link QUERY_LIMIT_VARIABLES}), defaults from `defaults`. */
function queryLimits(env: NodeJS.ProcessEnv, prefix: string, defaults: QueryLimits): QueryLimits {
  const read = (key: keyof QueryLimits) => integer(env, `${prefix}${QUERY_LIMIT_VARIABLES[key]}`, defaults[key], 1, QUERY_LIMIT_MAXIMA[key]);
  return {
    maxTokens: read('maxTokens'),
    maxDepth: read('maxDepth'),
    maxAliases: read('maxAliases'),
    maxCost: read('maxCost'),
    maxDirectives: read('maxDirectives'),
  };
}

/** An origin as browsers send it: scheme, host and optional port, nothing after. */
const ORIGIN = /^https?:\/\/[A-Za-z0-9.-]+(?::\d{1,5})?$|^https?:\/\/\[[0-9A-Fa-f:.]+\](?::\d{1,5})?$/;

/** `CORS_ORIGINS`, `CORS_CREDENTIALS`, `CORS_MAX_AGE`; undefined when `CORS_ORIGINS` is unset or empty. */
function corsConfig(env: NodeJS.ProcessEnv): CorsConfig | undefined {
  const credentials = boolean(env, 'CORS_CREDENTIALS');
  const maxAgeSeconds = integer(env, 'CORS_MAX_AGE', 600, 0, 86_400);
  const origins = (env['CORS_ORIGINS'] ?? '')
    .split(',')
    .map((origin) => origin.trim().replace(/\/+$/, ''))
    .filter((origin) => origin !== '');
  if (origins.length === 0) return undefined;
  if (origins.includes('*')) {
    if (origins.length > 1) throw new ConfigError(`CORS_ORIGINS: '*' allows every origin and cannot be listed with others, got '${env['CORS_ORIGINS'] ?? ''}'`);
    if (credentials) throw new ConfigError("CORS_ORIGINS '*' cannot be combined with CORS_CREDENTIALS=true: list the origins allowed to send credentials");
    return { origins: '*', credentials, maxAgeSeconds };
  }
  for (const origin of origins) {
    if (!ORIGIN.test(origin)) throw new ConfigError(`CORS_ORIGINS: '${origin}' is not an origin like https://app.example.com or http://localhost:3000`);
  }
  return { origins, credentials, maxAgeSeconds };
}

/** Express's names of address ranges in `trust proxy`. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * `TRUST_PROXY`: `false` (or `0`), a number of hops (1 to 100), or comma-separated addresses, CIDR subnets and the
 * names `loopback`, `linklocal`, `uniquelocal`; unset = `loopback`. `true` (every address) is refused: anyone could
 * then forge their client address; name the proxies, or count their hops.
 */
function trustProxy(env: NodeJS.ProcessEnv): TrustProxy {
  const raw = (env['TRUST_PROXY'] ?? '').trim();
  if (raw === '') return ['loopback'];
  const lower = raw.toLowerCase();
  if (['false', 'no', 'off', 'none', '0'].includes(lower)) return false;
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops > 100) throw new ConfigError(`TRUST_PROXY: a number of proxy hops must be between 0 and 100, got '${raw}'`);
    return hops;
  }
  if (['true', 'yes', 'on'].includes(lower)) {
    throw new ConfigError("TRUST_PROXY=true would believe X-Forwarded-For from any client: list the proxies' addresses (or loopback), or give their number of hops");
  }
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  for (const entry of entries) {
    if (!isProxyRange(entry)) {
      throw new ConfigError(`TRUST_PROXY: '${entry}' is not an IP address, a CIDR subnet like 10.0.0.0/8, or loopback, linklocal, uniquelocal`);
    }
  }
  return entries.map((entry) => (PROXY_RANGE_NAMES.has(entry.toLowerCase()) ? entry.toLowerCase() : entry));
}

/** Whether a `TRUST_PROXY` entry is a range name, an IP address or a CIDR subnet with a prefix length that fits its family. */
function isProxyRange(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry.toLowerCase())) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** A size such as `50mb`, `512kb` or `1048576` (bytes), as Express's body parsers read it. */
const BODY_SIZE = /^\d+(\.\d+)?\s*(b|kb|mb|gb|tb)?$/i;

function bodySize(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  if (!BODY_SIZE.test(raw)) throw new ConfigError(`${name} must be a size like 50mb, 512kb or a number of bytes, got '${raw}'`);
  return raw;
}

/** Longest cache lifetime accepted, in seconds (one year, the longest `max-age` RFC 9111 advises to send). */
const MAX_CACHE_AGE_SECONDS = 31_536_000;

/** `HTTP_CACHE_MAX_AGE`, `HTTP_CACHE_SHARED_MAX_AGE` (unset = no `s-maxage`) and `HTTP_CACHE_TAGS` (default true). */
function httpCacheOptions(env: NodeJS.ProcessEnv): HttpCacheOptions {
  const sharedSet = (env['HTTP_CACHE_SHARED_MAX_AGE'] ?? '') !== '';
  const tagsSet = (env['HTTP_CACHE_TAGS'] ?? '') !== '';
  return {
    maxAge: integer(env, 'HTTP_CACHE_MAX_AGE', 0, 0, MAX_CACHE_AGE_SECONDS),
    ...(sharedSet ? { sharedMaxAge: integer(env, 'HTTP_CACHE_SHARED_MAX_AGE', 0, 0, MAX_CACHE_AGE_SECONDS) } : {}),
    tags: tagsSet ? boolean(env, 'HTTP_CACHE_TAGS') : true,
  };
}

/** `HEADERS_TIMEOUT_MS`, `REQUEST_TIMEOUT_MS`, `KEEP_ALIVE_TIMEOUT_MS` and `IDLE_TIMEOUT_MS`, checked together. */
function httpTimeouts(env: NodeJS.ProcessEnv): HttpTimeouts {
  const hour = 3_600_000;
  const timeouts = {
    headersTimeoutMs: integer(env, 'HEADERS_TIMEOUT_MS', 20_000, 1, hour),
    requestTimeoutMs: integer(env, 'REQUEST_TIMEOUT_MS', 120_000, 0, 24 * hour),
    keepAliveTimeoutMs: integer(env, 'KEEP_ALIVE_TIMEOUT_MS', 5_000, 0, hour),
    idleTimeoutMs: integer(env, 'IDLE_TIMEOUT_MS', 60_000, 0, 24 * hour),
  };
  if (timeouts.requestTimeoutMs > 0 && timeouts.headersTimeoutMs > timeouts.requestTimeoutMs) {
    throw new ConfigError(`HEADERS_TIMEOUT_MS (${timeouts.headersTimeoutMs}) must not exceed REQUEST_TIMEOUT_MS (${timeouts.requestTimeoutMs})`);
  }
  return timeouts;
}

/**
 * Reads the configuration from environment variables (see the README's configuration table).
 * @throws ConfigError for a value that cannot be used (bad port, language code, log level, base path, GraphQL path, JWT
 *   secret, storage, body size, HTTP timeout — or a headers timeout longer than the request timeout —, login
 *   throttling limits, a database schema that is not a lower-case identifier or is given without a PostgreSQL
 *   `DATABASE_URL`, a CORS origin that is not `scheme://host[:port]`, `CORS_ORIGINS=*` with credentials, a
 *   `TRUST_PROXY` that is not `false`, a number of hops or a list of addresses/subnets/range names).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const languages = (env['LANGUAGES'] ?? 'eng-GB')
    .split(',')
    .map((code) => code.trim())
    .filter((code) => code !== '');
  for (const code of languages) {
    if (!LANGUAGE_CODE_PATTERN.test(code)) throw new ConfigError(`LANGUAGES: '${code}' is not a language code like eng-GB or pol-PL`);
  }
  const logLevel = env['LOG_LEVEL'] ?? 'info';
  if (!LOG_LEVELS.has(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${[...LOG_LEVELS].join(', ')}, got '${logLevel}'`);
  const basePath = (env['BASE_PATH'] ?? '').replace(/\/+$/, '');
  if (basePath !== '' && !/^(\/[A-Za-z0-9._~-]+)+$/.test(basePath)) throw new ConfigError(`BASE_PATH must look like /cms, got '${basePath}'`);
  const databaseUrl = env['DATABASE_URL'] === '' ? undefined : env['DATABASE_URL'];
  const databaseSchema = env['DATABASE_SCHEMA'] || undefined;
  if (databaseSchema !== undefined) {
    if (!SCHEMA_NAME.test(databaseSchema)) throw new ConfigError(`DATABASE_SCHEMA must be a lower-case identifier like contentrepo, got '${databaseSchema}'`);
    if (!isPostgresUrl(databaseUrl)) throw new ConfigError('DATABASE_SCHEMA needs a PostgreSQL DATABASE_URL (postgres://…)');
  }
  const graphqlPath = (env['GRAPHQL_PATH'] || '/graphql').replace(/\/+$/, '');
  if (!/^(\/[A-Za-z0-9._~-]+)+$/.test(graphqlPath)) throw new ConfigError(`GRAPHQL_PATH must look like /graphql, got '${graphqlPath}'`);
  const adminPath = adminPathOf(env);
  const jwtSecret = env['JWT_SECRET'] || undefined;
  if (jwtSecret !== undefined && jwtSecret.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters long');
  return {
    port: integer(env, 'PORT', 8080, 0, 65535),
    workers: workerCount(env),
    host: env['HOST'] || '127.0.0.1',
    dataDir: resolve(env['DATA_DIR'] || 'var'),
    storage: storageKind(env),
    databaseUrl,
    databaseSchema,
    sqliteCacheMiB: integer(env, 'SQLITE_CACHE_MIB', DEFAULT_SQLITE_CACHE_MIB, 1, 65_536),
    sqliteMmapMiB: integer(env, 'SQLITE_MMAP_MIB', DEFAULT_SQLITE_MMAP_MIB, 0, 65_536),
    adminPassword: env['ADMIN_PASSWORD'] || 'publish',
    languages: languages.length > 0 ? languages : ['eng-GB'],
    basicAuth: boolean(env, 'AUTH_BASIC'),
    logLevel,
    basePath,
    restReference: (env['REST_REFERENCE'] ?? '') === '' || boolean(env, 'REST_REFERENCE'),
    bodyLimit: bodySize(env, 'BODY_LIMIT', '50mb'),
    graphqlBodyLimit: bodySize(env, 'GRAPHQL_BODY_LIMIT', '1mb'),
    sessionTtlSeconds: integer(env, 'SESSION_TTL', 3600, 60, 31_536_000),
    debug: boolean(env, 'DEBUG'),
    graphqlPath,
    graphiql: (env['GRAPHIQL'] ?? '') === '' ? env['NODE_ENV'] !== 'production' : boolean(env, 'GRAPHIQL'),
    adminPath,
    graphqlMaxFileSize: integer(env, 'GRAPHQL_MAX_FILE_SIZE', 50 * 1024 * 1024, 1, Number.MAX_SAFE_INTEGER),
    graphqlMaxFiles: integer(env, 'GRAPHQL_MAX_FILES', 20, 1, 10_000),
    graphqlQueryLimits: {
      authenticated: queryLimits(env, 'GRAPHQL_', DEFAULT_AUTHENTICATED_QUERY_LIMITS),
      anonymous: queryLimits(env, 'GRAPHQL_ANONYMOUS_', DEFAULT_ANONYMOUS_QUERY_LIMITS),
    },
    jwtSecret,
    jwtTtlSeconds: integer(env, 'JWT_TTL', 3600, 60, 31_536_000),
    cacheTtlMs: integer(env, 'CACHE_TTL_MS', FALLBACK_CACHE_TTL_MS, 0, 3_600_000),
    restOutputCacheMiB: integer(env, 'REST_OUTPUT_CACHE_MIB', 32, 0, 4096),
    events: {
      retentionHours: integer(env, 'EVENT_RETENTION_HOURS', 168, 1, 87_600),
      heartbeatSeconds: integer(env, 'EVENTS_HEARTBEAT_SECONDS', 15, 1, 3600),
    },
    loginMaxFailures: integer(env, 'LOGIN_MAX_FAILURES', DEFAULT_LOGIN_MAX_FAILURES, 0, 1_000_000),
    loginMaxFailuresPerAddress: integer(env, 'LOGIN_MAX_FAILURES_PER_ADDRESS', DEFAULT_LOGIN_MAX_FAILURES_PER_ADDRESS, 1, 1_000_000),
    loginWindowSeconds: integer(env, 'LOGIN_WINDOW_SECONDS', DEFAULT_LOGIN_WINDOW_SECONDS, 1, 31_536_000),
    loginBlockSeconds: integer(env, 'LOGIN_BLOCK_SECONDS', DEFAULT_LOGIN_BLOCK_SECONDS, 1, 31_536_000),
    cors: corsConfig(env),
    webhooks: loadWebhookConfig(env, (message) => new ConfigError(message)),
    hstsMaxAgeSeconds: integer(env, 'HSTS_MAX_AGE', 0, 0, 63_072_000),
    trustProxy: trustProxy(env),
    httpCache: httpCacheOptions(env),
    imageVariations: imageVariations(env),
    ...httpTimeouts(env),
    logFormat: logFormat(env),
    metrics: metricsConfig(env),
  };
}

/** `LOG_FORMAT`: `json` (default) or `pretty`, case-insensitive. */
function logFormat(env: NodeJS.ProcessEnv): LogFormat {
  const raw = env['LOG_FORMAT'] ?? '';
  const value = raw.trim().toLowerCase();
  if (value === '' || value === 'json') return 'json';
  if (value === 'pretty') return 'pretty';
  throw new ConfigError(`LOG_FORMAT must be 'json' (one JSON object per line) or 'pretty' (for a terminal), got '${raw}'`);
}

/** Shortest `METRICS_TOKEN` accepted, in characters. */
const MIN_METRICS_TOKEN_LENGTH = 16;

/** `METRICS` (default: on when `METRICS_TOKEN` is set) and `METRICS_TOKEN` (at least 16 characters). */
function metricsConfig(env: NodeJS.ProcessEnv): ServerConfig['metrics'] {
  const token = env['METRICS_TOKEN'] || undefined;
  if (token !== undefined && (token.length < MIN_METRICS_TOKEN_LENGTH || /\s/.test(token))) {
    throw new ConfigError(`METRICS_TOKEN must be at least ${MIN_METRICS_TOKEN_LENGTH} characters without spaces`);
  }
  const enabled = (env['METRICS'] ?? '') === '' ? token !== undefined : boolean(env, 'METRICS');
  return { enabled, token };
}

/** The environment file read when `ENV_FILE` does not name another: `.env` in the working directory. */
export const DEFAULT_ENV_FILE = '.env';

/**
 * Reads settings from an environment file into `env` (default `process.env`) before {@link loadConfig} reads them:
 * the file `ENV_FILE` names, else `.env` in the working directory. Lines are `NAME=value` as dotenv and Node's
 * `--env-file` read them (`#` comments, optional `export `, single, double or back quotes; double-quoted values
 * expand `\n`). A variable already set in the real environment wins over the file. A missing `.env` is no error; a
 * missing `ENV_FILE` is. Answers the path read (absolute), or null when there was none. Used by the server and the
 * command line alike.
 * @throws ConfigError when the file `ENV_FILE` names cannot be read.
 */
export function loadEnvironment(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): string | null {
  const named = env['ENV_FILE'] || undefined;
  const path = resolve(cwd, named ?? DEFAULT_ENV_FILE);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (named === undefined && (error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new ConfigError(`ENV_FILE: cannot read '${path}': ${(error as Error).message}`);
  }
  for (const [name, value] of Object.entries(parseEnv(text))) {
    if (env[name] === undefined) env[name] = value;
  }
  return path;
}

/**
 * `ADMIN_PATH`: the content browser's path (default `/admin`), or undefined for `false`/`off` (any case).
 * @throws ConfigError for a path that is not `/name[/name…]`, or one under the REST prefix `/api`.
 */
function adminPathOf(env: NodeJS.ProcessEnv): string | undefined {
  const raw = (env['ADMIN_PATH'] || '/admin').trim();
  if (/^(false|off)$/i.test(raw)) return undefined;
  const path = raw.replace(/\/+$/, '');
  if (!/^(\/[A-Za-z0-9._~-]+)+$/.test(path)) throw new ConfigError(`ADMIN_PATH must look like /admin (or be false or off), got '${raw}'`);
  if (path === '/api' || path.startsWith('/api/')) throw new ConfigError(`ADMIN_PATH must not be below /api (the REST API's), got '${raw}'`);
  return path;
}

/**
 * `IMAGE_VARIATIONS`: a JSON object of variation definitions merged over Ibexa's built-in ones.
 * @throws ConfigError for invalid JSON or definitions.
 */
function imageVariations(env: NodeJS.ProcessEnv): ImageVariationDefinitions {
  const raw = env['IMAGE_VARIATIONS'];
  if (raw === undefined || raw.trim() === '') return DEFAULT_IMAGE_VARIATION_DEFINITIONS;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ConfigError('IMAGE_VARIATIONS must be a JSON object such as {"thumb": {"reference": null, "filters": [{"name": "geometry/scaledownonly", "params": [150, 150]}]}}');
  }
  try {
    return parseImageVariationDefinitions(parsed);
  } catch (error) {
    throw new ConfigError(`IMAGE_VARIATIONS: ${error instanceof Error ? error.message : String(error)}`);
  }
}
