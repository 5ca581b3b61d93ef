import type { Row } from '../db/row.js';
import type { SqlContext } from '../db/sql-context.js';
import { POSTGRES_SEQUENCE_SUFFIX } from './index.js';
import { normaliseSql, type DatabaseForeignKey, type DatabaseIndex, type DatabaseSchema, type DatabaseTable } from './expected-schema.js';

/**
 * Reads the schema of the database a context is connected to (SQLite: `sqlite_master` and the table-valued
 * pragmas; PostgreSQL: the catalogs of the current schema) into a {@link DatabaseSchema}. MikroORM's own
 * `mikro_orm_migrations` and SQLite's internal tables are left out.
 */
export async function introspect(ctx: SqlContext): Promise<DatabaseSchema> {
  return ctx.dialect === 'sqlite' ? introspectSqlite(ctx) : introspectPostgres(ctx);
}

const IGNORED_TABLES = new Set(['mikro_orm_migrations']);

/**
 * The trigram accelerators of migration 0011 (an FTS5 table with its shadow tables on SQLite, a `pg_trgm` GIN index
 * on PostgreSQL, which may be missing): optional, outside the description, left out here. So are the inverted
 * indexes of the word lists of migration 0013 (FTS5 on SQLite, GIN on PostgreSQL), the database's own objects.
 */
const TRIGRAM_TABLE = /^(search_field_trigram|search_word_list_fts)(_data|_idx|_config|_docsize|_content)?$/;
const IGNORED_INDEXES = new Set(['search_field_sort_key_string_trigram_index', 'search_word_list_word_ids_index']);

/** The parts of a CREATE TABLE body separated by top-level commas. */
function topLevelParts(sql: string): string[] {
  const body = sql.slice(sql.indexOf('(') + 1, sql.lastIndexOf(')'));
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < body.length; index++) {
    const char = body[index];
    if (char === '(') depth++;
    else if (char === ')') depth--;
    else if (char === ',' && depth === 0) {
      parts.push(body.slice(start, index).trim());
      start = index + 1;
    }
  }
  parts.push(body.slice(start).trim());
  return parts;
}

