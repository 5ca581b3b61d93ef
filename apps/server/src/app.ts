import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  addMissingLanguages,
  createDefaultFieldTypeRegistry,
  createRepository,
  installCleanRepository,
  type BinaryStorage,
  type FieldTypeRegistry,
  type PasswordHasher,
  type PersistenceHandler,
  type Repository,
} from '@contentrepo/core';
import { createHttpAuth, createLoginThrottle, type LoginThrottle } from '@contentrepo/http-auth';
import { createPersistence, type ChangeRelay, type EventReader, type Persistence } from '@contentrepo/persistence';
import { createRestRouter, EVENT_STREAM_ROUTE } from '@contentrepo/rest-adapter';
import express, { type Express, type Request, type Response } from 'express';
import type { Logger } from 'pino';
import type { ServerConfig } from './server-config.js';
import { corsMiddleware, finalErrorHandler, methodNotAllowed, notFound, securityHeaders, sendJsonError } from './http-policy.js';
import { lazyHandler } from './lazy-handler.js';
import { createScryptPasswordHasher } from './password-hasher.js';
import { readinessHandler } from './readiness.js';
import { requestLog } from './request-log.js';
import { recordRequestUser } from './request-context.js';
import { createLogger } from './logging.js';
import type { ServerMetrics } from './metrics.js';
import { createSharpImageProcessor } from './sharp-image-processor.js';
import { WebhookDispatcher } from './webhooks/dispatcher.js';
import { createTokenService } from './tokens.js';
import { graphiqlPage } from './web/graphiql-page.js';
import { landingPage } from './web/root-landing-page.js';
import { createLoginCsrf } from './web/form-login-csrf.js';
import { loginPages } from './web/form-login-pages.js';
import { loadWebAssets, readServerVersion, WEB_ASSETS_PATH } from './web/server-page-assets.js';
import { createAdminApp } from './web/admin-app.js';
import { createEventStream } from './event-stream.js';
import { mountRestReference, REST_REFERENCE_VIEWER } from './web/rest-reference.js';

/** REST path prefix below the base path, as in Ibexa 4.x and 5.x. */
export const REST_PREFIX = '/api/ibexa/v2';

/** A composed server, ready to be mounted or listened on. */
export interface App {
  /** The Express application (no `listen` yet). */
  readonly express: Express;
  /** The repository, acting as the anonymous user (`forUser` for others). */
  readonly repository: Repository;
  /** Whether this start seeded the clean-install data (first start). */
  readonly installed: boolean;
  /** Which database backs it. */
  readonly driver: 'sqlite' | 'postgresql';
  /** The persistence SPI under the repository, for trusted tools only (the search benchmark's bulk seeding). */
  readonly persistence: PersistenceHandler;
  /**
   * This node's webhook dispatcher (null with `WEBHOOKS=off`): `wake()` it when events have been numbered, so that
   * they go out at once rather than at the next poll.
   */
  readonly webhooks: WebhookDispatcher | null;
  /**
   * The domain events of every node, in their published order (see the README's "Events"): `subscribe(listener,
   * { after })` delivers each event after commit, at least once, resumable by `seq`; `read(afterSeq, limit)`;
   * `lastSeq()`; `onPublished(listener)` wakes a reader whenever events were numbered; `depth()` for monitoring.
   */
  readonly events: EventReader;
  /**
   * Ends the open event streams (`GET …/events`), whose clients reconnect elsewhere with their last event id: call
   * it before closing the HTTP server, which otherwise waits for them. `close()` does it too.
   */
  closeStreams(): void;
  /** Ends the event streams, stops the GraphQL server and closes the database connections. */
  close(): Promise<void>;
}

/** Options that are not configuration: injected collaborators. */
export interface AppOptions {
  /** Defaults to the server logger at `config.logLevel` in `config.logFormat` (see logging.ts). */
  readonly logger?: Logger;
  /**
   * An open persistence to build on instead of opening the one `config` describes (e.g. a test running two nodes
   * on one database schema in one process). It is migrated and seeded like an own one, and closed by `close()`.
   */
  readonly store?: Persistence;
  /**
   * Failed-login throttling to use instead of the one `config` describes (e.g. `createLoginThrottle` over
   * limiters of your own, such as rate-limiter-flexible's `RateLimiterRedis`); null disables throttling.
   */
  readonly loginThrottle?: LoginThrottle | null;
  /**
   * Set when this app is one worker of a Node `cluster` (`WORKERS` > 1): on SQLite, `changeRelay` carries the change
   * feed to and from the other workers, and the failed-login counters are kept by the primary (which called
   * `serveLoginThrottleToWorkers`). On PostgreSQL both already go through the database.
   */
  readonly clusterWorker?: { readonly changeRelay: ChangeRelay };
}

