import { PassThrough, Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from '@jest/globals';
import { Row } from '../db/row.js';
import { MIGRATION_NAMES } from '../migrations/migration-names.js';
import { TABLES, type ColumnDescription } from '../schema/index.js';
import { buildSmallSeed } from '../test-support/small-seed.js';
import { testDialects, type TestStore } from '../test-support/test-stores.js';
import { describeDialect } from '../test-support/dialect-suite.js';
import type { Persistence } from '../index.js';
import { ARCHIVE_FORMAT_VERSION, ARCHIVED_TABLES, ArchiveError, decodeManifest, EXCLUDED_TABLES } from './archive-format.js';
import { decodeValue, encodeValue } from './value-encoding.js';

const column = (type: ColumnDescription['type'], nullable = false): ColumnDescription => ({
  name: 'c',
  type,
  nullable,
  binary: false,
  defaultValue: null,
  identity: null,
  sqlite: null,
});

describe('archive value encoding', () => {
  it.each([
    ['integer', 'sqlite', 42, 42],
    ['bigint', 'postgresql', '1700000000', 1700000000],
    ['boolean', 'sqlite', 1, true],
    ['boolean', 'postgresql', false, false],
    ['text', 'sqlite', 'Grüße ✓', 'Grüße ✓'],
    ['varchar(20)', 'postgresql', 'eng-GB', 'eng-GB'],
    ['json', 'sqlite', '{"a": [1, "x"]}', '{"a":[1,"x"]}'],
    ['json', 'postgresql', { a: [1, 'x'] }, '{"a":[1,"x"]}'],
    ['bytes', 'sqlite', Buffer.from([0, 255, 7]), 'AP8H'],
  ] as const)('encodes a %s read from %s engine-neutrally', (type, dialect, stored, encoded) => {
    const row = Row.of({ c: stored }, dialect);
    expect(encodeValue(column(type), row)).toEqual(encoded);
  });

  it('keeps SQL NULL apart from a JSON null document', () => {
    expect(encodeValue(column('json', true), Row.of({ c: null }, 'sqlite'))).toBeNull();
    expect(encodeValue(column('json', true), Row.of({ c: 'null' }, 'sqlite'))).toBe('null');
    expect(decodeValue('t', column('json', true), 'null')).toBe('null');
    expect(decodeValue('t', column('json', true), null)).toBeNull();
  });

  it('decodes what it encodes into the values statements bind', () => {
    expect(decodeValue('t', column('bytes'), 'AP8H')).toEqual(Buffer.from([0, 255, 7]));
    expect(decodeValue('t', column('boolean'), true)).toBe(true);
    expect(decodeValue('t', column('bigint'), 1700000000)).toBe(1700000000);
    expect(decodeValue('t', column('varchar(6)'), 'eng-GB')).toBe('eng-GB');
  });

  it('refuses integers beyond 2^53 on export', () => {
    expect(() => encodeValue(column('bigint'), Row.of({ c: '9007199254740993' }, 'postgresql'))).toThrow('not a safe integer');
  });

  it.each([
    ['integer', '5', 'an integer'],
    ['integer', 1.5, 'an integer'],
    ['boolean', 1, 'a boolean'],
    ['json', '{not json', 'JSON text'],
    ['bytes', 'not base64!', 'base64 bytes'],
    ['varchar(3)', 'abcd', 'at most 3 characters'],
    ['text', null, 'NOT NULL'],
  ] as const)('refuses a %s archive value %j as a corrupt archive', (type, value, message) => {
    const decode = (): unknown => decodeValue('t', column(type), value);
    expect(decode).toThrow(ArchiveError);
    expect(decode).toThrow(message);
  });
});

describe('archive manifest', () => {
  const manifest = (changes: Record<string, unknown>): string =>
    JSON.stringify({
      format: 'contentrepo-archive',
      formatVersion: ARCHIVE_FORMAT_VERSION,
      created: '2026-01-01T00:00:00.000Z',
      sourceDialect: 'sqlite',
      migrations: [...MIGRATION_NAMES],
      tables: [],
      sequences: {},
      serials: {},
      files: 0,
      ...changes,
    });

  it('accepts this build’s format and schema', () => {
    expect(decodeManifest(manifest({})).migrations).toEqual(MIGRATION_NAMES);
  });

  it('refuses another format version, a newer schema and an older one as incompatible, naming the cause', () => {
    const refusal = (changes: Record<string, unknown>): unknown => {
      try {
        decodeManifest(manifest(changes));
      } catch (error) {
        return error;
      }
      return null;
    };
    expect(refusal({ formatVersion: 2 })).toMatchObject({ reason: 'incompatible', message: expect.stringContaining('format version 2') });
    expect(refusal({ migrations: [...MIGRATION_NAMES, '9999-future'] })).toMatchObject({ reason: 'incompatible', message: expect.stringContaining('newer schema') });
    expect(refusal({ migrations: MIGRATION_NAMES.slice(0, -1) })).toMatchObject({ reason: 'incompatible', message: expect.stringContaining('older schema') });
    expect(refusal({ format: 'zip' })).toMatchObject({ reason: 'corrupt' });
    expect(refusal({ files: -1 })).toMatchObject({ reason: 'corrupt' });
  });

  it('archives every described table except the excluded ones', () => {
    const archived = new Set(ARCHIVED_TABLES.map((table) => table.name));
    for (const ref of Object.values(TABLES)) expect(archived.has(ref.$name) || EXCLUDED_TABLES.has(ref.$name)).toBe(true);
    expect(archived.has('session')).toBe(false);
    expect(archived.has('webhook')).toBe(true);
  });
});

/** Every archived table's rows, sorted, as the engine-neutral encoding writes them. */
async function dump(store: TestStore): Promise<Record<string, unknown[]>> {
  const tables: Record<string, unknown[]> = {};
  for (const table of ARCHIVED_TABLES) {
    const rows = await store.query(`SELECT * FROM ${table.name} ORDER BY ${table.primaryKey.join(', ')}`);
    // JSON compared parsed: PostgreSQL's jsonb keeps keys in its own order.
    tables[table.name] = rows.map((row) =>
      table.columns.map((description) => {
        const value = encodeValue(description, row);
        return description.type === 'json' && typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
      }),
    );
  }
  return tables;
}

async function exportToBuffer(store: Persistence): Promise<Buffer> {
  const output = new PassThrough();
  const bytes = buffer(output);
  await store.exportArchive(output);
  return bytes;
}

for (const source of testDialects()) {
  for (const target of testDialects()) {
    const skipped = source.skipReason ?? target.skipReason;
    describeDialect(skipped === undefined ? source : { ...source, skipReason: skipped }, `archive from ${source.name} into ${target.name}`, () => {
      it('reproduces every archived row and stored file, and refuses a cut archive or a repository with content', async () => {
        const from = await source.create({ storage: 'database' });
        const into = await target.create();
        try {
          await from.seedImporter.import(buildSmallSeed());
          await from.storage.put('images/1/2/photo.png', Buffer.from('png bytes'));
          await from.storage.put('original/file name.bin', Readable.from([Buffer.alloc(300_000, 7), Buffer.from('end')]));
          const progress: string[] = [];
          const archive = await exportToBuffer(from);

          const cut = archive.subarray(0, Math.floor(archive.length * 0.8));
          await expect(into.importArchive(Readable.from([cut]))).rejects.toMatchObject({ reason: 'corrupt' });
          expect(await into.seedImporter.isEmpty()).toBe(true);
          expect(await into.storage.get('images/1/2/photo.png')).toBeNull();

          const summary = await into.importArchive(Readable.from([archive]), { onProgress: (done, total, phase) => progress.push(`${phase} ${done}/${total}`) });
          expect(summary).toMatchObject({ sourceDialect: from.driver, files: 2, fileBytes: 9 + 300_003 });
          expect(progress).toContain('files 2/2');
          expect(await dump(into)).toEqual(await dump(from));
          const file = await into.storage.get('original/file name.bin');
          expect(file === null ? null : (await buffer(Readable.from(file.stream))).toString('latin1')).toBe(`${'\x07'.repeat(300_000)}end`);

          await expect(into.importArchive(Readable.from([archive]))).rejects.toMatchObject({ reason: 'not-empty' });
          await expect(into.importArchive(Readable.from([archive]), { force: true })).resolves.toMatchObject({ rows: summary.rows });
          expect(await dump(into)).toEqual(await dump(from));
        } finally {
          await from.close();
          await into.close();
        }
      });
    });
  }
}

describe('archive layout', () => {
  it('is a gzip’d tar with the manifest first and the trailer last', async () => {
    const [dialect] = testDialects();
    if (dialect === undefined) throw new Error('no dialect');
    const store = await dialect.create();
    try {
      await store.seedImporter.import(buildSmallSeed());
      const tar = gunzipSync(await exportToBuffer(store));
      const names: string[] = [];
      for (let offset = 0; offset + 512 <= tar.length; ) {
        const name = tar.subarray(offset, offset + 100).toString('utf8').replace(/\0.*$/s, '');
        if (name === '') break;
        const size = parseInt(tar.subarray(offset + 124, offset + 136).toString('utf8').replace(/\0.*$/s, '').trim(), 8);
        names.push(name);
        offset += 512 + Math.ceil(size / 512) * 512;
      }
      expect(names[0]).toBe('manifest.json');
      expect(names.at(-1)).toBe('end.json');
      expect(names).toContain('tables/content/00000000.ndjson');
      // A tampered row is a corrupt archive, and nothing is imported.
      const tampered = gzipSync(Buffer.from(tar.toString('latin1').replace(',true]', ',7777]'), 'latin1'));
      const target = await dialect.create();
      try {
        await expect(target.importArchive(Readable.from([tampered]))).rejects.toThrow('expects a boolean');
        expect(await target.seedImporter.isEmpty()).toBe(true);
      } finally {
        await target.close();
      }
    } finally {
      await store.close();
    }
  });
});
