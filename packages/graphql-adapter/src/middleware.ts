import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { ApolloServerPluginLandingPageLocalDefault } from '@apollo/server/plugin/landingPage/default';
import { FALLBACK_CACHE_TTL_MS, type ChangeEvent, type ChangeFeed, type Repository } from '@contentrepo/core';
import type { Authentication, HttpAuth } from '@contentrepo/http-auth';
import bytes from 'bytes';
import express, { type NextFunction, type Request, type RequestHandler, type Response, type Router } from 'express';
import type { GraphQLSchema } from 'graphql';
import { builtInFieldTypeMappers, createFieldTypeMapperRegistry, type FieldTypeMapper } from './field-types/index.js';
import { apolloExpressHandler, noStorePlugin } from './http/apollo-express-handler.js';
import { authenticateRequests } from './http/authenticate.js';
import { csrfGuard, sessionCsrfPlugin } from './http/csrf.js';
import { graphqlErrorHandler } from './http/error-handler.js';
import { markTokenLimitError, parseTokenLimit, queryLimitsPlugin, resolveQueryLimits, type QueryLimits } from './http/query-limits.js';
import { multipartUploads } from './http/upload-stage.js';
import { verifyBodyEncoding, wellFormedRequests } from './http/well-formed-requests.js';
import { createContext, type GraphQLContext, type ResolverServices, type UploadMapping } from './resolvers/graphql-context.js';
import { createFormatError, fieldErrorsPlugin, httpErrorStatus, type GraphQLLogger } from './resolvers/graphql-errors.js';
import { loadSchemaModel } from './schema/model.js';
import { GeneratedSchemaGateway } from './schema/schema-gateway.js';
import type { ContentSearch } from './search/content-search.js';
import { repositorySearch } from './search/repository-search.js';
import { DEFAULT_UPLOAD_FALLBACK, DEFAULT_UPLOAD_MAPPINGS } from './uploads/mapping.js';

/** Image alias names offered as `ImageVariationIdentifier` by default (as the REST API lists them). */
export const DEFAULT_IMAGE_VARIATIONS = ['large', 'medium', 'reference', 'small', 'tiny'] as const;

/** Options of {@link createGraphQLMiddleware}. */
export interface GraphQLMiddlewareOptions {
  /** The repository (as built by `createRepository`); each request acts for its user with `forUser`. */
  readonly repository: Repository;
  /**
   * Request authentication (`createHttpAuth` from `@contentrepo/http-auth`), the same instance the REST router gets:
   * one session cache, so the same cookie works on both and a logout applies to both at once. Its token service
   * (when configured) also issues the tokens of `createToken`.
   */
  readonly auth: HttpAuth;
  /** Largest uploaded file in bytes (default 50 MiB); larger files fail with 413. */
  readonly maxFileSize?: number;
  /** Most files in one multipart request (default 20); more fail with 413. */
  readonly maxFiles?: number;
  /** Largest JSON request body (bytes or a size string; default `1mb`); larger → 413, and the connection is closed. */
  readonly bodyLimit?: string | number;
  /** `ImageVariationIdentifier` values (default: the repository's image variations, by default large, medium, reference, small, tiny). */
  readonly imageVariations?: readonly string[];
  /** Search for the typed lists and sorted children (default: core's SearchService, `repositorySearch`). */
  readonly search?: ContentSearch;
  /**
   * Announcements of committed changes from every server node (the persistence's change feed). With it, the
   * schema is regenerated as soon as a content type, content type group or language change is announced, and
   * `schemaCheckIntervalMs` is only a fallback for a missed announcement.
   */
  readonly changes?: ChangeFeed;
  /**
   * How often the content types are checked for changes, in milliseconds (0 = every request). Default 1000; with
   * `changes`, `FALLBACK_CACHE_TTL_MS` (60 s).
   */
  readonly schemaCheckIntervalMs?: number;
  /** Languages field values are shown in by priority (default: the repository's languages at start). */
  readonly languages?: readonly string[];
  /** Root of the content tree lists are restricted to (default 1: everything). */
  readonly treeRootLocationId?: number;
  /** `uploadFiles` MIME type mapping (default: Ibexa's multi-file upload mapping) and its fallback. */
  readonly uploadMappings?: readonly UploadMapping[];
  readonly uploadFallback?: Omit<UploadMapping, 'mimeTypes'>;
  /**
   * GraphQL mappers of your own field types, added to the built-in ones (package README, "Field types"); a type
   * without one is a `String` set from a `String`. Creation fails for a mapper of a type that already has one.
   */
  readonly fieldTypeMappers?: readonly FieldTypeMapper[];
  /**
   * Limits on each query document (package README, "Query limits"): tokens, depth, aliases, cost and directives,
   * for callers with credentials (`authenticated`) and without (`anonymous`); unset values keep the defaults
   * (`DEFAULT_AUTHENTICATED_QUERY_LIMITS`, `DEFAULT_ANONYMOUS_QUERY_LIMITS`). A document over a limit is refused
   * with HTTP 400 before any resolver runs. Creation fails with a RangeError for a value that is not a positive
   * integer.
   */
  readonly queryLimits?: { readonly authenticated?: Partial<QueryLimits>; readonly anonymous?: Partial<QueryLimits> };
  readonly logger?: GraphQLLogger;
  /** Show internal error details in responses and enable the Apollo Sandbox landing page (never in production). */
  readonly debug?: boolean;
}

