import { FALLBACK_CACHE_TTL_MS, PreconditionFailedError, type ChangeFeed, type Repository, type WebhookStore } from '@contentrepo/core';
import { LoginThrottledError, LoginThrottleUnavailableError, type HttpAuth } from '@contentrepo/http-auth';
import bytes from 'bytes';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { errorResponse } from './error-response.js';
import { ContentOutputCache, type RenderedBody } from './http/content-output-cache.js';
import {
  bodyDigest,
  formatEntityTag,
  ifMatchHolds,
  ifNoneMatchMatches,
  parseTagCondition,
  revisionsNamed,
  type TagCondition,
} from './http/entity-tags.js';
import {
  CACHE_VARY,
  httpCachePolicy,
  NO_STORE,
  PRIVATE_REVALIDATE,
  TAG_HEADER,
  tagHeaderValue,
  type HttpCacheOptions,
  type HttpCachePolicy,
} from './http/http-cache-headers.js';
import type { AggregateOf, RestContext, RestHandler, RestResult } from './http/rest-context.js';
import {
  BadRequestError,
  MethodNotAllowedError,
  PayloadTooLargeError,
  RestNotFoundError,
} from './http/rest-errors.js';
import {
  mediaType,
  negotiateOutput,
  parseInputType,
  unknownContentTypeMessage,
  type OutputNegotiation,
  type WireFormat,
} from './http/media-types.js';
import { RouteTable } from './http/route-table.js';
import { createFieldTypeProcessorRegistry, type FieldTypeProcessor } from './field-types/index.js';
import { decodeBody } from './input/decode-body.js';
import { assertWellFormedUrl } from './input/well-formed-input.js';
import { createHrefs, type Hrefs } from './output/hrefs.js';
import { writeJson } from './output/json-writer.js';
import { resolveDeferredNodes } from './output/node.js';
import type { ObjectNode } from './output/node.js';
import { writeXml } from './output/xml-writer.js';
import { restRoutes } from './routes/index.js';

/** Minimal logger contract (pino-compatible). */
export interface RestLogger {
  error(details: object, message: string): void;
}

