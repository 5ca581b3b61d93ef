import { beforeAll, expect, it } from '@jest/globals';
import type { Dialect } from '../db/dialect.js';
import { describeOnEachDialect } from '../test-support/dialect-suite.js';
import { expectedSchema, type DatabaseSchema } from './expected-schema.js';
import { SCHEMA, TABLES, type ColumnDescription, type SchemaDescription, type TableDescription } from './index.js';
import { introspect } from './introspection.js';
import { diffSchemas, type SchemaDifference } from './schema-diff.js';

// @ts-expect-error: a misspelt column of the description does not compile.
void TABLES.content.remoteID;
// @ts-expect-error: nor does a table that is not described.
void TABLES.contents;

/** The description with one table changed. */
function changeTable(name: string, change: (table: TableDescription) => TableDescription): SchemaDescription {
  return { ...SCHEMA, tables: SCHEMA.tables.map((table) => (table.name === name ? change(table) : table)) };
}

/** The description with one column changed. */
function changeColumn(table: string, name: string, change: (column: ColumnDescription) => ColumnDescription): SchemaDescription {
  return changeTable(table, (described) => ({
    ...described,
    columns: described.columns.map((column) => (column.name === name ? change(column) : column)),
  }));
}

/** The description with one index changed. */
type Index = TableDescription['indexes'][number];
function changeIndex(table: string, name: string, change: (index: Index) => Index): SchemaDescription {
  return changeTable(table, (described) => ({
    ...described,
    indexes: described.indexes.map((index) => (index.name === name ? change(index) : index)),
  }));
}

/** Descriptions that disagree with the migrated database in one respect each, and the difference expected. */
const DISAGREEMENTS: readonly {
  readonly title: string;
  readonly schema: SchemaDescription;
  readonly kinds: readonly SchemaDifference['kind'][];
  readonly only?: Dialect;
}[] = [
  {
    title: 'a column type',
    schema: changeColumn('content', 'remote_id', (column) => ({ ...column, type: 'varchar(101)' })),
    kinds: ['changed-column'],
  },
  { title: 'nullability', schema: changeColumn('content', 'published', (column) => ({ ...column, nullable: false })), kinds: ['changed-column'] },
  {
    title: 'a default',
    schema: changeColumn('search_field', 'is_empty', (column) => ({ ...column, defaultValue: true })),
    kinds: ['changed-column'],
  },
  { title: 'generated ids', schema: changeColumn('content', 'id', (column) => ({ ...column, identity: null })), kinds: ['changed-column'] },
  {
    title: 'a byte-ordered collation',
    schema: changeColumn('location', 'path_string', (column) => ({ ...column, binary: false })),
    kinds: ['changed-column'],
    only: 'postgresql',
  },
  {
    title: 'a primary key',
    schema: changeTable('content_name', (table) => ({ ...table, primaryKey: ['content_id', 'version_no'] })),
    kinds: ['changed-primary-key'],
  },
  {
    title: 'a covering probe index',
    schema: changeIndex('search_field', 'search_field_content_id_field_def_identifier_index', (index) => ({
      ...index,
      keys: index.keys.slice(0, -1),
    })),
    kinds: ['changed-index'],
  },
  {
    title: 'a partial index predicate',
    schema: changeIndex('content', 'content_published_items_index', (index) => ({ ...index, where: 'status = 2' })),
    kinds: ['changed-index'],
  },
  {
    title: 'an expression index',
    schema: changeIndex('user_account', 'user_account_login_lower_unique', (index) => ({ ...index, keys: [{ expression: 'lower(email)' }] })),
    kinds: ['changed-index'],
  },
  {
    title: 'a unique constraint',
    schema: changeTable('content_type', (table) => ({
      ...table,
      uniques: table.uniques.map((unique) => (unique.name === 'content_type_identifier_status_unique' ? { ...unique, columns: ['identifier'] } : unique)),
    })),
    kinds: ['changed-unique', 'changed-index'],
  },
  {
    title: 'a foreign key action',
    schema: changeTable('content_field', (table) => ({ ...table, foreignKeys: table.foreignKeys.map((key) => ({ ...key, onDelete: 'no action' })) })),
    kinds: ['missing-foreign-key', 'extra-foreign-key'],
  },
  {
    title: 'when a foreign key is checked (at commit or per statement)',
    schema: changeTable('content_field', (table) => ({ ...table, foreignKeys: table.foreignKeys.map((key) => ({ ...key, deferred: !key.deferred })) })),
    kinds: ['missing-foreign-key', 'extra-foreign-key'],
  },
  {
    title: 'WITHOUT ROWID',
    schema: changeTable('bookmark', (table) => ({ ...table, withoutRowId: false })),
    kinds: ['changed-without-rowid'],
    only: 'sqlite',
  },
  { title: 'a table', schema: { ...SCHEMA, tables: SCHEMA.tables.filter((table) => table.name !== 'trash') }, kinds: ['extra-table'] },
  { title: 'an id sequence', schema: { ...SCHEMA, idSequences: [...SCHEMA.idSequences, 'probe'] }, kinds: ['missing-id-sequence'] },
];

it('names id sequences apart from the sequences of serial columns (PostgreSQL `<table>_<column>_seq`)', () => {
  const serials = SCHEMA.tables.flatMap((table) =>
    table.columns.filter((column) => column.identity !== null).map((column) => `${table.name}_${column.name}_seq`),
  );
  for (const name of SCHEMA.idSequences) expect(serials).not.toContain(`${name}_id_seq`);
});

describeOnEachDialect(
  'the migrated database',
  (store) => {
    let dialect: Dialect = 'sqlite';
    let database: DatabaseSchema | undefined;
    beforeAll(async () => {
      const ctx = await store().rawContext();
      dialect = ctx.dialect;
      database = await introspect(ctx);
    });
    const found = (): DatabaseSchema => {
      if (database === undefined) throw new Error('not introspected yet');
      return database;
    };

    it('is exactly what the schema description says', () => {
      expect(diffSchemas(expectedSchema(SCHEMA, dialect), found()).map((difference) => difference.message)).toEqual([]);
      expect(found().tables.map((table) => table.name).sort()).toContain('search_word_list');
    });

    it.each(DISAGREEMENTS)('differs from a description that changes $title', ({ schema, kinds, only }) => {
      const differences = diffSchemas(expectedSchema(schema, dialect), found());
      if (only !== undefined && only !== dialect) expect(differences).toEqual([]);
      else {
        expect(differences.length).toBeGreaterThan(0);
        for (const difference of differences) expect(kinds).toContain(difference.kind);
      }
    });

    it('reads declared SQLite collations and PostgreSQL ones', async () => {
      const ctx = await store().rawContext();
      const folded = ctx.dialect === 'sqlite' ? 'NOCASE' : '"C"';
      await ctx.run(`CREATE TABLE collation_probe (id integer PRIMARY KEY, folded text COLLATE ${folded}, plain text)`);
      try {
        const probe = (await introspect(ctx)).tables.find((table) => table.name === 'collation_probe');
        const collations = probe?.columns.map((column) => column.collation);
        expect(collations).toEqual(ctx.dialect === 'sqlite' ? ['BINARY', 'NOCASE', 'BINARY'] : [null, 'C', 'default']);
      } finally {
        await ctx.run('DROP TABLE collation_probe');
      }
    });
  },
  { seed: false },
);
