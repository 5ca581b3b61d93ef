import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Express } from 'express';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import request from 'supertest';
import { parse } from 'yaml';
import { findOperation, pathMatchers, responseSchema, type OpenApi } from './support/openapi-lookup.js';
import { restTour, type TourStep } from './support/rest-reference-tour.js';
import { loadConfig } from '../src/server-config.js';
import { startTestServer, testEngines, type TestServer } from './support/test-server.js';

const API = '/api/ibexa/v2';

/** The main resources the tour must answer with, so that the check below cannot shrink unnoticed. */
const MAIN_MEDIA_TYPES = [
  'Root', 'Session', 'Content', 'ContentInfo', 'Version', 'VersionList', 'RelationList', 'Location', 'LocationList', 'ContentType',
  'ContentTypeInfoList', 'ContentTypeList', 'FieldDefinition', 'FieldDefinitionList', 'ContentTypeGroup', 'ContentTypeGroupList', 'Section', 'SectionList',
  'Language', 'LanguageList', 'User', 'UserList', 'UserRefList', 'UserGroup', 'UserGroupRefList', 'Role', 'RoleList', 'Policy', 'PolicyList',
  'RoleAssignmentList', 'View', 'Trash', 'TrashItem', 'UrlAlias', 'UrlAliasRefList', 'UrlWildcard', 'UrlWildcardList', 'ObjectStateGroup',
  'ObjectStateGroupList', 'ObjectState', 'ObjectStateList', 'ContentObjectStates', 'BookmarkList', 'ContentImageVariation', 'CountryList', 'ErrorMessage',
];

/** A validator of bodies against the schemas of `document` (JSON Schema 2020-12, every error listed). */
function bodyValidator(document: OpenApi): (schema: object) => ValidateFunction {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addSchema({ ...document, $id: 'openapi.json' } as object);
  const compiled = new Map<string, ValidateFunction>();
  return (schema) => {
    const key = JSON.stringify(schema);
    let validate = compiled.get(key);
    if (validate === undefined) {
      // The body schemas refer to `#/components/…` of the document: resolve them against it.
      const rebased = JSON.parse(key.replaceAll('"#/components/', '"openapi.json#/components/')) as object;
      validate = ajv.compile(rebased);
      compiled.set(key, validate);
    }
    return validate;
  };
}

/** What the document says is wrong about one step's answer, or null when it matches. */
function disagreement(document: OpenApi, validatorOf: (schema: object) => ValidateFunction, matchers: ReturnType<typeof pathMatchers>, step: TourStep): string | null {
  const found = findOperation(document, matchers, step.method, step.path, step.input);
  // A method the path does not have: 405 with an ErrorMessage, as every error.
  const notAllowed: { template: string; operation: Record<string, unknown> } = { template: '(any path)', operation: { responses: { '4XX': { $ref: '#/components/responses/Error' } } } };
  if (typeof found === 'string' && !(step.reply.status === 405 && found.startsWith('no '))) return found;
  const contentType = step.reply.headers['content-type']?.split(';')[0];
  const { template, operation } = typeof found === 'string' ? notAllowed : found;
  const documented = responseSchema(document, operation, step.reply.status, contentType);
  if (typeof documented === 'string') return `${template}: ${documented}`;
  // A body the server accepted matches the schema the document gives for it.
  if (step.input !== undefined && step.body !== undefined && step.reply.status < 300) {
    const content = (operation['requestBody'] as { content?: Record<string, { schema: object }> } | undefined)?.content;
    const requestSchema = content?.[`application/vnd.ibexa.api.${step.input}+json`]?.schema;
    if (requestSchema === undefined) return `${template}: the input ${step.input} is not documented`;
    const validateInput = validatorOf(requestSchema);
    if (!validateInput(step.body)) return `${template} request ${step.input}: ${JSON.stringify(validateInput.errors?.slice(0, 5))}`;
  }
  if (documented.schema === null) return null;
  const validate = validatorOf(documented.schema);
  if (validate(step.reply.body)) return null;
  return `${template} ${step.reply.status} ${contentType}: ${JSON.stringify(validate.errors?.slice(0, 5))}`;
}

const ADMIN_BASIC = `Basic ${Buffer.from('admin:publish').toString('base64')}`;

/** The reference's own files below the REST prefix (served beside the router, not part of the API). */
const REFERENCE_FILES = /^\/(?:openapi\.(?:json|yaml)|docs(?:\/.*)?)$/;

/**
 * The GET routes the app itself mounts below the REST prefix, beside the REST router (Express's own route table),
 * in OpenAPI form (`:name` → `{name}`), without the reference's own files. `app.all` fallbacks (405) are not listed.
 */
function routesBesideRouter(express: Express): string[] {
  const stack = (express as unknown as { router: { stack: { route?: { path: unknown; methods: Record<string, boolean> } }[] } }).router.stack;
  const paths: string[] = [];
  for (const { route } of stack) {
    if (route === undefined || typeof route.path !== 'string' || !route.path.startsWith(`${API}/`) || route.methods['get'] !== true || route.methods['unsubscribe'] === true) continue;
    const path = route.path.slice(API.length).replace(/:(\w+)/g, '{$1}');
    if (!REFERENCE_FILES.test(path)) paths.push(path);
  }
  return paths;
}

