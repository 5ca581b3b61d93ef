import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { restRoutes } from '../routes/index.js';
import { INPUT_MEDIA_TYPES } from './input-shapes.js';
import { BESIDE_ROUTER_ROUTES, createOpenApiDocument, documentedOperationKeys, EVENT_STREAM_ROUTE, openApiPath, routeOperationKeys } from './openapi-document.js';

const PACKAGE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Validates a document with the OpenAPI schema validator (an ESM-only package: run in a child Node process). */
function validateWithOpenApiValidator(document: unknown): Promise<{ valid: boolean; errors?: unknown; version?: string }> {
  const script = `
    import { Validator } from '@seriousme/openapi-schema-validator';
    let text = '';
    for await (const chunk of process.stdin) text += chunk;
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(text));
    process.stdout.write(JSON.stringify({ ...result, version: validator.version }));`;
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, ['--input-type=module', '-e', script], { cwd: PACKAGE_DIR, maxBuffer: 16 * 1024 * 1024 }, (error, stdout) => {
      if (error) reject(error);
      else resolve(JSON.parse(stdout) as { valid: boolean; errors?: unknown; version?: string });
    });
    child.stdin?.end(JSON.stringify(document));
  });
}

describe('the REST reference (OpenAPI document)', () => {
  const document = createOpenApiDocument({ serverUrl: '/api/ibexa/v2', basicAuth: true, bearerAuth: true, besideRouter: [EVENT_STREAM_ROUTE] });

  it('documents exactly the operations of the route table (each method, each POST alternative) and of the routes served beside it', () => {
    const routes = routeOperationKeys(restRoutes, BESIDE_ROUTER_ROUTES);
    expect(routes.slice(-2)).toEqual(['GET /events', 'HEAD /events']);
    const documented = documentedOperationKeys();
    expect(documented.filter((key) => !routes.includes(key))).toEqual([]);
    expect(routes.filter((key) => !documented.includes(key))).toEqual([]);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('refuses a route served beside the router without notes, or one the router serves too', () => {
    expect(() => createOpenApiDocument({ serverUrl: '/', besideRouter: [{ path: '/changes', methods: ['GET'] }] })).toThrow("The REST reference has no note for 'GET /changes'");
    expect(() => createOpenApiDocument({ serverUrl: '/', besideRouter: [{ path: '/events', methods: ['GET', 'POST'] }] })).toThrow("no note for 'POST /events'");
    expect(() => createOpenApiDocument({ serverUrl: '/', besideRouter: [{ path: '/content/sections', methods: [] }] })).toThrow('served beside the router and by it');
  });

  it('describes the event stream only when it is served beside the router', () => {
    const item = document.paths['/events'] ?? {};
    expect(Object.keys(item)).toEqual(['get', 'head']);
    const get = item['get'] as { tags: string[]; parameters: { name?: string; $ref?: string }[]; responses: Record<string, { content?: Record<string, unknown>; description?: string }> };
    expect(get.tags).toEqual(['Events']);
    expect(get.parameters.map((parameter) => parameter.name ?? parameter.$ref)).toEqual(['after', '#/components/parameters/Last-Event-ID']);
    expect(Object.keys(get.responses['200']?.content ?? {})).toEqual(['text/event-stream']);
    expect(get.responses['200']?.description).toMatch(/id: 42\nevent: content\.published\ndata: \{"seq":42/);
    expect(get.responses['200']?.description).toContain(': heartbeat');
    expect(Object.keys(get.responses['401']?.content ?? {})).toEqual(['application/vnd.ibexa.api.ErrorMessage+json']);
    expect(Object.keys(get.responses['400']?.content ?? {})).toEqual(['application/vnd.ibexa.api.ErrorMessage+json']);
    const plain = createOpenApiDocument({ serverUrl: '/api/ibexa/v2' });
    expect(plain.paths['/events']).toBeUndefined();
    expect((plain['tags'] as { name: string }[]).map((tag) => tag.name)).not.toContain('Events');
  });

  it('has one path item per route, with a path parameter per placeholder and every declared method', () => {
    expect(Object.keys(document.paths).sort()).toEqual([...restRoutes, EVENT_STREAM_ROUTE].map((route) => openApiPath(route.path)).sort());
    for (const route of [...restRoutes, { ...EVENT_STREAM_ROUTE, methods: EVENT_STREAM_ROUTE.methods.map((method) => [method] as const) }]) {
      const item = document.paths[openApiPath(route.path)] ?? {};
      const names = [...route.path.matchAll(/\{(\w+):/g)].map((match) => match[1]);
      expect(((item['parameters'] as { name: string }[] | undefined) ?? []).map((parameter) => parameter.name)).toEqual(names);
      for (const [method] of route.methods) {
        const post = item['post'] as Record<string, Record<string, unknown>> | undefined;
        const documented = item[method.toLowerCase()] ?? post?.['x-ibexa-verbs']?.[method];
        expect([route.path, method, documented === undefined]).toEqual([route.path, method, false]);
      }
    }
  });

  it('documents custom verbs and input-type alternatives on POST', () => {
    const post = document.paths['/content/locations/{locationPath}']?.['post'] as Record<string, Record<string, unknown>>;
    expect(Object.keys(post['x-ibexa-verbs'] ?? {})).toEqual(['COPY', 'MOVE', 'SWAP', 'TRASH']);
    expect(Object.keys(post['x-ibexa-input-alternatives'] ?? {})).toEqual(['CopyLocationInput', 'MoveLocationInput', 'SwapLocationInput', 'TrashLocationInput']);
    expect(Object.keys((post['requestBody'] as { content: object }).content)).toContain('application/vnd.ibexa.api.TrashLocationInput+json');
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await validateWithOpenApiValidator(document);
    expect(result.errors).toBeUndefined();
    expect(result).toMatchObject({ valid: true, version: '3.1' });
    // The validator does refuse a broken document.
    expect((await validateWithOpenApiValidator({ ...document, paths: { '/x': { get: { responses: 'none' } } } })).valid).toBe(false);
  }, 30_000);

  it('has schemas that compile as JSON Schema 2020-12, with every reference resolved', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    ajv.addSchema({ $id: 'openapi.json', ...document } as object);
    const schemas = (document['components'] as { schemas: Record<string, unknown> }).schemas;
    for (const name of Object.keys(schemas)) expect(ajv.getSchema(`openapi.json#/components/schemas/${name}`)).toBeDefined();
    expect(Object.keys(schemas).length).toBeGreaterThan(60);
  });

  it('describes exactly the input media types the operations accept', () => {
    const schemas = (document['components'] as { schemas: Record<string, unknown> }).schemas;
    const accepted = new Set<string>();
    for (const item of Object.values(document.paths)) {
      for (const operation of Object.values(item)) {
        const content = (operation as { requestBody?: { content: object } }).requestBody?.content ?? {};
        for (const type of Object.keys(content)) accepted.add(/vnd\.ibexa\.api\.(\w+)\+json/.exec(type)?.[1] ?? type);
      }
    }
    expect([...accepted].sort()).toEqual([...INPUT_MEDIA_TYPES].sort());
    // Every input type a handler reads (`context.input(['SectionInput'])`, or a POST alternative's name) is described.
    const routesDir = join(PACKAGE_DIR, 'src', 'routes');
    const read = readdirSync(routesDir)
      .filter((file) => file.endsWith('-routes.ts'))
      .flatMap((file) => [...readFileSync(join(routesDir, file), 'utf8').matchAll(/\.input\(\['(\w+)'\]\)|byInput\('(\w+)'/g)].map((match) => match[1] ?? match[2] ?? ''));
    expect(read.length).toBeGreaterThan(40);
    expect([...new Set(read)].filter((name) => !accepted.has(name))).toEqual([]);
    for (const name of INPUT_MEDIA_TYPES) expect(schemas[name.endsWith('Input') ? name : `${name}Input`]).toBeDefined();
  });

  it('groups every operation under one of its tags, each tag in use', () => {
    const used = new Set<string>();
    for (const item of Object.values(document.paths)) {
      for (const operation of Object.values(item)) for (const tag of (operation as { tags?: string[] }).tags ?? []) used.add(tag);
    }
    expect([...used].sort()).toEqual((document['tags'] as { name: string }[]).map((tag) => tag.name).sort());
  });

  it('lists the security schemes that are enabled, and the server it is given', () => {
    const plain = createOpenApiDocument({ serverUrl: '/cms/api/ibexa/v2' });
    expect(plain['servers']).toEqual([{ url: '/cms/api/ibexa/v2' }]);
    const schemes = (name: typeof document) => Object.keys((name['components'] as { securitySchemes: object }).securitySchemes);
    expect(schemes(plain)).toEqual(['session', 'csrf']);
    expect(schemes(document)).toEqual(['session', 'csrf', 'basic', 'bearer']);
  });
});
