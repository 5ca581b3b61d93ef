import { STATUS_CODES } from 'node:http';
import { VENDOR_PREFIX } from '../http/media-types.js';
import type { RestRoute } from '../http/rest-context.js';
import { PARAMETER_PATTERNS, type RouteDefinition, type RouteMethod } from '../http/route-table.js';
import { restRoutes } from '../routes/index.js';
import { inputSchema } from './input-shapes.js';
import { QUERY_PARAMETERS, type OperationNote } from './operation-notes.js';
import { CONTENT_OPERATIONS } from './operations-content.js';
import { EVENT_OPERATIONS } from './operations-events.js';
import { USER_OPERATIONS } from './operations-users.js';
import { WEBHOOK_OPERATIONS } from './operations-webhooks.js';
import { REFERENCE_INTRODUCTION, tagOf, TAGS } from './reference-texts.js';
import { outputMediaType, resourceComponents } from './resource-shapes.js';
import { COMPONENT_PREFIX, type JsonSchema } from './wire-shapes.js';

/** Options of {@link createOpenApiDocument}. */
export interface OpenApiDocumentOptions {
  /**
   * The REST prefix as clients address it, the document's one `servers` entry: a path (`/api/ibexa/v2`,
   * `/cms/api/ibexa/v2` behind a subfolder) or an absolute URL.
   */
  readonly serverUrl: string;
  /** Name of the session cookie (HttpAuth's `cookieName`; Ibexa's default `IBX_SESSION_ID…`). */
  readonly sessionCookieName?: string;
  /** Whether HTTP Basic authentication is enabled (listed as a security scheme only then; default false). */
  readonly basicAuth?: boolean;
  /** Whether Bearer JWTs are accepted (listed as a security scheme only then; default false). */
  readonly bearerAuth?: boolean;
  /** `info.version` (default `0.1.0`). */
  readonly version?: string;
  /**
   * Routes the server mounts under the REST prefix beside the REST router (default none), documented with the
   * router's: pass those the server really serves (`EVENT_STREAM_ROUTE`). Each must have its notes in the catalogue.
   */
  readonly besideRouter?: readonly BesideRouterRoute[];
}

/** A route served under the REST prefix by the server itself, not by the REST router: its path and methods. */
export interface BesideRouterRoute {
  /** Path relative to the REST prefix, with `{name:kind}` placeholders as in the route table. */
  readonly path: string;
  readonly methods: readonly RouteMethod[];
}

/** The event stream (Server-Sent Events), which the server mounts beside the router (notes: operations-events.ts). */
export const EVENT_STREAM_ROUTE: BesideRouterRoute = { path: '/events', methods: ['GET', 'HEAD'] };

/** Every route that may be served beside the router, whose notes the catalogue holds (for the catalogue's test). */
export const BESIDE_ROUTER_ROUTES: readonly BesideRouterRoute[] = [EVENT_STREAM_ROUTE];

/** An OpenAPI 3.1 document, as plain JSON data. */
export type OpenApiDocument = { readonly openapi: '3.1.0'; readonly paths: Readonly<Record<string, Record<string, unknown>>> } & JsonSchema;

const STANDARD_METHODS = new Set<RouteMethod>(['GET', 'HEAD', 'POST', 'PATCH', 'DELETE']);
const NOTES: Readonly<Record<string, OperationNote>> = { ...CONTENT_OPERATIONS, ...USER_OPERATIONS, ...WEBHOOK_OPERATIONS, ...EVENT_OPERATIONS };

/** The OpenAPI form of a route path: `/content/objects/{contentId:id}` → `/content/objects/{contentId}`. */
export function openApiPath(routePath: string): string {
  return routePath.replace(/\{(\w+):\w+\}/g, '{$1}');
}

/**
 * The note of one operation of the route table (`GET /content/objects/{contentId:id}`, or with the input type of a
 * POST alternative).
 * @throws Error when the catalogue has none (a route added without documenting it: the reference's test names it).
 */
function noteOf(key: string): OperationNote {
  const note = NOTES[key];
  if (note === undefined) throw new Error(`The REST reference has no note for '${key}'`);
  return note;
}

/**
 * Every operation key of the route table, in table order, then those of the routes served beside the router (the
 * catalogue must have exactly the keys of the table and of {@link BESIDE_ROUTER_ROUTES}).
 */