/** What {@link prepareStore} did. */
export interface PreparedStore {
  readonly installed: boolean;
  readonly addedLanguages: Awaited<ReturnType<typeof addMissingLanguages>>;
  readonly loginThrottle: LoginThrottle | null;
}

/**
 * The composition root: migrates the database, seeds the clean-install data on first start and adds the languages of
 * `LANGUAGES` the repository lacks on every start (logging them) — all under the database's start lock, so that nodes starting together on one database migrate and seed once — builds the
 * repository and mounts the REST API at `<basePath>/api/ibexa/v2`, the GraphQL API at `<basePath><graphqlPath>`
 * (default `/graphql`) and stored files at `<basePath>/var/site/storage`. Every response carries the security headers
 * and, when configured, the CORS headers (see http-policy.ts); any other path or method answers a small JSON error
 * (`{"error":{"code":404,"message":"Not Found"}}`, 405 with `Allow`), as does an error no API handled. Request authentication is built once
 * and given to both APIs: one session cache, the same cookies and JWTs, and a logout on one is at once a logout on
 * the other. Failed logins (session login, Basic, GraphQL `createToken`) are throttled per login name and client
 * address with counters in the database on PostgreSQL (shared by every node) or in memory on SQLite (in the primary when this is a cluster worker). The
 * persistence's change feed is given to the repository, the authentication and GraphQL, whose
 * caches drop what any node changed as soon as it is announced (`cacheTtlMs` is their fallback lifetime). The
 * server's own web pages (see web/): the landing page at `<basePath>/`, the login form (`/login`, `/login_check`,
 * `/logout`) on the REST sessions, and GraphiQL for browsers at the GraphQL path (`graphiql`), with their files at
 * `<basePath>/web-assets/`. Every request gets an id carried by each log line logged while it is served (see
 * request-log.ts); with `METRICS` on, `<basePath>/metrics` serves the Prometheus metrics (see metrics.ts). Plain typed
 * wiring, no container. Does not listen (see `main.ts`).
 */
