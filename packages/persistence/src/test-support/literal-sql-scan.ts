import ts from 'typescript';
import type { SchemaDescription } from '../schema/index.js';

/**
 * Checks the SQL that source files still write with literal names against the schema description: the text of
 * every string and template literal that looks like SQL (template substitutions, which carry the description's
 * names, are left out) — tables after FROM / JOIN / INTO / UPDATE, the column lists of `INSERT INTO t (…)`, every
 * `alias.column` and every bare lower-case identifier — and every literal that is one snake_case name (a table or
 * column handed to a function). Names that are not the description's are accepted only
 * when the same file declares them: CTEs (`WITH [RECURSIVE] name(columns)`), aliases (`FROM t a`, `) a`,
 * `AS a`), functions (a name followed by `(`), plus SQL's own lower-case words and types.
 */

/** A literal name the description does not know. */
export interface LiteralSqlProblem {
  readonly file: string;
  readonly message: string;
}

/** Lower-case words of SQL (types, functions without parentheses, JSON members, upsert's pseudo-table). */
const SQL_WORDS = new Set([
  ...['excluded', 'integer', 'text', 'varchar', 'jsonb', 'json', 'float8', 'bigint', 'boolean', 'true', 'false'],
  // json_each's columns, a PostgreSQL sequence's last value and whether it was handed out, SQLite's row id,
  // PostgreSQL's inserting transaction.
  ...['value', 'key', 'last_value', 'is_called', 'rowid', 'xmin'],
]);

/**
 * Tables outside the description, with the columns statements may write: SQLite's catalogue, its AUTOINCREMENT
 * counters, and MikroORM's record of applied migrations.
 */
const SYSTEM_COLUMNS: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['sqlite_master', new Set<string>()],
  ['sqlite_sequence', new Set(['name', 'seq'])],
  ['mikro_orm_migrations', new Set<string>()],
]);
const SYSTEM_TABLES = new Set(SYSTEM_COLUMNS.keys());

/** Literals that are SQL: an upper-case keyword, or a comparison with a placeholder. */
const SQL_HINT =
  /\b(SELECT|WITH|FROM|JOIN|WHERE|INSERT INTO|UPDATE|DELETE|RETURNING|ORDER BY|GROUP BY|ON CONFLICT|EXISTS|AND|OR|IS (NOT )?NULL)\b|[=<>] \?/;

/** The text pieces of a file's string and template literals (substitutions and module specifiers left out). */
export function literalTexts(source: string, fileName = 'source.ts'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const texts: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    // Error messages are prose, even when they quote SQL.
    if (ts.isNewExpression(node) && /Error$/.test(node.expression.getText(file))) return;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) texts.push(node.text);
    else if (ts.isTemplateExpression(node)) {
      // A substitution ends the piece before it: '?' marks it, so that `FROM ${t}` is not read as `FROM <next piece>`.
      texts.push([node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ? '));
      for (const span of node.templateSpans) visit(span.expression);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return texts;
}

/** Names a file declares: CTEs with their columns, aliases. */
interface DeclaredNames {
  readonly ctes: Set<string>;
  /** CTE columns, derived-table and result aliases. */
  readonly locals: Set<string>;
  /** Table aliases to their table. */
  readonly aliases: Map<string, string>;
}

function declaredNames(texts: readonly string[], tables: ReadonlySet<string>): DeclaredNames {
  const ctes = new Set<string>();
  const locals = new Set<string>();
  const aliases = new Map<string, string>();
  for (const text of texts) {
    for (const match of text.matchAll(/\b(?:WITH(?: RECURSIVE)?|,)\s+([a-z_]\w*)\s*(?:\(([^)]*)\))?\s+AS\s*(?:MATERIALIZED\s*)?\(/g)) {
      ctes.add(match[1] ?? '');
      for (const column of (match[2] ?? '').split(',')) if (column.trim() !== '') locals.add(column.trim());
    }
    for (const match of text.matchAll(/\bWITH RECURSIVE ([a-z_]\w*)\(([^)]*)\)/g)) {
      ctes.add(match[1] ?? '');
      for (const column of (match[2] ?? '').split(',')) locals.add(column.trim());
    }
    for (const match of text.matchAll(/\b(?:FROM|JOIN)\s+([a-z_]\w*)\s+(?:AS\s+)?([a-z_]\w*)\b/g)) {
      const [, table = '', alias = ''] = match;
      if (tables.has(table)) aliases.set(alias, table);
      else locals.add(alias);
    }
    for (const match of text.matchAll(/\)\s+(?:AS\s+)?([a-z_]\w*)\b/g)) locals.add(match[1] ?? '');
    for (const match of text.matchAll(/\bAS\s+([a-z_]\w*)/g)) locals.add(match[1] ?? '');
  }
  return { ctes, locals, aliases };
}