export function routeOperationKeys(routes: readonly RestRoute[] = restRoutes, besideRouter: readonly BesideRouterRoute[] = []): string[] {
  const keys: string[] = [];
  for (const route of [...routes, ...besideRouter.map(asRouteDefinition)]) {
    for (const [method] of route.methods) keys.push(`${method} ${route.path}`);
    for (const name of Object.keys(route.postByInputType ?? {})) keys.push(`POST ${route.path} ${name}`);
  }
  return keys;
}

/** Keys of the operation catalogue (for the test that it matches the route table). */
export function documentedOperationKeys(): string[] {
  return Object.keys(NOTES);
}

/** A route served beside the router in the route table's form (no handlers). */
const asRouteDefinition = (route: BesideRouterRoute): RouteDefinition<undefined> => ({ path: route.path, methods: route.methods.map((method) => [method, undefined] as const) });

const bodySchema = (mediaType: string): JsonSchema => {
  const { root, component } = outputMediaType(mediaType);
  return { type: 'object', properties: { [root]: { $ref: `${COMPONENT_PREFIX}${component}` } }, required: [root], additionalProperties: false };
};

/** The reason phrase of a status (`201` → `Created`). */
const reasonPhrase = (status: number): string => STATUS_CODES[status] ?? String(status);

const inputComponentName = (name: string): string => (name.endsWith('Input') ? name : `${name}Input`);

type Responses = Record<string, { description: string; content?: Record<string, { schema: JsonSchema }>; headers?: JsonSchema }>;

/** The responses of a note (see {@link OperationNote.responses}), with the error answers every operation may give. */
function responsesOf(note: OperationNote): Responses {
  const responses: Responses = {};
  for (const entry of note.responses.split(';')) {
    const [status = '', types = ''] = entry.trim().split(/\s+/);
    const mediaTypes = types === '' ? [] : types.split('|');
    const response = (responses[status] ??= { description: reasonPhrase(Number(status)) });
    if (mediaTypes.length > 0) {
      response.content ??= {};
      for (const name of mediaTypes) response.content[`${VENDOR_PREFIX}${name}+json`] = { schema: bodySchema(name) };
      response.description = `${reasonPhrase(Number(status))}: ${mediaTypes.join(' or ')} (as the \`Accept\` header asks). The same resource in XML: ${mediaTypes.map((name) => `\`${VENDOR_PREFIX}${name}+xml\``).join(', ')}.`;
    }
    if (/^(201|30[17])$/.test(status)) response.headers = { Location: { description: 'Href of the resource', schema: { type: 'string' } } };
  }
  Object.assign(responses, note.answers);
  responses['4XX'] = { $ref: '#/components/responses/Error' } as unknown as Responses[string];
  responses['5XX'] = { $ref: '#/components/responses/Error' } as unknown as Responses[string];
  return responses;
}

const operationId = (method: string, path: string, input?: string): string =>
  method.toLowerCase() +
  path
    .split('/')
    .filter((part) => part !== '')
    .map((part) => part.replace(/^\{(\w+)\}$/, 'By_$1').replace(/(?:^|[^A-Za-z0-9])([A-Za-z0-9])/g, (_m, letter: string) => letter.toUpperCase()))
    .join('') +
  (input ?? '');

/** One OpenAPI operation from its note. */
function operationOf(note: OperationNote, method: string, path: string, input?: string): Record<string, unknown> {
  const parameters: unknown[] = [
    ...(note.query ?? []).map((name) => ({ name, in: 'query', required: false, ...QUERY_PARAMETERS[name] })),
    ...(note.headers ?? []).map((name) => ({ $ref: `#/components/parameters/${name}` })),
  ];
  const operation: Record<string, unknown> = {
    tags: [tagOf(path)],
    summary: note.summary,
    operationId: operationId(method, path, input),
    ...(note.description ? { description: note.description } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    responses: responsesOf(note),
  };
  if (note.input && note.input.length > 0) {
    const content: Record<string, unknown> = {};
    for (const name of note.input) content[`${VENDOR_PREFIX}${name}+json`] = { schema: { $ref: `${COMPONENT_PREFIX}${inputComponentName(name)}` } };
    operation['requestBody'] = {
      required: true,
      description: `As JSON, or as XML with ${note.input.map((name) => `\`${VENDOR_PREFIX}${name}+xml\``).join(', ')}.`,
      content,
    };
  }
  return operation;
}

/**
 * The POST operation of a path with custom verbs (`COPY`, `MOVE`, `SWAP`, `PUBLISH`, `TRASH`) or POST alternatives
 * chosen by the input media type: OpenAPI 3.1 has no custom methods, so they are documented on POST, which reaches
 * them (`X-HTTP-Method-Override: <VERB>`, or the alternative's `Content-Type`), and listed with their own operation
 * in `x-ibexa-verbs` / `x-ibexa-input-alternatives`.
 */
function mergedPost(path: string, plain: Record<string, unknown> | undefined, verbs: Record<string, Record<string, unknown>>, alternatives: Record<string, Record<string, unknown>>): Record<string, unknown> {
  const post: Record<string, unknown> = plain ? { ...plain } : { tags: [tagOf(path)], summary: `${Object.keys(verbs).join(', ')} (custom verbs)`, operationId: operationId('POST', path), responses: {} };
  const lines: string[] = [];
  if (Object.keys(verbs).length > 0) {
    lines.push('Custom verbs, sent as such or as `POST` with `X-HTTP-Method-Override: <VERB>`:');
    for (const [verb, operation] of Object.entries(verbs)) lines.push(`- \`${verb}\`: ${String(operation['summary'])}`);
    post['parameters'] = [...((post['parameters'] as unknown[] | undefined) ?? []), { name: 'X-HTTP-Method-Override', in: 'header', required: plain === undefined, schema: { type: 'string', enum: Object.keys(verbs) } }];
    post['x-ibexa-verbs'] = verbs;
  }
  if (Object.keys(alternatives).length > 0) {
    lines.push('', 'Chosen by the body’s input media type:');
    const content: Record<string, unknown> = { ...((post['requestBody'] as { content?: object } | undefined)?.content ?? {}) };
    for (const [name, operation] of Object.entries(alternatives)) {
      lines.push(`- \`${name}\`: ${String(operation['summary'])}`);
      Object.assign(content, (operation['requestBody'] as { content: object }).content);
    }
    post['requestBody'] = { required: plain !== undefined, content };
    post['x-ibexa-input-alternatives'] = alternatives;
  }
  const responses: Record<string, unknown> = { ...(post['responses'] as object) };
  for (const operation of [...Object.values(verbs), ...Object.values(alternatives)]) {
    for (const [status, response] of Object.entries(operation['responses'] as Record<string, unknown>)) responses[status] ??= response;
  }
  post['responses'] = responses;
  post['description'] = [post['description'], ...lines].filter((line) => line !== undefined).join('\n');
  return post;
}