/** Options of {@link createRestRouter}. */
export interface RestRouterOptions {
  /** The repository (as built by `createRepository`); the router acts for each request's user with `forUser`. */
  readonly repository: Repository;
  /**
   * Request authentication (`createHttpAuth` from `@contentrepo/http-auth`): session cookie + CSRF, Basic, Bearer,
   * `X-Expected-User`. Build it once per process and give the same instance to every adapter.
   */
  readonly auth: HttpAuth;
  /**
   * Largest accepted request body (bytes or a size string such as `50mb`; default `50mb`). Larger → 413 with an
   * ErrorMessage: at once, without reading the body, when `Content-Length` announces more; else once the body ends.
   * The connection is closed after a 413.
   */
  readonly bodyLimit?: string | number;
  /**
   * Image alias names listed as image `variations` (default: the repository's image variations, Ibexa's large,
   * medium, reference, small and tiny unless configured).
   */
  readonly imageVariations?: readonly string[];
  /**
   * REST processors of your own field types, added to the built-in ones (package README, "Field types"); a type
   * without one is output as its hash. Creation fails for a processor of a built-in type or of one that already has
   * one, and for an identifier the repository's field type registry does not know.
   */
  readonly fieldTypeProcessors?: readonly FieldTypeProcessor[];
  /**
   * HTTP caching headers (see http/http-cache-headers.ts): `Cache-Control` of successful anonymous reads
   * (`public, max-age=<maxAge>[, s-maxage=<sharedMaxAge>]`, default `public, max-age=0`) and whether they carry
   * cache tags in `xkey` (default true). Reads with credentials are always `private, no-cache`, other answers `no-store`.
   * @throws Error (at creation) for an age that is not a non-negative integer.
   */
  readonly httpCache?: HttpCacheOptions;
  /**
   * Announcements of committed changes from every node (the persistence's change feed). With it, the router keeps
   * the rendered bytes of `Content` representations it served (at most `contentOutputBytes`, each for at most
   * `FALLBACK_CACHE_TTL_MS`) and reuses them while the item's revision and what the tree shows are unchanged;
   * permission checks still run on every request. Without it nothing is kept.
   */
  readonly changes?: ChangeFeed;
  /** Most bytes of `Content` output kept with `changes`, all formats together (default {@link CONTENT_BYTES_KEPT}; 0 keeps none). */
  readonly contentOutputBytes?: number;
  /**
   * The webhook registrations (the persistence's store): with it, administrators manage webhooks under `/webhooks`
   * (routes/webhook-routes.ts); without it those routes answer 404.
   */
  readonly webhooks?: WebhookStore;
  /** Show 5xx error details and traces in ErrorMessage bodies (never in production). */
  readonly debug?: boolean;
  readonly logger?: RestLogger;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Most bytes of `Content` output a router keeps, all formats together (see {@link RestRouterOptions.changes}). */
export const CONTENT_BYTES_KEPT = 32 * 1024 * 1024;

/** The REST router, and the counts of its output cache. */
export interface RestRouter extends Router {
  /**
   * Lookups of the kept `Content` output since the router was made (see {@link RestRouterOptions.changes}): `hits`
   * reused kept bytes, `misses` rendered them. Both 0 when nothing is kept.
   */
  contentOutputStats(): { readonly hits: number; readonly misses: number };
}

/**
 * Creates the Ibexa-compatible REST API v2 router. Mount it at the REST prefix, with any subfolder before it:
 * `app.use('/api/ibexa/v2', createRestRouter({ repository, auth }))`. Hrefs in responses are built from the
 * mount path, so `/cms/api/ibexa/v2` works as well. Requests without credentials run as the anonymous user.
 * @throws Error for a `fieldTypeProcessors` entry that is refused (see {@link RestRouterOptions.fieldTypeProcessors}),
 *   or a `bodyLimit` that is not a size.
 */
export function createRestRouter(options: RestRouterOptions): RestRouter {
  const table = new RouteTable<RestHandler, AggregateOf>(restRoutes);
  const { auth } = options;
  const fieldTypeProcessors = createFieldTypeProcessorRegistry(options.fieldTypeProcessors ?? [], options.repository.fieldTypes);
  const imageVariations = [...(options.imageVariations ?? options.repository.imageVariationService.variationNames)].sort();
  const debug = options.debug ?? false;
  const cachePolicy = httpCachePolicy(options.httpCache);
  const contentOutputBytes = options.contentOutputBytes ?? CONTENT_BYTES_KEPT;
  const contentOutput =
    options.changes && contentOutputBytes > 0 ? new ContentOutputCache({ changes: options.changes, maxBytes: contentOutputBytes, ttlMs: FALLBACK_CACHE_TTL_MS }) : null;
  const router = express.Router();

  const sendError = (req: Request, res: Response, error: unknown): void => {
    const response = errorResponse(error, debug);
    if (response.unexpected) options.logger?.error({ err: error, method: req.method, url: req.originalUrl }, 'REST request failed');
    if (res.headersSent) {
      res.end();
      return;
    }
    // An error is never stored, and carries none of the headers a successful read may have set.
    res.setHeader('Cache-Control', NO_STORE);
    res.removeHeader(TAG_HEADER);
    if (error instanceof MethodNotAllowedError) res.set('Allow', error.allowed.join(', '));
    if (error instanceof LoginThrottledError || error instanceof LoginThrottleUnavailableError) res.set('Retry-After', String(error.retryAfterSeconds));
    send(res, response.status, response.root, negotiateOutput(req.get('accept')).format);
  };

  const bodyLimit = bodyLimitBytes(options.bodyLimit ?? '50mb');
  const readBody = express.raw({ type: () => true, limit: bodyLimit });
  // Bodiless requests (most reads) skip the body reader entirely.
  router.use((req: Request, res: Response, next: NextFunction) => {
    if (req.headers['transfer-encoding'] === undefined && (req.headers['content-length'] ?? '0') === '0') next();
    else if (Number(req.headers['content-length']) > bodyLimit) {
      res.set('Connection', 'close');
      sendError(req, res, new PayloadTooLargeError(BODY_TOO_LARGE));
    } else readBody(req, res, next);
  });
  router.use(async (req: Request, res: Response) => {
    try {
      await dispatch(req, res);
    } catch (error) {
      sendError(req, res, error);
    }
  });
  router.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const mapped = bodyParserError(error);
    if (mapped instanceof PayloadTooLargeError) res.set('Connection', 'close');
    sendError(req, res, mapped);
  });

  const hrefsByPrefix = new Map<string, Hrefs>();
  const negotiations = new Map<string, OutputNegotiation>();
  /** Accept headers repeat: negotiate each distinct one once (bounded). */
  const negotiate = (accept: string | undefined): OutputNegotiation => {
    const key = accept ?? '';
    let output = negotiations.get(key);
    if (!output) {
      output = negotiateOutput(accept);
      if (negotiations.size < 200) negotiations.set(key, output);
    }
    return output;
  };

  async function dispatch(req: Request, res: Response): Promise<void> {
    // Path parameters and query strings are read percent-decoded: bytes that are not UTF-8 are refused first.
    assertWellFormedUrl(req.originalUrl);
    const override = req.method === 'POST' ? req.get('x-http-method-override')?.trim().toUpperCase() : undefined;
    const method = override || req.method;
    // The origin the client addressed, as Ibexa's request-based host prefix: scheme and host (with port) from
    // X-Forwarded-Proto / X-Forwarded-Host when the app trusts the proxy that sent them, else from the connection
    // and the Host header; never the serving node's own address.
    const origin = (): string => `${req.protocol}://${req.host || 'localhost'}`;
    const url = (): string => `${origin()}${req.originalUrl}`;
    const contentTypeHeader = req.get('content-type');
    const inputTypeName = vendorInputName(contentTypeHeader);
    const match = table.match(method, req.path, inputTypeName);
    if (match.kind === 'options') {
      res.statusCode = 200;
      res.setHeader('Cache-Control', NO_STORE);
      res.setHeader('Allow', match.allowed.join(','));
      res.setHeader('Content-Length', '0');
      res.end();
      return;
    }
    if (match.kind === 'notFound') throw RestNotFoundError.route(method, url());
    if (match.kind === 'methodNotAllowed') throw MethodNotAllowedError.forRequest(method, url(), match.allowed);
    // The route pattern, not the path: what request logs and metrics label the request by (ids left out).
    res.locals['route'] = `${req.baseUrl}${match.path}`;

    const authentication = await auth.authenticateRequest(req);
    if (authentication.session && !SAFE_METHODS.has(method) && !match.csrfExempt) auth.assertCsrf(authentication.session, req.get('x-csrf-token'));
    await auth.assertExpectedUser(req.get('x-expected-user'), authentication.userId);

    const output = negotiate(req.get('accept'));
    let hrefs = hrefsByPrefix.get(req.baseUrl);
    if (!hrefs) {
      hrefs = createHrefs(req.baseUrl);
      if (hrefsByPrefix.size < 100) hrefsByPrefix.set(req.baseUrl, hrefs);
    }
    const ifMatch = ifMatchCondition(req.get('if-match'));
    let repository = options.repository.forUser({ userId: authentication.userId });
    const body: unknown = req.body;
    const queryIndex = req.originalUrl.indexOf('?');
    let query: URLSearchParams | undefined;
    const context: RestContext = {
      method,
      path: req.path,
      params: match.params,
      get query() {
        return (query ??= new URLSearchParams(queryIndex < 0 ? '' : req.originalUrl.slice(queryIndex + 1)));
      },
      header: (name) => req.get(name),
      get url() {
        return url();
      },
      output,
      hrefs,
      visit: {
        hrefs,
        fieldTypes: repository.fieldTypes,
        fieldTypeProcessors,
        imageVariations,
        get origin() {
          return origin();
        },
        loadContent: (id) => repository.contentService.loadContent(id),
      },
      get repository() {
        return repository;
      },
      userId: authentication.userId,
      session: authentication.session,
      sessionCookie: authentication.sessionCookie,
      clientAddress: req.ip ?? null,
      inputTypeName,
      auth,
      contentOutput,
      webhooks: options.webhooks ?? null,
      async input(accepted) {
        const type = parseInputType(contentTypeHeader);
        if (!accepted.includes(type.name)) throw new BadRequestError(unknownContentTypeMessage(type.media, type.version));
        const buffer = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
        return { type, data: await decodeBody(buffer, type.format) };
      },
    };
    if (ifMatch !== undefined && !SAFE_METHODS.has(method)) repository = await conditionalRepository(context, ifMatch, match.aggregate);
    const result = await match.handler(context);
    const resolved = result.kind === 'resource' ? { ...result, root: await resolveDeferredNodes(result.root) } : result;
    render(req, res, method, resolved, output.format, ifMatch, auth, {
      policy: cachePolicy,
      anonymous: authentication.via === 'anonymous',
      trees: contentOutput,
    });
  }

  return Object.assign(router, { contentOutputStats: () => contentOutput?.stats() ?? { hits: 0, misses: 0 } });
}

