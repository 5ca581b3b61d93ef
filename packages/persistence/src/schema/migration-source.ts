import type { Dialect } from '../db/dialect.js';
import {
  addColumnSql,
  addUniqueSql,
  alterColumnSql,
  createIdSequenceSql,
  createIndexSql,
  createTableSql,
  dropIdSequenceSql,
  dropUniqueSql,
  foreignKeySql,
  quote,
} from './ddl.js';
import type { SchemaDescription } from './index.js';
import type { SchemaDifference } from './schema-diff.js';
import type { TableDescription } from './table.js';

/** The DDL that makes a database of one dialect match the description, and what cannot be generated. */
export interface MigrationStatements {
  readonly statements: readonly string[];
  /** Differences no generated statement fixes safely (write that migration step by hand). */
  readonly unsupported: readonly string[];
}

/** Phases, so that drops come before creations and tables before what refers to them. */
const Phase = {
  DropForeignKey: 0,
  DropIndex: 1,
  DropColumn: 2,
  DropTable: 3,
  CreateTable: 4,
  AddColumn: 5,
  AlterColumn: 6,
  Sequence: 7,
  CreateIndex: 8,
  AddForeignKey: 9,
} as const;
type Phase = (typeof Phase)[keyof typeof Phase];

const SQLITE_REBUILD =
  'SQLite cannot alter a column or constraint in place; it needs a table rebuild written by hand (create, copy, ' +
  'drop, rename) — and dropping a table that other tables reference cascades inside the migration transaction';

/**
 * The statements of a new migration for one dialect from the differences between the description and a database
 * of that dialect migrated by the committed migrations (`diffSchemas`): tables, columns, indexes, unique
 * constraints and id sequences are created and dropped; PostgreSQL columns and foreign keys are altered. What
 * SQLite can only do by rebuilding a table (column changes, foreign keys of existing tables, primary keys) is
 * reported in `unsupported`, never generated.
 */