/** The path item of one route. */
function pathItemOf(route: RouteDefinition<unknown, unknown>): [string, Record<string, unknown>] {
  const path = openApiPath(route.path);
  const item: Record<string, unknown> = {};
  const parameters = [...route.path.matchAll(/\{(\w+):(\w+)\}/g)].map(([, name = '', kind = '']) => ({
    name,
    in: 'path',
    required: true,
    schema: kind === 'id' ? { type: 'integer', minimum: 0 } : { type: 'string', pattern: `^${PARAMETER_PATTERNS[kind] ?? ''}$` },
    ...(kind === 'locationPath' || kind === 'groupPath' ? { description: 'Ids from the tree root, `/`-separated (`1/2/54`)' } : {}),
  }));
  if (parameters.length > 0) item['parameters'] = parameters;
  const verbs: Record<string, Record<string, unknown>> = {};
  for (const [method] of route.methods) {
    const operation = operationOf(noteOf(`${method} ${route.path}`), method, path);
    if (STANDARD_METHODS.has(method)) item[method.toLowerCase()] = operation;
    else verbs[method] = operation;
  }
  const alternatives: Record<string, Record<string, unknown>> = {};
  for (const name of Object.keys(route.postByInputType ?? {})) {
    const operation = operationOf(noteOf(`POST ${route.path} ${name}`), 'POST', path, name);
    alternatives[name] = operation;
    for (const verb of route.inputTypeVerbs?.[name] ?? []) verbs[verb] = operation;
  }
  if (Object.keys(verbs).length > 0 || Object.keys(alternatives).length > 0) {
    item['post'] = mergedPost(path, item['post'] as Record<string, unknown> | undefined, verbs, alternatives);
  }
  return [path, item];
}