export async function createApp(config: ServerConfig, options: AppOptions = {}): Promise<App> {
  const logger = options.logger ?? (await createLogger({ level: config.logLevel, format: config.logFormat }));
  const storageUriPrefix = `${config.basePath}/var/site/storage`;
  const fieldTypes = createDefaultFieldTypeRegistry();
  const metrics = config.metrics.enabled ? await configuredMetrics(options) : null;
  const store = options.store ?? (await openStore(config, logger, fieldTypes, options.clusterWorker?.changeRelay, metrics));
  try {
    const passwordHasher = createScryptPasswordHasher();
    const { installed, addedLanguages, loginThrottle } = await prepareStore(config, store, options, fieldTypes, passwordHasher);
    logPrepared(logger, config, installed, addedLanguages);
    const changes = store.changes;
    const ttl = config.cacheTtlMs;
    const repository = buildRepository(config, store, fieldTypes, passwordHasher, logger);

    const auth = createHttpAuth({
      repository,
      sessions: store.sessions,
      tokens: createTokenService(config, logger),
      basicAuth: config.basicAuth,
      sessionTtlSeconds: config.sessionTtlSeconds,
      changes,
      sessionCacheTtlMs: ttl,
      basicCacheTtlMs: ttl,
      ...(loginThrottle ? { loginThrottle } : {}),
      logger,
      onAuthenticated: recordRequestUser,
    });
    // Built on the first GraphQL request (graphql-js, Apollo and the generated schema are not loaded before).
    const graphql = lazyHandler(async () => {
      const { createGraphQLMiddleware } = await import('@contentrepo/graphql-adapter');
      const middleware = await createGraphQLMiddleware({
        repository,
        auth,
        changes,
        schemaCheckIntervalMs: ttl,
        maxFileSize: config.graphqlMaxFileSize,
        maxFiles: config.graphqlMaxFiles,
        queryLimits: config.graphqlQueryLimits,
        bodyLimit: config.graphqlBodyLimit,
        debug: config.debug,
        logger,
      });
      return { handle: middleware, stop: () => middleware.stop() };
    });

    const { basePath } = config;
    const graphqlUrl = `${basePath}${config.graphqlPath}`;
    const webAssets = await loadWebAssets(basePath);
    const pageAssets = { stylesheet: webAssets.url('pages.css') ?? `${basePath}${WEB_ASSETS_PATH}/pages.css` };
    if (config.graphiql && webAssets.url('graphiql.js') === null) logger.warn('GRAPHIQL is on but its files are not built (run the build): the GraphQL path answers browsers 503');

    const app = express();
    app.disable('x-powered-by');
    app.set('trust proxy', config.trustProxy);
    const adminUrl = config.adminPath === undefined ? null : `${basePath}${config.adminPath}`;
    app.use(requestLog(logger, { observe: metrics?.observeRequest, mounts: [`${basePath}${REST_PREFIX}`, graphqlUrl, `${basePath}${WEB_ASSETS_PATH}`, ...(adminUrl === null ? [] : [adminUrl])] }));
    app.use(
      securityHeaders({
        hstsMaxAgeSeconds: config.hstsMaxAgeSeconds,
        landingPagePath: config.debug && !config.graphiql ? graphqlUrl : undefined,
        storagePrefix: storageUriPrefix,
        // The server's own web pages (each feature adds its path here).
        pagePaths: [
          `${basePath}/`,
          `${basePath}/login`,
          `${basePath}/login_check`,
          `${basePath}/logout`,
          ...(config.graphiql ? [graphqlUrl] : []),
          ...(config.adminPath === undefined ? [] : [`${config.basePath}${config.adminPath}`]),
          ...(config.restReference ? [`${config.basePath}${REST_PREFIX}${REST_REFERENCE_VIEWER}`] : []),
        ],
      }),
    );
    if (config.cors) app.use(corsMiddleware(config.cors));
    // Domain events: the relay's periodic sweep, and the Server-Sent Events stream (a REST extension route).
    store.events.start();
    const eventStream = createEventStream({ events: store.events, auth, repository, heartbeatMs: config.events.heartbeatSeconds * 1000, debug: config.debug, logger });
    app.get(`${config.basePath}${REST_PREFIX}${EVENT_STREAM_ROUTE.path}`, eventStream.handler);
    app.all(`${config.basePath}${REST_PREFIX}${EVENT_STREAM_ROUTE.path}`, methodNotAllowed(['GET', 'HEAD']));
    // The REST reference documents the routes above with the router's (a test checks that it names every one).
    if (config.restReference) mountRestReference(app, { restPath: `${config.basePath}${REST_PREFIX}`, sessionCookieName: auth.cookieName, basicAuth: config.basicAuth, besideRouter: [EVENT_STREAM_ROUTE] });
    const restRouter = createRestRouter({
      repository,
      auth,
      bodyLimit: config.bodyLimit,
      httpCache: config.httpCache,
      changes,
      contentOutputBytes: config.restOutputCacheMiB * 1024 * 1024,
      debug: config.debug,
      logger,
      webhooks: store.webhooks,
    });
    app.use(`${config.basePath}${REST_PREFIX}`, restRouter);
    if (metrics) {
      metrics.addCache('rest_content_output', restRouter.contentOutputStats);
      metrics.setOutbox(() => store.outboxDepth());
      app.get(`${basePath}/metrics`, metrics.handler(config.metrics.token));
      app.all(`${basePath}/metrics`, methodNotAllowed(['GET', 'HEAD']));
    }
    if (config.graphiql) app.get(graphqlUrl, graphiqlPage({ auth, repository, assets: pageAssets, webAssets, basePath, endpoint: graphqlUrl, restPath: `${basePath}${REST_PREFIX}` }));
    app.use(`${config.basePath}${config.graphqlPath}`, graphql.handle);
    if (config.adminPath !== undefined) app.use(`${config.basePath}${config.adminPath}`, createAdminApp({ path: `${config.basePath}${config.adminPath}`, restRoot: `${config.basePath}${REST_PREFIX}`, logger }));
    app.get(`${storageUriPrefix}/*path`, (req, res, next) => {
      serveStoredFile(store.storage, req, res, logger).catch(next);
    });
    app.all(`${storageUriPrefix}/*path`, methodNotAllowed(['GET', 'HEAD']));
    app.get(`${config.basePath}/healthz`, (_req, res) => {
      res.json({ status: 'ok', driver: store.driver });
    });
    app.all(`${config.basePath}/healthz`, methodNotAllowed(['GET', 'HEAD']));
    app.get(`${config.basePath}/readyz`, readinessHandler(store, logger));
    app.all(`${config.basePath}/readyz`, methodNotAllowed(['GET', 'HEAD']));
    app.use(`${basePath}${WEB_ASSETS_PATH}/fonts`, webAssets.fonts);
    app.get(`${basePath}${WEB_ASSETS_PATH}/:name`, webAssets.handler);
    app.get(
      `${basePath}/`,
      landingPage({
        auth,
        repository,
        assets: pageAssets,
        basePath,
        version: await readServerVersion(),
        restPath: `${basePath}${REST_PREFIX}`,
        restReferencePath: `${basePath}${REST_PREFIX}/docs/`,
        graphqlPath: graphqlUrl,
        graphiql: config.graphiql,
        adminPath: config.adminPath === undefined ? null : `${basePath}${config.adminPath}/`,
      }),
    );
    app.use(basePath || '/', loginPages({ auth, repository, csrf: createLoginCsrf(config.jwtSecret), assets: pageAssets, basePath }));
    app.use(notFound);
    app.use(finalErrorHandler(logger));

    const webhooks = config.webhooks.enabled ? new WebhookDispatcher({ store: store.webhooks, config: config.webhooks, logger }) : null;
    webhooks?.start();
    // Numbered events (on any node, on PostgreSQL) go out at once instead of at the dispatcher's next poll.
    const stopWaking = webhooks === null ? () => undefined : store.events.onPublished(() => webhooks.wake());
    const close = async (): Promise<void> => {
      eventStream.closeAll();
      stopWaking();
      await webhooks?.stop();
      await graphql.stop();
      await store.close();
    };
    return {
      express: app,
      repository,
      installed,
      driver: store.driver,
      persistence: store.persistence,
      webhooks,
      events: store.events,
      closeStreams: () => eventStream.closeAll(),
      close,
    };
  } catch (error) {
    await store.close();
    throw error;
  }
}

