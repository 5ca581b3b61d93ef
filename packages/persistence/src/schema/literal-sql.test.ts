import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { checkLiteralSql, literalTexts, outputNames } from '../test-support/literal-sql-scan.js';
import { SCHEMA } from './index.js';

/** The package's sources, but tests, test support, committed migrations (history) and the description itself. */
const SOURCE_ROOT = join(__dirname, '..');
const EXCLUDED = /(\.test\.ts$|^test-support\/|^migrations\/|^schema\/)/;

function sources(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return sources(path);
      return path.endsWith('.ts') && !EXCLUDED.test(relative(SOURCE_ROOT, path)) ? [path] : [];
    });
}

describe('SQL written with literal names', () => {
  it('names only tables and columns of the schema description (or names its own file declares)', () => {
    const files = sources(SOURCE_ROOT).map((path) => ({ name: relative(SOURCE_ROOT, path), source: readFileSync(path, 'utf8') }));
    const shared = new Set(files.flatMap((file) => [...outputNames(file.source)]));
    const problems = files.flatMap((file) =>
      checkLiteralSql(SCHEMA, file.name, file.source, shared).map((problem) => `${problem.file}: ${problem.message}`),
    );
    expect(files.map((file) => file.name)).toEqual(expect.arrayContaining(['search/field-families.ts', 'search/search-indexer.ts']));
    expect(problems).toEqual([]);
  });

  it('reports a misspelt table, column or INSERT column, and accepts declared CTEs and aliases', () => {
    const check = (source: string): string[] => checkLiteralSql(SCHEMA, 'probe.ts', source).map((problem) => problem.message);
    expect(check("const a = sql('SELECT remote_idd FROM contnet c WHERE c.id = ?');")).toEqual([
      "unknown table 'contnet'",
      "unknown name 'remote_idd'",
    ]);
    expect(check("const a = sql('SELECT sf.content_idd FROM search_field sf WHERE sf.field_def_identifier = ?');")).toEqual([
      "unknown column 'content_idd' of search_field (as sf)",
    ]);
    expect(check("const a = sql('INSERT INTO bookmark (user_id, location) VALUES (?, ?)');")).toEqual([
      "unknown column 'bookmark.location' in an INSERT column list",
    ]);
    expect(check('const a = sql(`WITH RECURSIVE up(id) AS (SELECT id FROM url_alias WHERE id = ?) SELECT up.id FROM up`);')).toEqual([]);
    expect(check('const a = sql(`SELECT ${x} FROM ${t} WHERE ${t.id} = ?`);')).toEqual([]);
  });

  it('reads the text of string and template literals, without substitutions, imports and error messages', () => {
    const texts = literalTexts("import x from './x.js';\nconst a = `FROM ${t} WHERE b = 1`;\nthrow new Error('FROM nowhere');\nconst c = 'd';");
    expect(texts).toEqual(['FROM  ?  WHERE b = 1', 'd']);
  });
});