/** The mountable GraphQL endpoint, with control over its generated schema. */
export interface GraphQLMiddleware extends Router {
  /** Checks the content types now and rebuilds the schema if they changed; resolves whether it did. */
  refreshSchema(): Promise<boolean>;
  /** The schema currently served. */
  currentSchema(): GraphQLSchema;
  /** Stops the Apollo server (pending requests finish). */
  stop(): Promise<void>;
}

/**
 * Creates the GraphQL endpoint (Ibexa's GraphQL API, plus the request shapes of the client examples): an Express router
 * to mount at the GraphQL path, e.g. `app.use('/graphql', await createGraphQLMiddleware({ repository, auth }))`. The
 * schema is generated from the content types and follows them when they change; POST bodies are JSON or GraphQL
 * multipart requests (uploads); every request runs as its authenticated user (session cookie, Bearer token, Basic when
 * enabled, else anonymous).
 * @throws Error for a `bodyLimit` that is not a size.
 */
export async function createGraphQLMiddleware(options: GraphQLMiddlewareOptions): Promise<GraphQLMiddleware> {
  const { repository, auth } = options;
  const debug = options.debug ?? false;
  const logger = options.logger ?? null;
  const imageVariations = [...(options.imageVariations ?? repository.imageVariationService.variationNames)];
  const queryLimits = resolveQueryLimits(options.queryLimits);
  const fieldTypeMappers = createFieldTypeMapperRegistry([...builtInFieldTypeMappers, ...(options.fieldTypeMappers ?? [])]);
  const gateway = new GeneratedSchemaGateway({
    loadModel: () => loadSchemaModel(repository, imageVariations),
    fieldTypeMappers,
    checkIntervalMs: options.schemaCheckIntervalMs ?? (options.changes ? FALLBACK_CACHE_TTL_MS : 1000),
    warn: (message) => logger?.warn({}, message),
    onCheckError: (error) => logger?.error({ err: error }, 'Checking the content types for GraphQL schema changes failed'),
  });
  const languages =
    options.languages ??
    (await repository.sudo((sudo) => sudo.languageService.loadLanguages()))
      .filter((language) => language.enabled)
      .map((language) => language.languageCode);
  const services: ResolverServices = {
    search: options.search ?? repositorySearch,
    tokens: auth.tokens,
    login: (login, password, clientAddress) => auth.login(login, password, clientAddress),
    treeRootLocationId: options.treeRootLocationId ?? 1,
    prioritizedLanguages: languages,
    uploadMappings: options.uploadMappings ?? DEFAULT_UPLOAD_MAPPINGS,
    uploadFallback: options.uploadFallback ?? DEFAULT_UPLOAD_FALLBACK,
    logger,
  };
  const formatError = createFormatError(debug, logger);
  const server = new ApolloServer<GraphQLContext>({
    gateway,
    csrfPrevention: false,
    // The embedding app owns the process: no signal handlers of Apollo's own (call `stop()` when shutting down).
    stopOnTerminationSignals: false,
    introspection: true,
    includeStacktraceInErrorResponses: debug,
    formatError: (formatted, error) => formatError(markTokenLimitError(formatted), error),
    // Counted while parsing: a document past the larger token limit is refused before its syntax tree is built.
    parseOptions: { maxTokens: parseTokenLimit(queryLimits) },
    plugins: [
      queryLimitsPlugin<GraphQLContext>(queryLimits, (context) => context.userId === repository.anonymousUserId),
      fieldErrorsPlugin<GraphQLContext>(),
      sessionCsrfPlugin<GraphQLContext>(auth, (context) => context.session),
      // The generated schema has no cache hints: `no-store` on every answer, without a hook on every resolved field.
      ApolloServerPluginCacheControlDisabled(),
      noStorePlugin<GraphQLContext>(),
      debug ? ApolloServerPluginLandingPageLocalDefault({ embed: true, footer: false }) : ApolloServerPluginLandingPageDisabled(),
    ],
  });
  await server.start();
  const unsubscribe = options.changes?.subscribe((event) => {
    if (!changesSchema(event)) return;
    gateway.invalidate();
    // After every listener of this event has run (the repository's caches drop the change first), regenerate
    // now rather than on the next request; a failure is reported by the gateway, and the next request retries.
    queueMicrotask(() => {
      gateway.ensureFresh().catch((error: unknown) => logger?.error({ err: error }, 'Regenerating the GraphQL schema failed'));
    });
  });

  const authentications = new WeakMap<Request, Authentication>();
  const router = express.Router();
  router.all(
    '/',
    csrfGuard(auth),
    authenticateRequests(auth, authentications),
    multipartUploads({ maxFileSize: options.maxFileSize ?? 50 * 1024 * 1024, maxFiles: options.maxFiles ?? 20 }),
    jsonBody(options.bodyLimit ?? '1mb'),
    (req, _res, next) => {
      // Apollo's Express integration needs `req.body` to exist (Express 5 leaves it unset for bodiless requests).
      if (!('body' in req) || req.body === undefined) req.body = {};
      next();
    },
    wellFormedRequests(),
    apolloExpressHandler(server, async ({ req }) => {
      await gateway.ensureFresh();
      const authentication = authentications.get(req);
      return createContext(repository, authentication?.userId ?? repository.anonymousUserId, services, fieldTypeMappers, authentication?.session ?? null, req.ip ?? null);
    }),
  );
  router.use(graphqlErrorHandler(logger));
  return Object.assign(router, {
    refreshSchema: () => gateway.refresh(),
    currentSchema: () => gateway.schema,
    stop: () => {
      unsubscribe?.();
      return server.stop();
    },
  });
}