/**
 * The repository over an open store, configured as the server configures it (caches following the store's change
 * feed, image variations): the server's and the command line's one way to build it.
 */
export function buildRepository(config: ServerConfig, store: Persistence, fieldTypes: FieldTypeRegistry, passwordHasher: PasswordHasher, logger: Logger): Repository {
  return createRepository({
    persistence: store.persistence,
    storage: store.storage,
    passwordHasher,
    fieldTypes,
    changes: store.changes,
    permissionCacheTtlMs: config.cacheTtlMs,
    referenceCacheTtlMs: config.cacheTtlMs,
    imageProcessor: createSharpImageProcessor(),
    imageVariations: config.imageVariations,
    logger,
  });
}

/**
 * The metrics of this app: its own, or in a cluster worker, shared with the primary that aggregates every worker's.
 * prom-client is loaded only then: a start with metrics off never loads it.
 */
async function configuredMetrics(options: AppOptions): Promise<ServerMetrics> {
  const { clusterMetricsText, createServerMetrics, shareWorkerRegistry } = await import('./metrics.js');
  if (options.clusterWorker === undefined) return createServerMetrics();
  const metrics = createServerMetrics({ aggregate: clusterMetricsText });
  shareWorkerRegistry(metrics.registry);
  return metrics;
}

/** Opens the persistence `config` describes, unmigrated (see {@link prepareStore}). */
export function openStore(config: ServerConfig, logger: Logger, fieldTypes: FieldTypeRegistry, changeRelay?: ChangeRelay, metrics?: ServerMetrics | null): Promise<Persistence> {
  return createPersistence({
    fieldTypes,
    databaseUrl: config.databaseUrl,
    schema: config.databaseSchema,
    dataDir: config.dataDir,
    sqliteCacheMiB: config.sqliteCacheMiB,
    sqliteMmapMiB: config.sqliteMmapMiB,
    storage: config.storage,
    storageUriPrefix: `${config.basePath}/var/site/storage`,
    migrate: false,
    changeRelay,
    events: { retentionMs: config.events.retentionHours * 3_600_000 },
    logger: (message: string) => logger.debug({ component: 'orm' }, message),
    warn: (message: string, error?: unknown) => logger.warn({ component: 'persistence', err: error }, message),
    driverLog: (level, message) => logger[level]({ component: 'database' }, message),
    ...(metrics ? { onQuery: metrics.onQuery } : {}),
  });
}

/**
 * Under the database's start lock: migrates, builds the login throttling (on PostgreSQL this creates the shared
 * counter table once), seeds the clean-install data when the repository is empty and adds the languages of
 * `LANGUAGES` it lacks. Idempotent: a later start (or another worker) finds nothing to do.
 */