/** The column a part of a CREATE TABLE body defines (null for table constraints, whose first word is no column). */
const definedColumn = (part: string): string | null => /^[`"[]?(\w+)[`"\]]?\s/.exec(part)?.[1] ?? null;

/** The collation a SQLite column definition declares (BINARY, SQLite's default, when none). */
function sqliteCollation(tableSql: string, column: string): string {
  const definition = topLevelParts(tableSql).find((part) => definedColumn(part) === column);
  const declared = definition === undefined ? null : /\bCOLLATE\s+"?(\w+)"?/i.exec(definition);
  return declared?.[1]?.toUpperCase() ?? 'BINARY';
}

/** The key expressions of an index's CREATE statement (the top-level parts of its key list). */
function indexKeyTexts(indexSql: string): string[] {
  const on = /\bON\s+[`"]?\w+[`"]?\s*\(/i.exec(indexSql);
  if (on === null) return [];
  let depth = 1;
  let end = on.index + on[0].length;
  for (; end < indexSql.length && depth > 0; end++) {
    if (indexSql[end] === '(') depth++;
    else if (indexSql[end] === ')') depth--;
  }
  return topLevelParts(`(${indexSql.slice(on.index + on[0].length, end - 1)})`);
}

async function introspectSqlite(ctx: SqlContext): Promise<DatabaseSchema> {
  const tables: DatabaseTable[] = [];
  const master = await ctx.rawRows(
    "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name",
  );
  for (const table of master) {
    const name = table.str('name');
    if (IGNORED_TABLES.has(name) || TRIGRAM_TABLE.test(name)) continue;
    const sql = table.str('sql');
    const withoutRowId = /\bWITHOUT\s+ROWID\s*$/i.test(sql);
    const info = await ctx.rawRows('SELECT name, type, "notnull" AS not_null, dflt_value, pk FROM pragma_table_info(?) ORDER BY cid', [name]);
    const primaryKey = info.filter((row) => row.int('pk') > 0).sort((a, b) => a.int('pk') - b.int('pk')).map((row) => row.str('name'));
    const [single] = primaryKey;
    const rowIdAlias = (column: Row): boolean =>
      !withoutRowId && primaryKey.length === 1 && single === column.str('name') && column.str('type').toUpperCase() === 'INTEGER';
    tables.push({
      name,
      columns: info.map((column) => ({
        name: column.str('name'),
        type: column.str('type').toLowerCase(),
        nullable: column.int('not_null') === 0 && !rowIdAlias(column),
        default: column.strOrNull('dflt_value'),
        collation: sqliteCollation(sql, column.str('name')),
        generated: rowIdAlias(column) && /\bAUTOINCREMENT\b/i.test(sql),
      })),
      primaryKey,
      uniques: [],
      indexes: await sqliteIndexes(ctx, name),
      foreignKeys: await sqliteForeignKeys(ctx, name, sql),
      withoutRowId,
    });
  }
  const hasSequences = master.some((table) => table.str('name') === 'id_sequence');
  const sequences = hasSequences ? await ctx.rawRows('SELECT name FROM id_sequence ORDER BY name') : [];
  return { tables, idSequences: sequences.map((row) => row.str('name')) };
}

async function sqliteIndexes(ctx: SqlContext, table: string): Promise<DatabaseIndex[]> {
  const indexes: DatabaseIndex[] = [];
  const list = await ctx.rawRows('SELECT name, "unique" AS is_unique, origin FROM pragma_index_list(?) ORDER BY name', [table]);
  for (const index of list) {
    if (index.str('origin') === 'pk') continue;
    const name = index.str('name');
    const [created] = await ctx.rawRows("SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?", [name]);
    const sql = created?.strOrNull('sql') ?? '';
    const texts = indexKeyTexts(sql);
    const columns = await ctx.rawRows('SELECT seqno, cid, name FROM pragma_index_xinfo(?) WHERE key = 1 ORDER BY seqno', [name]);
    const where = /\)\s*WHERE\s+(.*)$/is.exec(sql)?.[1] ?? null;
    indexes.push({
      name,
      keys: columns.map((column, position) => normaliseSql(column.int('cid') >= 0 ? column.str('name') : (texts[position] ?? '?'))),
      unique: index.int('is_unique') === 1,
      where: where === null ? null : normaliseSql(where),
    });
  }
  return indexes;
}

/** The columns of a `FOREIGN KEY (…)` table constraint, or null for another part of a CREATE TABLE body. */
function foreignKeyColumns(part: string): string | null {
  const columns = /\bFOREIGN\s+KEY\s*\(([^)]*)\)/i.exec(part)?.[1];
  return columns === undefined ? null : columns.split(',').map((column) => column.trim().replace(/^[`"[]|[`"\]]$/g, '')).join(',');
}

/** Whether the table constraint of a SQLite table on `columns` is `DEFERRABLE INITIALLY DEFERRED` (no pragma reports it). */
function sqliteDeferred(tableSql: string, columns: readonly string[]): boolean {
  const part = topLevelParts(tableSql).find((candidate) => foreignKeyColumns(candidate) === columns.join(','));
  return part !== undefined && /\bDEFERRABLE\s+INITIALLY\s+DEFERRED\b/i.test(part);
}

async function sqliteForeignKeys(ctx: SqlContext, table: string, tableSql: string): Promise<DatabaseForeignKey[]> {
  const rows = await ctx.rawRows(
    'SELECT id, seq, "table" AS target, "from" AS source, "to" AS referenced, on_update, on_delete ' +
      'FROM pragma_foreign_key_list(?) ORDER BY id, seq',
    [table],
  );
  const byId = new Map<number, Row[]>();
  for (const row of rows) byId.set(row.int('id'), [...(byId.get(row.int('id')) ?? []), row]);
  return [...byId.values()].map((parts) => {
    const columns = parts.map((part) => part.str('source'));
    return {
      name: null,
      columns,
      table: parts[0]?.str('target') ?? '',
      referencedColumns: parts.map((part) => part.str('referenced')),
      onDelete: parts[0]?.str('on_delete').toLowerCase() ?? '',
      onUpdate: parts[0]?.str('on_update').toLowerCase() ?? '',
      deferred: sqliteDeferred(tableSql, columns),
    };
  });
}

/** PostgreSQL's `confdeltype` / `confupdtype` codes. */
const ACTIONS: Readonly<Record<string, string>> = { a: 'no action', r: 'restrict', c: 'cascade', n: 'set null', d: 'set default' };

const PG_COLUMNS =
  'SELECT c.relname AS table_name, a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS not_null, ' +
  'pg_get_expr(d.adbin, d.adrelid) AS dflt, co.collname AS collation FROM pg_class c ' +
  'JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped ' +
  'LEFT JOIN pg_attrdef d ON d.adrelid = c.oid AND d.adnum = a.attnum LEFT JOIN pg_collation co ON co.oid = a.attcollation ' +
  "WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r' ORDER BY c.relname, a.attnum";
const PG_CONSTRAINTS =
  'SELECT t.relname AS table_name, k.conname AS name, k.contype AS kind, f.relname AS target, k.confdeltype AS on_delete, ' +
  'k.confupdtype AS on_update, k.condeferred AS deferred, ' +
  '(SELECT string_agg(a.attname, \',\' ORDER BY u.n) FROM unnest(k.conkey) WITH ORDINALITY u(attnum, n) ' +
  'JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = u.attnum) AS columns, ' +
  '(SELECT string_agg(a.attname, \',\' ORDER BY u.n) FROM unnest(k.confkey) WITH ORDINALITY u(attnum, n) ' +
  'JOIN pg_attribute a ON a.attrelid = k.confrelid AND a.attnum = u.attnum) AS referenced ' +
  'FROM pg_constraint k JOIN pg_class t ON t.oid = k.conrelid LEFT JOIN pg_class f ON f.oid = k.confrelid ' +
  "WHERE t.relnamespace = current_schema()::regnamespace AND k.contype IN ('p', 'u', 'f') ORDER BY t.relname, k.conname";
const PG_INDEXES =
  'SELECT t.relname AS table_name, i.relname AS name, x.indisunique AS is_unique, pg_get_expr(x.indpred, x.indrelid, true) AS predicate, ' +
  '(SELECT string_agg(pg_get_indexdef(x.indexrelid, k, true), E\'\\n\' ORDER BY k) FROM generate_series(1, x.indnkeyatts) k) AS keys ' +
  'FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid ' +
  'WHERE t.relnamespace = current_schema()::regnamespace AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = x.indexrelid) ' +
  'ORDER BY t.relname, i.relname';
const PG_FREE_SEQUENCES =
  "SELECT s.relname AS name FROM pg_class s WHERE s.relnamespace = current_schema()::regnamespace AND s.relkind = 'S' " +
  "AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = s.oid AND d.deptype IN ('a', 'i')) " +
  'ORDER BY s.relname';

async function introspectPostgres(ctx: SqlContext): Promise<DatabaseSchema> {
  const [columns, constraints, indexes, sequences] = [
    await ctx.rawRows(PG_COLUMNS),
    await ctx.rawRows(PG_CONSTRAINTS),
    await ctx.rawRows(PG_INDEXES),
    await ctx.rawRows(PG_FREE_SEQUENCES),
  ];
  const names = [...new Set(columns.map((row) => row.str('table_name')))].filter((name) => !IGNORED_TABLES.has(name));
  const split = (text: string | null): string[] => (text === null ? [] : text.split(','));
  const tables = names.map((name): DatabaseTable => {
    const own = constraints.filter((row) => row.str('table_name') === name);
    const ofKind = (kind: string): Row[] => own.filter((row) => row.str('kind') === kind);
    return {
      name,
      columns: columns
        .filter((row) => row.str('table_name') === name)
        .map((row) => {
          const fallback = row.strOrNull('dflt');
          const generated = fallback !== null && fallback.startsWith('nextval(');
          return {
            name: row.str('name'),
            type: row.str('type').replace(/^character varying/, 'varchar'),
            nullable: !row.bool('not_null'),
            default: generated ? null : fallback,
            collation: row.strOrNull('collation'),
            generated,
          };
        }),
      primaryKey: split(ofKind('p')[0]?.strOrNull('columns') ?? null),
      uniques: ofKind('u').map((row) => ({ name: row.str('name'), columns: split(row.strOrNull('columns')) })),
      indexes: indexes
        .filter((row) => row.str('table_name') === name && !IGNORED_INDEXES.has(row.str('name')))
        .map((row) => {
          const predicate = row.strOrNull('predicate');
          return {
            name: row.str('name'),
            keys: (row.strOrNull('keys') ?? '').split('\n').map(normaliseSql),
            unique: row.bool('is_unique'),
            where: predicate === null ? null : normaliseSql(predicate),
          };
        }),
      foreignKeys: ofKind('f').map((row) => ({
        name: row.str('name'),
        columns: split(row.strOrNull('columns')),
        table: row.str('target'),
        referencedColumns: split(row.strOrNull('referenced')),
        onDelete: ACTIONS[row.str('on_delete')] ?? row.str('on_delete'),
        onUpdate: ACTIONS[row.str('on_update')] ?? row.str('on_update'),
        deferred: row.bool('deferred'),
      })),
      withoutRowId: false,
    };
  });
  const idSequence = (name: string): string => (name.endsWith(POSTGRES_SEQUENCE_SUFFIX) ? name.slice(0, -POSTGRES_SEQUENCE_SUFFIX.length) : name);
  return { tables, idSequences: sequences.map((row) => idSequence(row.str('name'))) };
}