/** The result columns a file's SQL names (`AS name`): other files read them from rows. */
export function outputNames(source: string): Set<string> {
  return new Set(literalTexts(source).flatMap((text) => [...text.matchAll(/\bAS\s+([a-z_]\w*)/g)].map((match) => match[1] ?? '')));
}

/**
 * Every literal SQL name of a source file that the description does not explain; `shared` are result columns
 * other files declare ({@link outputNames}).
 */
export function checkLiteralSql(
  schema: SchemaDescription,
  file: string,
  source: string,
  shared: ReadonlySet<string> = new Set(),
): LiteralSqlProblem[] {
  const columnsOf = new Map(schema.tables.map((table) => [table.name, new Set(table.columns.map((column) => column.name))]));
  const tables = new Set(columnsOf.keys());
  const allColumns = new Set([...columnsOf.values()].flatMap((columns) => [...columns]));
  const literals = literalTexts(source, file);
  const texts = literals.filter((text) => SQL_HINT.test(text));
  const { ctes, locals, aliases } = declaredNames(texts, tables);
  for (const name of shared) locals.add(name);
  // Branches naming their table and alias apart (`table: 'search_field', alias: 'sf'`).
  for (const match of source.matchAll(/\btable: '([a-z_]\w*)',\s*alias: '([a-z_]\w*)'/g)) {
    const [, table = '', alias = ''] = match;
    if (tables.has(table)) aliases.set(alias, table);
  }
  const problems: LiteralSqlProblem[] = [];
  const report = (message: string): void => {
    if (!problems.some((problem) => problem.message === message)) problems.push({ file, message });
  };
  // A snake_case name alone in a literal is a table or column handed to a function (`key('sf', 'sort_key_int')`).
  for (const name of literals.filter((text) => /^[a-z][a-z0-9]*(_[a-z0-9]+)+$/.test(text))) {
    const known = tables.has(name) || SYSTEM_TABLES.has(name) || allColumns.has(name) || locals.has(name) || ctes.has(name) || SQL_WORDS.has(name);
    if (!known) report(`unknown name '${name}'`);
  }
  for (const raw of texts) {
    const text = raw.replace(/'(?:[^']|'')*'/g, "''");
    for (const match of text.matchAll(/\b(?:FROM|JOIN|INTO|UPDATE)\s+([a-z_]\w*)\b(\s*\()?/g)) {
      const [, name = '', call] = match;
      if (call === undefined && !tables.has(name) && !SYSTEM_TABLES.has(name) && !ctes.has(name)) report(`unknown table '${name}'`);
    }
    for (const match of text.matchAll(/\bINSERT INTO\s+([a-z_]\w*)\s*\(([^)]*)\)/g)) {
      const [, table = '', list = ''] = match;
      for (const column of list.split(',').map((part) => part.trim()).filter((part) => /^[a-z_]\w*$/.test(part))) {
        if (!(columnsOf.get(table)?.has(column) ?? SYSTEM_COLUMNS.get(table)?.has(column) ?? false)) report(`unknown column '${table}.${column}' in an INSERT column list`);
      }
    }
    for (const match of text.matchAll(/(?<![\w.$'])([a-z_]\w*)\.([a-z_]\w*)\b(?!\s*\()/g)) {
      const [, alias = '', column = ''] = match;
      const table = aliases.get(alias) ?? (tables.has(alias) ? alias : undefined);
      if (table !== undefined) {
        if (!(columnsOf.get(table)?.has(column) ?? SYSTEM_COLUMNS.get(table)?.has(column) ?? false)) report(`unknown column '${column}' of ${table} (as ${alias})`);
      } else if (!allColumns.has(column) && !locals.has(column) && !SQL_WORDS.has(column)) report(`unknown column '${alias}.${column}'`);
    }
    // Bare names; a name after FROM / JOIN / INTO / UPDATE was checked as a table above.
    for (const match of text.matchAll(/(?<![\w.$'])(?<!(?:FROM|JOIN|INTO|UPDATE)\s+)([a-z_]\w*)\b(?!\s*\(|\.)/g)) {
      const name = match[1] ?? '';
      const known = tables.has(name) || allColumns.has(name) || ctes.has(name) || locals.has(name) || aliases.has(name) || SQL_WORDS.has(name);
      if (!known) report(`unknown name '${name}'`);
    }
  }
  return problems;
}