/**
 * Builds the OpenAPI 3.1 document of the REST API from the route table itself (every path, method and path
 * parameter), the operation notes (operations-*.ts: summaries, answers, inputs, query parameters) and the wire
 * shapes (resource-shapes.ts, input-shapes.ts: JSON Schema 2020-12 of each JSON media type). XML carries the same
 * resources (`application/vnd.ibexa.api.<Name>+xml`), noted on each body. Custom verbs are documented on POST (see
 * `x-ibexa-verbs`). Routes the server serves beside the router (the event stream) are added when given in
 * {@link OpenApiDocumentOptions.besideRouter}. A test checks that the notes cover exactly the route table and those
 * routes, and validates real answers against
 * the schemas, so the document follows the code.
 * @throws Error when a route has no note or a note names an undescribed media type (a programming error).
 */
export function createOpenApiDocument(options: OpenApiDocumentOptions): OpenApiDocument {
  const paths: Record<string, Record<string, unknown>> = {};
  const inputs = new Set<string>();
  for (const route of [...restRoutes, ...(options.besideRouter ?? []).map(asRouteDefinition)]) {
    const [path, item] = pathItemOf(route);
    if (paths[path] !== undefined) throw new Error(`The route ${route.path} is served beside the router and by it`);
    paths[path] = item;
  }
  for (const note of Object.values(NOTES)) for (const name of note.input ?? []) inputs.add(name);
  const schemas: Record<string, JsonSchema> = resourceComponents();
  for (const name of [...inputs].sort()) schemas[inputComponentName(name)] = inputSchema(name);
  const securitySchemes: Record<string, JsonSchema> = {
    session: { type: 'apiKey', in: 'cookie', name: options.sessionCookieName ?? 'IBX_SESSION_ID', description: 'The session cookie set by `POST /user/sessions` (or the login page).' },
    csrf: { type: 'apiKey', in: 'header', name: 'X-CSRF-Token', description: 'The session’s CSRF token (the `csrfToken` of the Session): required with the cookie on unsafe methods.' },
    ...(options.basicAuth ? { basic: { type: 'http', scheme: 'basic', description: 'Login and password on each request.' } } : {}),
    ...(options.bearerAuth ? { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'A JWT from GraphQL’s `createToken`.' } } : {}),
  };
  return {
    openapi: '3.1.0',
    info: { title: 'contentrepo REST API (Ibexa REST API v2)', version: options.version ?? '0.1.0', description: REFERENCE_INTRODUCTION },
    servers: [{ url: options.serverUrl }],
    security: [{}, { session: [] }, { session: [], csrf: [] }, ...Object.keys(securitySchemes).filter((name) => name === 'basic' || name === 'bearer').map((name) => ({ [name]: [] }))],
    // The tags of the operations listed (Events only with the event stream).
    tags: TAGS.filter((name) => Object.values(paths).some((item) => Object.values(item).some((operation) => (operation as { tags?: string[] }).tags?.includes(name)))).map((name) => ({ name })),
    paths,
    components: {
      schemas,
      responses: {
        Error: {
          description: 'An error: `ErrorMessage` (also `application/vnd.ibexa.api.ErrorMessage+xml`). 400 bad input (with `errorDetails` for field errors), 401 not allowed or not logged in, 403 forbidden by a rule, 404 not found, 405 method not allowed (`Allow`), 409 conflict, 412 `If-Match` failed, 413 body too large, 429 too many failed logins (`Retry-After`).',
          content: { [`${VENDOR_PREFIX}ErrorMessage+json`]: { schema: bodySchema('ErrorMessage') } },
        },
      },
      parameters: {
        Destination: { name: 'Destination', in: 'header', required: true, description: 'The target: an href or path of a location (or user group, or `/content/trash`).', schema: { type: 'string' } },
        'If-Match': { name: 'If-Match', in: 'header', required: false, description: 'Entity tag the resource must still have (else 412).', schema: { type: 'string' } },
        'If-None-Match': { name: 'If-None-Match', in: 'header', required: false, description: 'Entity tags the client holds (304 when one is current).', schema: { type: 'string' } },
        'Last-Event-ID': { name: 'Last-Event-ID', in: 'header', required: false, description: 'The `seq` of the last event received: the stream resumes after it (what `EventSource` sends on reconnecting).', schema: { type: 'string', pattern: '^\\d{1,15}$' } },
      },
      securitySchemes,
    },
  } as OpenApiDocument;
}
