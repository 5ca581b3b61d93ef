import { describe, expect, it } from '@jest/globals';
import type { SqlContext } from '../db/sql-context.js';
import { describeDialects } from '../test-support/dialect-suite.js';
import { column } from './columns.js';
import { expectedSchema } from './expected-schema.js';
import { SCHEMA, TABLES, type SchemaDescription } from './index.js';
import { introspect } from './introspection.js';
import { migrationSource, migrationStatements } from './migration-source.js';
import { diffSchemas } from './schema-diff.js';
import { defineTable, references } from './table.js';

/** A new table using every kind of column, key and index of the vocabulary. */
const probe = defineTable(
  'schema_probe',
  {
    id: column.integer().autoIncrement(),
    contentId: column.integer(),
    code: column.varchar(40),
    label: column.text().byteOrdered(),
    payload: column.json().orNull(),
    active: column.boolean().withDefault(true),
    weight: column.bigint().orNull(),
  },
  {
    primaryKey: ['id'],
    uniques: [{ columns: ['code'] }],
    indexes: [
      { columns: ['contentId', 'label'] },
      { name: 'schema_probe_active_index', columns: ['contentId'], where: 'active AND (weight > 0 OR weight IS NULL)' },
      { name: 'schema_probe_lower_code_index', columns: [{ expression: 'lower(code)' }] },
    ],
    foreignKeys: [{ columns: ['contentId'], references: references(TABLES.content, 'id'), onDelete: 'cascade' }],
  },
);

/** The description after a schema change: a new table, new columns, an index added and one dropped, a new sequence. */
const CHANGED: SchemaDescription = {
  tables: [
    ...SCHEMA.tables.map((table) => {
      if (table.name === 'bookmark') {
        return {
          ...table,
          columns: [
            ...table.columns,
            { ...column.seconds().orNull(), name: 'created' },
            { ...column.smallint().withDefault(0), name: 'kind' },
          ],
        };
      }
      if (table.name === 'trash') {
        const added = { name: 'trash_root_id_depth_index', keys: [{ column: 'root_id' }, { column: 'depth' }], unique: false, where: null };
        return { ...table, indexes: [...table.indexes, added] };
      }
      if (table.name === 'location') return { ...table, indexes: table.indexes.filter((index) => index.name !== 'location_depth_index') };
      return table;
    }),
    probe.$table,
  ],
  idSequences: [...SCHEMA.idSequences, 'schema_probe_node'],
};

async function applyAll(ctx: SqlContext, statements: readonly string[]): Promise<void> {
  await ctx.transaction(async (tx) => {
    for (const statement of statements) await tx.run(statement);
  });
}

describeDialects('migrations generated from the description', ({ create }) => {
  it('make a database of the committed migrations match the changed description', async () => {
    const store = await create();
    try {
      const ctx = await store.rawContext();
      const expected = expectedSchema(CHANGED, ctx.dialect);
      const { statements, unsupported } = migrationStatements(CHANGED, diffSchemas(expected, await introspect(ctx)), ctx.dialect);
      expect(unsupported).toEqual([]);
      expect(statements).toContain('DROP INDEX "location_depth_index"');
      await applyAll(ctx, statements);
      expect(diffSchemas(expected, await introspect(ctx)).map((difference) => difference.message)).toEqual([]);
    } finally {
      await store.close();
    }
  });

  it('alter PostgreSQL columns, and refuse what SQLite can only do by rebuilding a table', async () => {
    const store = await create();
    try {
      const ctx = await store.rawContext();
      const changed: SchemaDescription = {
        ...SCHEMA,
        tables: SCHEMA.tables.map((table) =>
          table.name === 'content'
            ? {
                ...table,
                columns: table.columns.map((described) => (described.name === 'name' ? { ...described, binary: true, nullable: true } : described)),
              }
            : table,
        ),
      };
      const expected = expectedSchema(changed, ctx.dialect);
      const { statements, unsupported } = migrationStatements(changed, diffSchemas(expected, await introspect(ctx)), ctx.dialect);
      if (ctx.dialect === 'sqlite') {
        expect(statements).toEqual([]);
        expect(unsupported).toEqual([expect.stringContaining('content.name: nullable')]);
        return;
      }
      expect(unsupported).toEqual([]);
      await applyAll(ctx, statements);
      expect(diffSchemas(expected, await introspect(ctx)).map((difference) => difference.message)).toEqual([]);
    } finally {
      await store.close();
    }
  });
});

describe('migrationSource', () => {
  it('writes a migration class with the statements of each dialect', () => {
    const source = migrationSource('search-probes-2', { sqlite: ["INSERT INTO x VALUES ('it''s')"], postgresql: [] });
    expect(source).toContain('export class SearchProbes2Migration extends SchemaMigration');
    expect(source).toContain("sqlite: [\n        'INSERT INTO x VALUES (\\'it\\'\\'s\\')',\n      ],");
    expect(source).toContain('postgresql: [],');
  });
});