function vendorInputName(header: string | undefined): string | null {
  if (!header) return null;
  try {
    const name = parseInputType(header).name;
    return name === '' ? null : name;
  } catch {
    return null;
  }
}

/**
 * The `If-Match` header, parsed; undefined when absent.
 * @throws BadRequestError (400) for a value that is neither `*` nor a list of quoted entity tags: a client that
 *   meant to guard its write gets told rather than have the write go through unguarded.
 */
function ifMatchCondition(header: string | undefined): TagCondition | undefined {
  if (header === undefined) return undefined;
  const condition = parseTagCondition(header);
  if (condition === null) throw new BadRequestError(`The If-Match header '${header}' is neither '*' nor a list of quoted entity tags`);
  return condition;
}

/** Message of a 412 whose cause is the request itself (no listed tag can ever match), not a concurrent write. */
const NO_MATCHING_TAG = 'If-Match lists no strong entity tag of this resource';
/** Message of a 412 for a list of several tags of the resource, none of them current. */
const STALE_TAGS = 'The resource has changed since every entity tag If-Match lists';

/**
 * The repository an unsafe request with `If-Match` writes through (RFC 9110 §13.1.1). `*` asks only that the
 * resource exist, which the operation checks itself (404 otherwise). A tag list becomes a precondition on the
 * route's aggregate, checked and locked by the operation's first locked write, so that "unchanged since the
 * client's read" and the write are one atomic step. Several revisions of the aggregate in the list (rare) are
 * narrowed to the current one when it is among them; revisions only grow, so any other can never match again.
 * @throws PreconditionFailedError (412) at once when no listed strong tag names the aggregate (a weak tag, a tag of
 *   another resource, a path without entity tags), or none of the listed revisions is the current one.
 */