/**
 * Express's JSON body parser with `limit`, answering 413 (`request entity too large`) at once, without reading the
 * body, when `Content-Length` announces more than the limit; after any 413 the connection is closed. Bytes that are
 * not valid UTF-8 answer 400 instead of being decoded leniently (see {@link verifyBodyEncoding}).
 * @throws Error for a `limit` that is not a size (Express would then read bodies without any limit).
 */
function jsonBody(limit: string | number): RequestHandler {
  const limitBytes = typeof limit === 'number' ? limit : bytes.parse(limit);
  if (limitBytes === null || !Number.isFinite(limitBytes) || limitBytes < 0) throw new Error(`bodyLimit must be a size like 1mb or a number of bytes, got '${String(limit)}'`);
  const parse = express.json({ limit: limitBytes, verify: verifyBodyEncoding });
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.is('application/json') && Number(req.headers['content-length']) > limitBytes) {
      res.set('Connection', 'close');
      return next(Object.assign(new Error('request entity too large'), { status: 413, expose: true, type: 'entity.too.large' }));
    }
    parse(req, res, (error?: unknown) => {
      if (httpErrorStatus(error) === 413) res.set('Connection', 'close');
      next(error);
    });
  };
}

/** Whether an announced change may change the generated schema (content types, their groups, languages). */
function changesSchema(event: ChangeEvent): boolean {
  switch (event.kind) {
    case 'flush':
    case 'contentType':
    case 'contentTypeGroup':
    case 'language':
      return true;
    default:
      return false;
  }
}