export function migrationStatements(schema: SchemaDescription, differences: readonly SchemaDifference[], dialect: Dialect): MigrationStatements {
  const steps: { readonly phase: Phase; readonly rank: number; readonly sql: string }[] = [];
  const unsupported: string[] = [];
  const add = (phase: Phase, ...statements: readonly string[]): void => {
    for (const statement of statements) if (!steps.some((step) => step.sql === statement)) steps.push({ phase, rank: 0, sql: statement });
  };
  /** New tables in description order (referenced tables first), each with its indexes. */
  const addTable = (table: TableDescription): void => {
    const rank = schema.tables.indexOf(table);
    for (const statement of createTableSql(table, dialect)) steps.push({ phase: Phase.CreateTable, rank, sql: statement });
  };
  const described = new Map(schema.tables.map((table) => [table.name, table]));
  const tableOf = (name: string): TableDescription => {
    const table = described.get(name);
    if (table === undefined) throw new Error(`Table ${name} is not described`);
    return table;
  };
  const createIndex = (table: TableDescription, name: string): string => {
    const unique = table.uniques.find((candidate) => candidate.name === name);
    if (unique !== undefined) return addUniqueSql(table.name, unique, dialect);
    const index = table.indexes.find((candidate) => candidate.name === name);
    if (index === undefined) throw new Error(`Index ${name} of ${table.name} is not described`);
    return createIndexSql(table.name, index);
  };
  for (const difference of differences) {
    switch (difference.kind) {
      case 'missing-table':
        addTable(tableOf(difference.table));
        break;
      case 'extra-table':
        add(Phase.DropTable, `DROP TABLE ${quote(difference.table)}`);
        break;
      case 'missing-column': {
        const table = tableOf(difference.table);
        const column = table.columns.find((candidate) => candidate.name === difference.column);
        if (column === undefined) throw new Error(`Column ${difference.column} of ${table.name} is not described`);
        if (table.primaryKey.includes(column.name) || column.identity !== null) {
          unsupported.push(`${difference.message}: a key column needs a new table`);
        } else if (dialect === 'sqlite' && !column.nullable && column.defaultValue === null) {
          unsupported.push(`${difference.message}: SQLite adds a NOT NULL column only with a default`);
        } else add(Phase.AddColumn, addColumnSql(table.name, column, dialect));
        break;
      }
      case 'extra-column':
        add(Phase.DropColumn, `ALTER TABLE ${quote(difference.table)} DROP COLUMN ${quote(difference.column)}`);
        break;
      case 'changed-column': {
        const column = tableOf(difference.table).columns.find((candidate) => candidate.name === difference.column);
        if (dialect === 'sqlite' || difference.property === 'generated' || column === undefined) {
          unsupported.push(`${difference.message}: ${SQLITE_REBUILD}`);
        } else add(Phase.AlterColumn, ...alterColumnSql(difference.table, column));
        break;
      }
      case 'missing-index':
      case 'missing-unique':
        add(Phase.CreateIndex, createIndex(tableOf(difference.table), difference.name));
        break;
      case 'extra-index':
        add(Phase.DropIndex, `DROP INDEX ${quote(difference.name)}`);
        break;
      case 'extra-unique':
        add(Phase.DropIndex, dropUniqueSql(difference.table, difference.name, dialect));
        break;
      case 'changed-index':
        add(Phase.DropIndex, `DROP INDEX ${quote(difference.name)}`);
        add(Phase.CreateIndex, createIndex(tableOf(difference.table), difference.name));
        break;
      case 'changed-unique':
        add(Phase.DropIndex, dropUniqueSql(difference.table, difference.name, dialect));
        add(Phase.CreateIndex, createIndex(tableOf(difference.table), difference.name));
        break;
      case 'missing-foreign-key': {
        const key = tableOf(difference.table).foreignKeys.find((candidate) => candidate.columns.join() === difference.columns.join());
        if (dialect === 'sqlite' || key === undefined) unsupported.push(`${difference.message}: ${SQLITE_REBUILD}`);
        else add(Phase.AddForeignKey, `ALTER TABLE ${quote(difference.table)} ADD ${foreignKeySql(key)}`);
        break;
      }
      case 'extra-foreign-key':
        if (dialect === 'sqlite' || difference.name === null) unsupported.push(`${difference.message}: ${SQLITE_REBUILD}`);
        else add(Phase.DropForeignKey, `ALTER TABLE ${quote(difference.table)} DROP CONSTRAINT ${quote(difference.name)}`);
        break;
      case 'changed-primary-key':
      case 'changed-without-rowid':
        unsupported.push(`${difference.message}: the table must be rebuilt by hand`);
        break;
      case 'missing-id-sequence':
        add(Phase.Sequence, createIdSequenceSql(difference.name, dialect));
        break;
      case 'extra-id-sequence':
        add(Phase.Sequence, dropIdSequenceSql(difference.name, dialect));
        break;
    }
  }
  const statements = steps
    .map((step, position) => ({ ...step, position }))
    .sort((a, b) => a.phase - b.phase || a.rank - b.rank || a.position - b.position)
    .map((step) => step.sql);
  return { statements, unsupported };
}

/** A single-quoted TypeScript string literal. */
const literal = (text: string): string => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** `repository-management` → `RepositoryManagement`. */
export function pascalCase(name: string): string {
  return name.replace(/(^|-)([a-z0-9])/g, (_, __: string, letter: string) => letter.toUpperCase());
}

/**
 * The source of a migration class writing the statements of each dialect (`SchemaMigration.statements`), to be
 * committed as is: a migration never changes once released, whatever the description becomes.
 */
export function migrationSource(name: string, statements: Readonly<Record<Dialect, readonly string[]>>): string {
  const list = (dialect: Dialect): string =>
    statements[dialect].length === 0 ? '[]' : `[\n${statements[dialect].map((statement) => `        ${literal(statement)},\n`).join('')}      ]`;
  return (
    "import { SchemaMigration } from './schema-migration.js';\n\n" +
    '/**\n' +
    ' * TODO: why the schema changes (what reads or writes the new tables, columns or indexes).\n' +
    ' * Generated from the schema description (`schema:migration`); committed as is, never edited once released.\n' +
    ' */\n' +
    `export class ${pascalCase(name)}Migration extends SchemaMigration {\n` +
    '  override up(): void {\n' +
    '    this.statements({\n' +
    `      sqlite: ${list('sqlite')},\n` +
    `      postgresql: ${list('postgresql')},\n` +
    '    });\n' +
    '  }\n' +
    '}\n'
  );
}