export async function prepareStore(
  config: ServerConfig,
  store: Persistence,
  options: Pick<AppOptions, 'loginThrottle' | 'clusterWorker'>,
  fieldTypes: FieldTypeRegistry,
  passwordHasher: PasswordHasher,
): Promise<PreparedStore> {
  return store.withStartLock(async () => {
    await store.migrate();
    const loginThrottle =
      options.loginThrottle !== undefined ? options.loginThrottle : await configuredLoginThrottle(config, store, options.clusterWorker !== undefined);
    const installed = await installCleanRepository({
      persistence: store.persistence,
      seedImporter: store.seedImporter,
      fieldTypes,
      passwordHasher,
      adminPassword: config.adminPassword,
      languages: config.languages,
    });
    // Languages added to LANGUAGES since the first start: added, never removed.
    return { installed, addedLanguages: await addMissingLanguages(store.persistence, config.languages), loginThrottle };
  });
}

function logPrepared(logger: Logger, config: ServerConfig, installed: boolean, addedLanguages: PreparedStore['addedLanguages']): void {
  if (installed) logger.info({ languages: config.languages }, 'Installed the clean repository (admin user: admin)');
  if (addedLanguages.length > 0) {
    logger.info(
      { languages: addedLanguages.map(({ id, languageCode, name }) => ({ id, languageCode, name })) },
      `Added the languages ${addedLanguages.map((language) => language.languageCode).join(', ')} from LANGUAGES`,
    );
  }
}

/**
 * Prepares the database `config` describes for the workers of a cluster, in the primary before it forks them:
 * opens it, migrates, seeds the clean-install data on the first start and adds missing languages (all under the
 * start lock, logged as `createApp` logs them), then closes it. The workers' own `createApp` then finds nothing to
 * do. Answers the database driver.
 * @throws what opening, migrating or seeding throws.
 */
export async function prepareDatabase(config: ServerConfig, logger: Logger): Promise<'sqlite' | 'postgresql'> {
  const fieldTypes = createDefaultFieldTypeRegistry();
  const store = await openStore(config, logger, fieldTypes);
  try {
    const { installed, addedLanguages } = await prepareStore(config, store, { loginThrottle: null }, fieldTypes, createScryptPasswordHasher());
    logPrepared(logger, config, installed, addedLanguages);
    return store.driver;
  } finally {
    await store.close();
  }
}

/**
 * The login throttling `config` asks for (`LOGIN_*`): none when `loginMaxFailures` is 0; on PostgreSQL counters in
 * the table `login_throttle` of the store's schema, shared by every node; on SQLite in memory — of this process, or
 * of the cluster's primary for a worker (`inCluster`), shared by all workers.
 */
function configuredLoginThrottle(config: ServerConfig, store: Persistence, inCluster: boolean): Promise<LoginThrottle> | null {
  if (config.loginMaxFailures === 0) return null;
  return createLoginThrottle({
    maxFailures: config.loginMaxFailures,
    maxFailuresPerAddress: config.loginMaxFailuresPerAddress,
    windowSeconds: config.loginWindowSeconds,
    blockSeconds: config.loginBlockSeconds,
    store: store.driver === 'postgresql' ? { kind: 'postgres', client: store.knex, clientType: 'knex' } : { kind: inCluster ? 'cluster' : 'memory' },
  });
}

/**
 * Serves a stored file (image or binary file) at the `uri` the APIs give, read through the BinaryStorage port: with
 * `STORAGE=database` (or a shared folder) any node serves a file stored through another. 404 (the JSON error) when absent; the
 * content type follows the key's extension. HEAD answers the headers without reading the file. A read failing
 * mid-way (the file deleted meanwhile) is logged and cuts the response, whose Content-Length then tells the client
 * the body is incomplete; a client going away just stops the read.
 */
async function serveStoredFile(storage: BinaryStorage, req: Request, res: Response, logger: Logger): Promise<void> {
  const key = storage.keyOf(req.path);
  const file = key === null ? null : await storage.get(key);
  if (!file || key === null) {
    sendJsonError(res, 404);
    return;
  }
  const dot = key.lastIndexOf('.');
  res.status(200).type(dot > key.lastIndexOf('/') ? key.slice(dot) : 'application/octet-stream').set('Content-Length', String(file.size));
  res.set('Cache-Control', 'public, max-age=31536000, immutable');
  if (req.method === 'HEAD') {
    await file.stream[Symbol.asyncIterator]().return?.();
    res.end();
    return;
  }
  try {
    await pipeline(Readable.from(file.stream), res);
  } catch (error) {
    if (typeof error === 'object' && error !== null && 'code' in error && error.code === 'ERR_STREAM_PREMATURE_CLOSE') return;
    logger.error({ err: error, key }, 'Reading a stored file failed');
    res.destroy();
  }
}