async function conditionalRepository(context: RestContext, condition: TagCondition, aggregate: AggregateOf | undefined): Promise<Repository> {
  if (condition === '*') return context.repository;
  if (!aggregate) throw new PreconditionFailedError(NO_MATCHING_TAG);
  const target = await aggregate(context);
  const revisions = revisionsNamed(condition, target);
  let [revision] = revisions;
  if (revision === undefined) throw new PreconditionFailedError(NO_MATCHING_TAG);
  if (revisions.length > 1) {
    [revision] = await context.repository.revisions([target]);
    if (revision === undefined || !revisions.includes(revision)) throw new PreconditionFailedError(STALE_TAGS);
  }
  return context.repository.withPreconditions([{ target, revision }]);
}

const BODY_TOO_LARGE = 'The request body exceeds the configured size limit';

/**
 * A body limit in bytes: a number as it is, a size string (`50mb`, `512kb`, `1024`) parsed as Express does.
 * @throws Error for a string that is not a size (Express would then read bodies without any limit).
 */
function bodyLimitBytes(limit: string | number): number {
  const parsed = typeof limit === 'number' ? limit : bytes.parse(limit);
  if (parsed === null || !Number.isFinite(parsed) || parsed < 0) throw new Error(`bodyLimit must be a size like 50mb or a number of bytes, got '${String(limit)}'`);
  return parsed;
}

function bodyParserError(error: unknown): unknown {
  if (typeof error === 'object' && error !== null && 'type' in error) {
    if (error.type === 'entity.too.large') return new PayloadTooLargeError(BODY_TOO_LARGE);
    return new BadRequestError(error instanceof Error ? error.message : 'The request body could not be read');
  }
  return error;
}

/** The caching policy of the router and whether the request runs as the anonymous user (no credentials). */
interface CachingOfRequest {
  readonly policy: HttpCachePolicy;
  readonly anonymous: boolean;
  /** Where the bytes of kept `Content` output are kept, or null. */
  readonly trees: ContentOutputCache | null;
}

/**
 * Sends a handler's result. A resource with an entity tag gets `ETag` (and `Vary: Accept`, as its bytes follow the
 * negotiated format); on GET/HEAD (`method`, the effective one) the conditional headers are evaluated against it
 * (RFC 9110 §13.2.2: `If-Match`, given parsed, first, then `If-None-Match`); unsafe methods had `If-Match` checked
 * by their write. Express's own ETag and freshness handling (`app.set('etag')`, `req.fresh`) never runs: it lives
 * in `res.send`, which this router does not use, so tags and 304s are the same in any host app. A cookie change
 * without a value deletes the cookie with `auth`'s header in Symfony's form (Ibexa 4.6).
 * Caching headers (http/http-cache-headers.ts): a 200 resource answering GET/HEAD without setting a cookie gets
 * `Cache-Control` (public with the configured ages for the anonymous user, else `private, no-cache`),
 * `Vary: Accept, Cookie, Authorization` and, when enabled, its cache tags in `xkey` — its `304` too, which
 * carries the same headers (RFC 9110 §15.4.5); any other answer (and a resource marked `noStore`) gets
 * `Cache-Control: no-store`.
 * @throws PreconditionFailedError (412) for a GET/HEAD whose `If-Match` names no current state of the resource
 *   (a resource without an entity tag matches only `*`), before anything is written to the response.
 */