/** Opens the event stream on a listening copy of `express`, reads its head and first bytes, and closes it. */
async function openEventStreamBriefly(express: Express): Promise<{ status: number; headers: IncomingMessage['headers']; start: string }> {
  const server = express.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    return await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no answer from the event stream within 5 s')), 5000);
      const req = httpRequest({ host: '127.0.0.1', port: (server.address() as AddressInfo).port, path: `${API}/events`, headers: { Accept: 'text/event-stream', Authorization: ADMIN_BASIC } }, (res) => {
        res.setEncoding('utf8');
        res.once('data', (chunk: string) => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, start: chunk });
          req.destroy();
        });
      });
      req.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      req.end();
    });
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

describe.each(testEngines())('the REST reference against real answers on $name', (engine) => {
  if (engine.skipReason !== undefined) {
    it.skip(`skipped: ${engine.skipReason}`, () => undefined);
    return;
  }
  let server: TestServer;
  let document: OpenApi;
  let steps: TourStep[];
  beforeAll(async () => {
    server = await startTestServer({}, engine);
    const served = await request(server.app.express).get(`${API}/openapi.json`);
    expect(served.status).toBe(200);
    document = JSON.parse(served.text) as OpenApi;
    steps = await restTour(server.app.express);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('documents every answer of a broad walk through the API, and each JSON body matches its schema', () => {
    const validatorOf = bodyValidator(document);
    const matchers = pathMatchers(document);
    const problems = steps.map((step) => [`${step.method} ${step.path}`, disagreement(document, validatorOf, matchers, step)]).filter(([, problem]) => problem !== null);
    expect(problems).toEqual([]);
    const answered = new Set(steps.map((step) => /vnd\.ibexa\.api\.(\w+)\+json/.exec(step.reply.headers['content-type'] ?? '')?.[1]));
    expect(MAIN_MEDIA_TYPES.filter((name) => !answered.has(name))).toEqual([]);
    expect(steps.length).toBeGreaterThan(120);
    // Every step answered as intended: the errors are only the ones the walk provokes.
    expect(steps.filter((step) => step.reply.status >= 400).map((step) => `${step.reply.status} ${step.method} ${step.path}`)).toEqual([
      '404 GET /content/objects/999999',
      '400 POST /content/sections',
      '400 POST /content/objects',
      '401 DELETE /content/sections/1',
      '405 PATCH /',
    ]);
  });

  it('documents every route the app serves beside the REST router (the event stream), and nothing it does not serve', () => {
    const beside = routesBesideRouter(server.app.express);
    expect(beside).toContain('/events');
    expect(beside.filter((path) => document.paths[path]?.['get'] === undefined || document.paths[path]?.['head'] === undefined)).toEqual([]);
    const besideTagged = Object.entries(document.paths)
      .filter(([, item]) => Object.values(item).some((operation) => (operation as { tags?: string[] }).tags?.includes('Events')))
      .map(([path]) => path);
    expect(besideTagged.filter((path) => !beside.includes(path))).toEqual([]);
  });

  it('documents the event stream’s real answers: 401 for the anonymous user, 400 for a bad position, 200 text/event-stream', async () => {
    const validatorOf = bodyValidator(document);
    const matchers = pathMatchers(document);
    const step = async (method: 'GET' | 'HEAD', headers: Record<string, string>): Promise<TourStep> => {
      const reply = await request(server.app.express)[method === 'GET' ? 'get' : 'head'](`${API}/events`).set({ Accept: 'text/event-stream', ...headers });
      return { method, path: '/events', input: undefined, body: undefined, reply: { status: reply.status, headers: reply.headers as Record<string, string>, text: reply.text, body: reply.body as unknown } };
    };
    const anonymous = await step('GET', {});
    expect([anonymous.reply.status, anonymous.reply.headers['content-type']]).toEqual([401, 'application/vnd.ibexa.api.ErrorMessage+json']);
    expect(disagreement(document, validatorOf, matchers, anonymous)).toBeNull();
    const badPosition = await step('GET', { Authorization: ADMIN_BASIC, 'Last-Event-ID': 'latest' });
    expect(badPosition.reply.status).toBe(400);
    expect(disagreement(document, validatorOf, matchers, badPosition)).toBeNull();

    // The stream itself: its status, media type and headers are the documented ones.
    const opened = await openEventStreamBriefly(server.app.express);
    expect([opened.status, opened.headers['content-type'], opened.start]).toEqual([200, 'text/event-stream; charset=utf-8', expect.stringContaining(': connected')]);
    const head = await step('HEAD', { Authorization: ADMIN_BASIC });
    expect([head.reply.status, head.reply.headers['content-type']]).toEqual([200, 'text/event-stream; charset=utf-8']);
    for (const [method, headers] of [['GET', opened.headers], ['HEAD', head.reply.headers]] as const) {
      const found = findOperation(document, matchers, method, '/events', undefined);
      if (typeof found === 'string') throw new Error(found);
      const documented = responseSchema(document, found.operation, 200, 'text/event-stream');
      expect([method, typeof documented === 'string' ? documented : 'documented']).toEqual([method, 'documented']);
      const ok = (found.operation['responses'] as Record<string, { headers?: Record<string, unknown> }>)['200'];
      const named = Object.keys(ok?.headers ?? {});
      expect(named).toEqual(['Cache-Control', 'X-Accel-Buffering']);
      for (const name of named) expect([method, name, headers[name.toLowerCase()]]).toEqual([method, name, expect.any(String)]);
    }
  }, 30_000);

  it('refuses a body that drifts from its schema (a renamed member, a wrong type)', () => {
    const validatorOf = bodyValidator(document);
    const matchers = pathMatchers(document);
    const section = steps.find((step) => step.method === 'GET' && /^\/content\/sections\/\d+$/.test(step.path) && step.reply.status === 200);
    expect(section).toBeDefined();
    if (section === undefined) return;
    const { sectionId, ...rest } = section.reply.body.Section as Record<string, unknown>;
    const renamed = { ...section, reply: { ...section.reply, body: { Section: { ...rest, id: sectionId } } } };
    expect(disagreement(document, validatorOf, matchers, renamed)).toContain('additionalProperties');
    const retyped = { ...section, reply: { ...section.reply, body: { Section: { ...rest, sectionId: String(sectionId) } } } };
    expect(disagreement(document, validatorOf, matchers, retyped)).toContain('must be integer');
  });
});

describe('the REST reference endpoints', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ BASE_PATH: '/cms' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('serves the document as JSON and YAML, with the base path in its server', async () => {
    const json = await request(server.app.express).get(`/cms${API}/openapi.json`);
    expect(json.status).toBe(200);
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    const document = JSON.parse(json.text) as { openapi: string; servers: unknown; paths: Record<string, unknown> };
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: `/cms${API}` }]);
    expect(Object.keys(document.paths)).toContain('/content/objects/{contentId}');
    const yaml = await request(server.app.express).get(`/cms${API}/openapi.yaml`);
    expect(yaml.status).toBe(200);
    expect(yaml.headers['content-type']).toMatch(/^application\/yaml/);
    expect(parse(yaml.text)).toEqual(document);
  });

  it('serves the viewer and its files locally, under the same-origin page policy, with no inline script', async () => {
    const agent = request(server.app.express);
    expect((await agent.get(`/cms${API}/docs`)).headers['location']).toBe(`/cms${API}/docs/`);
    const page = await agent.get(`/cms${API}/docs/`);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const scripts = [...page.text.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.map(([, attributes = '', body = '']) => [attributes.trim(), body.trim()])).toEqual([
      ['src="swagger-ui-bundle.js"', ''],
      ['src="reference.js"', ''],
    ]);
    expect(page.text).not.toMatch(/https?:\/\//);
    for (const [file, type] of [['swagger-ui-bundle.js', 'javascript'], ['swagger-ui.css', 'css'], ['reference.js', 'javascript'], ['reference.css', 'css']] as const) {
      const asset = await agent.get(`/cms${API}/docs/${file}`);
      expect([file, asset.status, asset.headers['content-type']]).toEqual([file, 200, expect.stringContaining(type)]);
    }
    const bundle = await agent.get(`/cms${API}/docs/swagger-ui-bundle.js`).set('Accept-Encoding', 'gzip');
    expect([bundle.headers['content-encoding'], bundle.text.length]).toEqual(['gzip', expect.any(Number)]);
    expect(bundle.text.length).toBeGreaterThan(1_000_000);
    expect((await agent.get(`/cms${API}/docs/swagger-ui-bundle.js`).set('Accept-Encoding', 'identity')).headers['content-encoding']).toBeUndefined();
  });

  it('is on by default; REST_REFERENCE=false turns it off, and other values are refused', () => {
    expect([loadConfig({}).restReference, loadConfig({ REST_REFERENCE: '' }).restReference, loadConfig({ REST_REFERENCE: 'true' }).restReference]).toEqual([true, true, true]);
    expect(loadConfig({ REST_REFERENCE: 'false' }).restReference).toBe(false);
    expect(() => loadConfig({ REST_REFERENCE: 'maybe' })).toThrow("REST_REFERENCE must be true or false, got 'maybe'");
  });

  it('is not served with REST_REFERENCE=false: the REST API answers those paths as unknown routes', async () => {
    const off = await startTestServer({ REST_REFERENCE: 'false' });
    try {
      for (const path of ['/openapi.json', '/openapi.yaml', '/docs/']) {
        const response = await request(off.app.express).get(`${API}${path}`).set('Accept', 'application/json');
        expect([path, response.status, response.headers['content-type']]).toEqual([path, 404, 'application/vnd.ibexa.api.ErrorMessage+json']);
      }
    } finally {
      await off.stop();
    }
  });
});
