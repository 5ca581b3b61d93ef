import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { restRoutes } from '../routes/index.js';
import { INPUT_MEDIA_TYPES } from './input-shapes.js';
import { createOpenApiDocument, documentedOperationKeys, openApiPath, routeOperationKeys } from './openapi-document.js';

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
  const document = createOpenApiDocument({ serverUrl: '/api/ibexa/v2', basicAuth: true, bearerAuth: true });

  it('documents exactly the operations of the route table (each method, each POST alternative)', () => {
    const routes = routeOperationKeys();
    const documented = documentedOperationKeys();
    expect(documented.filter((key) => !routes.includes(key))).toEqual([]);
    expect(routes.filter((key) => !documented.includes(key))).toEqual([]);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('has one path item per route, with a path parameter per placeholder and every declared method', () => {
    expect(Object.keys(document.paths).sort()).toEqual(restRoutes.map((route) => openApiPath(route.path)).sort());
    for (const route of restRoutes) {
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