function render(
  req: Request,
  res: Response,
  method: string,
  result: RestResult,
  format: WireFormat,
  ifMatchHeader: TagCondition | undefined,
  auth: HttpAuth,
  caching: CachingOfRequest,
): void {
  const safe = SAFE_METHODS.has(method);
  const ifMatch = safe ? ifMatchHeader : undefined;
  const tagged = result.kind === 'resource' ? result.entityTag : undefined;
  // Preconditions apply to successful answers only (RFC 9110 §13.2.1): a redirect or an error goes out as it is.
  const successful = result.kind === 'resource' ? (result.status ?? 200) < 300 : result.kind === 'empty' && result.status < 300;
  if (ifMatch !== undefined && ifMatch !== '*' && successful && !(tagged && ifMatchHolds(ifMatch, tagged))) {
    throw new PreconditionFailedError('The resource is no longer in the state the If-Match header names');
  }
  if ('cookies' in result && result.cookies) {
    for (const cookie of result.cookies) {
      // A deleted cookie goes out in Symfony's form (`<name>=deleted; expires=<past>; Max-Age=0; path=/; httponly`).
      if (cookie.value === null) res.append('Set-Cookie', auth.deletedCookieHeader(cookie.name));
      else res.cookie(cookie.name, cookie.value, { path: '/', httpOnly: true, sameSite: 'lax', ...(cookie.expires ? { expires: cookie.expires } : {}) });
    }
  }
  if (result.location !== undefined) res.setHeader('Location', result.location);
  const cacheable = safe && result.kind === 'resource' && (result.status ?? 200) === 200 && !result.cookies?.length && !result.noStore;
  if (cacheable) {
    res.setHeader('Cache-Control', caching.anonymous ? caching.policy.publicCacheControl : PRIVATE_REVALIDATE);
    res.vary(CACHE_VARY);
    if (caching.policy.tags) res.setHeader(TAG_HEADER, tagHeaderValue(result.cacheTags));
  } else res.setHeader('Cache-Control', NO_STORE);
  if (result.kind === 'redirect' || result.kind === 'empty') {
    res.statusCode = result.status;
    res.setHeader('Content-Length', '0');
    res.end();
    return;
  }
  const renderOnce = (): RenderedBody => {
    const bytes = renderBody(result.root, format);
    return { body: bytes, digest: result.entityTag ? bodyDigest(bytes) : undefined };
  };
  const { body, digest } = caching.trees ? caching.trees.rendered(result.root, format, renderOnce) : renderOnce();
  if (result.entityTag) {
    const etag = formatEntityTag(result.entityTag, body, digest);
    res.setHeader('ETag', etag);
    res.vary('Accept');
    // A malformed If-None-Match is ignored: the full response is always a correct answer to a GET.
    const ifNoneMatch = safe ? parseTagCondition(req.get('if-none-match') ?? '') : null;
    if (ifNoneMatch !== null && (result.status ?? 200) === 200 && ifNoneMatchMatches(ifNoneMatch, etag)) {
      res.statusCode = 304;
      res.end();
      return;
    }
  }
  if (result.acceptPatch) res.setHeader('Accept-Patch', mediaType(result.acceptPatch, format));
  send(res, result.status ?? 200, result.root, format, result.mediaType, body);
}

function renderBody(root: ObjectNode, format: WireFormat): Buffer {
  return Buffer.from(format === 'json' ? writeJson(root) : writeXml(root), 'utf8');
}

/**
 * Writes a rendered resource with Node's own response methods: the vendor media type goes out exactly as is
 * (no charset appended, no MIME lookup) and the body as one Buffer.
 */
function send(res: Response, status: number, root: ObjectNode, format: WireFormat, mediaTypeName?: string, body = renderBody(root, format)): void {
  res.statusCode = status;
  res.setHeader('Content-Type', mediaType(mediaTypeName ?? root.mediaType, format));
  res.setHeader('Content-Length', body.length);
  res.end(body);
}
