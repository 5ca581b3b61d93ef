import type { Repository } from '@contentrepo/core';
import type { HttpAuth } from '@contentrepo/http-auth';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { errorResponse } from './error-response.js';
import type { RestContext, RestHandler, RestResult } from './http/rest-context.js';
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
import { createHrefs, type Hrefs } from './output/hrefs.js';
import { writeJson } from './output/json-writer.js';
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
  /** Largest accepted request body (bytes or a size string such as `50mb`; default `50mb`). Larger → 413. */
  readonly bodyLimit?: string | number;
  /** Image alias names listed as image `variations` (default large, medium, reference, small, tiny). */
  readonly imageVariations?: readonly string[];
  /**
   * REST processors of your own field types, added to the built-in ones (package README, "Field types"); a type
   * without one is output as its hash. Creation fails for a processor of a built-in type or of one that already has
   * one, and for an identifier the repository's field type registry does not know.
   */
  readonly fieldTypeProcessors?: readonly FieldTypeProcessor[];
  /** Show 5xx error details and traces in ErrorMessage bodies (never in production). */
  readonly debug?: boolean;
  readonly logger?: RestLogger;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Creates the Ibexa-compatible REST API v2 router. Mount it at the REST prefix, with any subfolder before it:
 * `app.use('/api/ibexa/v2', createRestRouter({ repository, auth }))`. Hrefs in responses are built from the
 * mount path, so `/cms/api/ibexa/v2` works as well. Requests without credentials run as the anonymous user.
 * @throws Error for a `fieldTypeProcessors` entry that is refused (see {@link RestRouterOptions.fieldTypeProcessors}).
 */
export function createRestRouter(options: RestRouterOptions): Router {
  const table = new RouteTable<RestHandler>(restRoutes);
  const { auth } = options;
  const fieldTypeProcessors = createFieldTypeProcessorRegistry(options.fieldTypeProcessors ?? [], options.repository.fieldTypes);
  const imageVariations = [...(options.imageVariations ?? ['large', 'medium', 'reference', 'small', 'tiny'])].sort();
  const debug = options.debug ?? false;
  const router = express.Router();

  const sendError = (req: Request, res: Response, error: unknown): void => {
    const response = errorResponse(error, debug);
    if (response.unexpected) options.logger?.error({ err: error, method: req.method, url: req.originalUrl }, 'REST request failed');
    if (res.headersSent) {
      res.end();
      return;
    }
    if (error instanceof MethodNotAllowedError) res.set('Allow', error.allowed.join(', '));
    send(res, response.status, response.root, negotiateOutput(req.get('accept')).format);
  };

  const readBody = express.raw({ type: () => true, limit: options.bodyLimit ?? '50mb' });
  // Bodiless requests (most reads) skip the body reader entirely.
  router.use((req: Request, res: Response, next: NextFunction) => {
    if (req.headers['transfer-encoding'] === undefined && (req.headers['content-length'] ?? '0') === '0') next();
    else readBody(req, res, next);
  });
  router.use(async (req: Request, res: Response) => {
    try {
      await dispatch(req, res);
    } catch (error) {
      sendError(req, res, error);
    }
  });
  router.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    sendError(req, res, bodyParserError(error));
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
      res.setHeader('Allow', match.allowed.join(','));
      res.setHeader('Content-Length', '0');
      res.end();
      return;
    }
    if (match.kind === 'notFound') throw RestNotFoundError.route(method, url());
    if (match.kind === 'methodNotAllowed') throw MethodNotAllowedError.forRequest(method, url(), match.allowed);

    const authentication = await auth.authenticateRequest(req);
    if (authentication.session && !SAFE_METHODS.has(method) && !match.csrfExempt) auth.assertCsrf(authentication.session, req.get('x-csrf-token'));
    await auth.assertExpectedUser(req.get('x-expected-user'), authentication.userId);

    const output = negotiate(req.get('accept'));
    let hrefs = hrefsByPrefix.get(req.baseUrl);
    if (!hrefs) {
      hrefs = createHrefs(req.baseUrl);
      if (hrefsByPrefix.size < 100) hrefsByPrefix.set(req.baseUrl, hrefs);
    }
    const repository = options.repository.forUser({ userId: authentication.userId });
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
      },
      repository,
      userId: authentication.userId,
      session: authentication.session,
      sessionCookie: authentication.sessionCookie,
      inputTypeName,
      auth,
      async input(accepted) {
        const type = parseInputType(contentTypeHeader);
        if (!accepted.includes(type.name)) throw new BadRequestError(unknownContentTypeMessage(type.media, type.version));
        const buffer = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
        return { type, data: await decodeBody(buffer, type.format) };
      },
    };
    render(res, await match.handler(context), output.format);
  }

  return router;
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

function bodyParserError(error: unknown): unknown {
  if (typeof error === 'object' && error !== null && 'type' in error) {
    if (error.type === 'entity.too.large') return new PayloadTooLargeError('The request body exceeds the configured size limit');
    return new BadRequestError(error instanceof Error ? error.message : 'The request body could not be read');
  }
  return error;
}

function render(res: Response, result: RestResult, format: WireFormat): void {
  if ('cookies' in result && result.cookies) {
    for (const cookie of result.cookies) {
      if (cookie.value === null) res.clearCookie(cookie.name, { path: '/', httpOnly: true });
      else res.cookie(cookie.name, cookie.value, { path: '/', httpOnly: true, sameSite: 'lax', ...(cookie.expires ? { expires: cookie.expires } : {}) });
    }
  }
  if (result.location !== undefined) res.setHeader('Location', result.location);
  if (result.kind === 'redirect' || result.kind === 'empty') {
    res.statusCode = result.status;
    res.setHeader('Content-Length', '0');
    res.end();
    return;
  }
  if (result.acceptPatch) res.setHeader('Accept-Patch', mediaType(result.acceptPatch, format));
  send(res, result.status ?? 200, result.root, format, result.mediaType);
}

/**
 * Writes a rendered resource with Node's own response methods: the vendor media type goes out exactly as is
 * (no charset appended, no MIME lookup) and the body as one Buffer.
 */
function send(res: Response, status: number, root: ObjectNode, format: WireFormat, mediaTypeName?: string): void {
  const body = Buffer.from(format === 'json' ? writeJson(root) : writeXml(root), 'utf8');
  res.statusCode = status;
  res.setHeader('Content-Type', mediaType(mediaTypeName ?? root.mediaType, format));
  res.setHeader('Content-Length', body.length);
  res.end(body);
}
