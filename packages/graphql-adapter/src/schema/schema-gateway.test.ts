import { ApolloServer } from '@apollo/server';
import { describe, expect, it } from '@jest/globals';
import type { GraphQLSchema } from 'graphql';
import { nameField, testContentType, testField, testModel } from '../testing/model-builders.js';
import type { SchemaModel } from './model.js';
import { GeneratedSchemaGateway } from './schema-gateway.js';

const folder = testContentType(1, 'folder', [nameField()]);
const folderV2 = testContentType(1, 'folder', [nameField(), testField('summary', 'eztext')], { modificationDate: new Date(Date.UTC(2024, 5, 1)) });

function setup(interval: number) {
  let model: SchemaModel = testModel([folder]);
  let now = 0;
  let loads = 0;
  const gateway = new GeneratedSchemaGateway({
    loadModel: async () => {
      loads += 1;
      return model;
    },
    checkIntervalMs: interval,
    now: () => now,
  });
  const schemas: GraphQLSchema[] = [];
  gateway.onSchemaLoadOrUpdate(({ apiSchema }) => schemas.push(apiSchema));
  return {
    gateway,
    schemas,
    setModel: (next: SchemaModel) => {
      model = next;
    },
    advance: (ms: number) => {
      now += ms;
    },
    loads: () => loads,
  };
}

describe('GeneratedSchemaGateway (runtime schema regeneration)', () => {
  it('builds the first schema on load and executes locally', async () => {
    const { gateway, schemas } = setup(1000);
    expect(await gateway.load()).toEqual({ executor: null });
    expect(schemas).toHaveLength(1);
    expect(gateway.schema.getType('FolderItem')).toBeDefined();
  });

  it('checks the model at most once per interval and rebuilds only when the fingerprint changes', async () => {
    const { gateway, schemas, setModel, advance, loads } = setup(1000);
    await gateway.load();
    await gateway.ensureFresh();
    expect(loads()).toBe(1);
    advance(1000);
    await gateway.ensureFresh();
    expect(loads()).toBe(2);
    expect(schemas).toHaveLength(1);
    setModel(testModel([folderV2]));
    await gateway.ensureFresh();
    expect(schemas).toHaveLength(1);
    advance(1000);
    await gateway.ensureFresh();
    expect(schemas).toHaveLength(2);
    expect(Object.keys(gateway.schema.getTypeMap())).toContain('FolderItem');
    const fields = gateway.schema.getType('FolderItemCreateInput');
    expect(fields && 'getFields' in fields ? Object.keys(fields.getFields()) : []).toEqual(['name', 'summary']);
  });

  it('refreshes on demand and shares concurrent checks', async () => {
    const { gateway, setModel, loads } = setup(60_000);
    await gateway.load();
    setModel(testModel([folder, testContentType(2, 'article', [nameField()])]));
    const [first, second] = await Promise.all([gateway.refresh(), gateway.refresh()]);
    expect([first, second]).toEqual([true, true]);
    expect(loads()).toBe(2);
    expect(gateway.schema.getType('ArticleItem')).toBeDefined();
    expect(await gateway.refresh()).toBe(false);
  });

  it('keeps the current schema when a later check fails', async () => {
    let fail = false;
    const errors: unknown[] = [];
    const gateway = new GeneratedSchemaGateway({
      loadModel: async () => {
        if (fail) throw new Error('database down');
        return testModel([folder]);
      },
      checkIntervalMs: 0,
      onCheckError: (error) => errors.push(error),
    });
    await gateway.load();
    const schema = gateway.schema;
    fail = true;
    await gateway.ensureFresh();
    expect(gateway.schema).toBe(schema);
    expect(errors).toHaveLength(1);
  });

  it("serves each Apollo request from one schema and switches Apollo's schema when the model changes", async () => {
    const { gateway, setModel } = setup(0);
    const server = new ApolloServer({ gateway });
    await server.start();
    try {
      const query = '{ __type(name: "FolderItem") { fields { name } } }';
      const names = async () => {
        await gateway.ensureFresh();
        const response = await server.executeOperation({ query });
        if (response.body.kind !== 'single') throw new Error('incremental');
        const type = response.body.singleResult.data?.['__type'];
        const fields: unknown = type && typeof type === 'object' ? Reflect.get(type, 'fields') : [];
        return Array.isArray(fields) ? fields.map((field: unknown) => (field && typeof field === 'object' ? Reflect.get(field, 'name') : null)).slice(-2) : [];
      };
      expect(await names()).toEqual(['_thumbnail', 'name']);
      setModel(testModel([folderV2]));
      expect(await names()).toEqual(['name', 'summary']);
    } finally {
      await server.stop();
    }
  });

  it('checks at once after invalidate, whatever the interval', async () => {
    const { gateway, schemas, setModel, loads } = setup(60_000);
    await gateway.load();
    setModel(testModel([folderV2]));
    await gateway.ensureFresh();
    expect(loads()).toBe(1);
    gateway.invalidate();
    await gateway.ensureFresh();
    expect(loads()).toBe(2);
    expect(schemas).toHaveLength(2);
    await gateway.ensureFresh();
    expect(loads()).toBe(2);
  });

  it('does not count a check that was running when invalidate was called: it checks again', async () => {
    let model: SchemaModel = testModel([folder]);
    let release: () => void = () => undefined;
    let hold = false;
    let loads = 0;
    const gateway = new GeneratedSchemaGateway({
      loadModel: async () => {
        loads += 1;
        const read = model;
        if (hold) await new Promise<void>((resolve) => (release = resolve));
        return read;
      },
      checkIntervalMs: 60_000,
    });
    await gateway.load();
    // A check reads the old model; the change commits and is announced while it runs.
    hold = true;
    gateway.invalidate();
    const running = gateway.ensureFresh();
    await Promise.resolve();
    model = testModel([folderV2]);
    hold = false;
    gateway.invalidate();
    const next = gateway.ensureFresh();
    release();
    await Promise.all([running, next]);
    expect(loads).toBe(3);
    const fields = gateway.schema.getType('FolderItemCreateInput');
    expect(fields && 'getFields' in fields ? Object.keys(fields.getFields()) : []).toEqual(['name', 'summary']);
  });
});
