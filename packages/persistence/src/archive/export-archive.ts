import type { Writable } from 'node:stream';
import type { Dialect } from '../db/dialect.js';
import type { Row } from '../db/row.js';
import type { SqlContext } from '../db/sql-context.js';
import { pendingMigrations } from '../migrate.js';
import { MIGRATION_NAMES } from '../migrations/migration-names.js';
import type { TableDescription } from '../schema/index.js';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  ARCHIVED_TABLES,
  ArchiveError,
  END_ENTRY,
  FILE_ENTRY_PREFIX,
  MANIFEST_ENTRY,
  tableEntryName,
  type ArchiveEnd,
  type ArchiveManifest,
} from './archive-format.js';
import { ArchiveWriter, type ArchiveProgress, type ListableStorage } from './archive-streams.js';
import { readIdSequences, readSerials } from './sequence-positions.js';
import { encodeValue, type ArchiveValue } from './value-encoding.js';

/** Rows an export reads per query and writes per entry, by default. */
export const DEFAULT_EXPORT_BATCH_ROWS = 1000;

/** Options of an export. */
export interface ExportArchiveOptions {
  /**
   * Called after each batch of rows (`phase` `rows`: rows written of the rows counted at the start) and after
   * each binary file (`phase` `files`: files written of those found at the start).
   */
  readonly onProgress?: ArchiveProgress | undefined;
  /** Rows per query and per table entry (default {@link DEFAULT_EXPORT_BATCH_ROWS}). */
  readonly batchRows?: number | undefined;
  /** The archive's creation date (default: now). */
  readonly now?: Date | undefined;
}

/** What an export wrote or an import read. */
export interface ArchiveSummary {
  readonly formatVersion: number;
  /** The engine the archive was written from. */
  readonly sourceDialect: Dialect;
  /** When the archive was written (ISO 8601). */
  readonly created: string;
  /** Rows per table (SQL names). */
  readonly tables: Readonly<Record<string, number>>;
  /** All rows. */
  readonly rows: number;
  /** Binary files, and their bytes in total. */
  readonly files: number;
  readonly fileBytes: number;
}

/**
 * Writes the repository as a portable archive (see `archive-format.ts`) to `output`, streamed: rows are read in
 * keyset-paginated batches of `batchRows` per table, binary files one chunk at a time, so memory stays bounded
 * whatever the repository's size. The rows are read in one transaction — a consistent snapshot: PostgreSQL
 * `REPEATABLE READ, READ ONLY` (writers go on); on SQLite the write transaction, so writers of other processes
 * wait for the export (their busy timeout applies). Binary files are read from `storage` after the rows, inside
 * the same transaction (the `database` storage reads the snapshot; local files are read as they are then).
 * `output` is ended when the archive is complete.
 * @throws ArchiveError `incompatible` when the database lacks migrations of this build (migrate first).
 * @throws the output's or the database's error; the output is destroyed then (a partial archive has no trailer and
 *   is refused by an import).
 */
export async function writeArchive(
  root: SqlContext,
  storage: ListableStorage,
  output: Writable,
  options: ExportArchiveOptions = {},
): Promise<ArchiveSummary> {
  const pending = await pendingMigrations(root);
  if (pending.length > 0) throw new ArchiveError('incompatible', `The database lacks migrations ${pending.join(', ')}: migrate it before exporting`);
  const created = options.now ?? new Date();
  const batchRows = Math.max(1, options.batchRows ?? DEFAULT_EXPORT_BATCH_ROWS);
  const progress = options.onProgress ?? ((): void => undefined);
  const writer = new ArchiveWriter(output, created);
  try {
    const summary = await root.transaction(async (tx) => {
      if (tx.dialect === 'postgresql') await tx.run('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      const counts = await countRows(tx);
      const files = await countFiles(storage);
      const manifest: ArchiveManifest = {
        format: ARCHIVE_FORMAT,
        formatVersion: ARCHIVE_FORMAT_VERSION,
        created: created.toISOString(),
        sourceDialect: tx.dialect,
        migrations: [...MIGRATION_NAMES],
        tables: ARCHIVED_TABLES.map((table) => ({ name: table.name, columns: table.columns.map((column) => column.name), rows: counts.get(table.name) ?? 0 })),
        sequences: await readIdSequences(tx),
        serials: await readSerials(tx),
        files,
      };
      await writer.add(MANIFEST_ENTRY, Buffer.from(JSON.stringify(manifest, null, 2)));
      const totalRows = [...counts.values()].reduce((sum, rows) => sum + rows, 0);
      const rows: Record<string, number> = {};
      let done = 0;
      progress(0, totalRows, 'rows');
      for (const table of ARCHIVED_TABLES) {
        rows[table.name] = await writeTable(tx, table, writer, batchRows, (written) => {
          done += written;
          progress(done, totalRows, 'rows');
        });
      }
      const written = await writeFiles(storage, writer, files, progress);
      const end: ArchiveEnd = { rows, files: written.files, fileBytes: written.bytes };
      await writer.add(END_ENTRY, Buffer.from(JSON.stringify(end)));
      return { formatVersion: ARCHIVE_FORMAT_VERSION, sourceDialect: tx.dialect, created: manifest.created, tables: rows, rows: done, files: written.files, fileBytes: written.bytes };
    });
    await writer.finish();
    return summary;
  } catch (error) {
    writer.abort(error instanceof Error ? error : new Error(String(error)));
    throw error;
  }
}

/** Rows per archived table, counted in the export's snapshot. */
async function countRows(tx: SqlContext): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const table of ARCHIVED_TABLES) {
    const [row] = await tx.rawRows(`SELECT count(*) AS n FROM ${table.name}`);
    counts.set(table.name, row?.int('n') ?? 0);
  }
  return counts;
}

async function countFiles(storage: ListableStorage): Promise<number> {
  let files = 0;
  for await (const key of storage.keys()) if (key !== '') files++;
  return files;
}

/**
 * Writes the rows of `table` in primary-key order, `batchRows` per query (keyset pagination: `WHERE (key…) >
 * (last key…)`), one entry per batch.
 * @returns the number of rows written.
 */
async function writeTable(
  tx: SqlContext,
  table: TableDescription,
  writer: ArchiveWriter,
  batchRows: number,
  onBatch: (rows: number) => void,
): Promise<number> {
  const columns = table.columns.map((column) => column.name).join(', ');
  const key = table.primaryKey.join(', ');
  const keyIndexes = table.primaryKey.map((name) => table.columns.findIndex((column) => column.name === name));
  const first = `SELECT ${columns} FROM ${table.name} ORDER BY ${key} LIMIT ?`;
  const next = `SELECT ${columns} FROM ${table.name} WHERE (${key}) > (${table.primaryKey.map(() => '?').join(', ')}) ORDER BY ${key} LIMIT ?`;
  let last: ArchiveValue[] | null = null;
  let written = 0;
  for (let entry = 0; ; entry++) {
    const lastKey: (string | number)[] = last === null ? [] : keyIndexes.map((index) => keyValue(last?.[index]));
    const rows: Row[] = last === null ? await tx.rawRows(first, [batchRows]) : await tx.rawRows(next, [...lastKey, batchRows]);
    if (rows.length === 0) break;
    const lines: string[] = [];
    for (const row of rows) {
      const values: ArchiveValue[] = table.columns.map((column) => encodeValue(column, row));
      lines.push(JSON.stringify(values));
      last = values;
    }
    await writer.add(tableEntryName(table.name, entry), Buffer.from(`${lines.join('\n')}\n`));
    written += rows.length;
    onBatch(rows.length);
    if (rows.length < batchRows) break;
  }
  return written;
}

/** A primary key value as a binding. @throws Error for a key column of another type (no such table exists). */
function keyValue(value: ArchiveValue | undefined): string | number {
  if (typeof value === 'string' || typeof value === 'number') return value;
  throw new Error(`Export: unexpected primary key value ${JSON.stringify(value)}`);
}

/** Writes every stored file as `files/<key>`, streamed. @returns the files and bytes written. */
async function writeFiles(
  storage: ListableStorage,
  writer: ArchiveWriter,
  expected: number,
  progress: ArchiveProgress,
): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  progress(0, expected, 'files');
  for await (const key of storage.keys()) {
    const file = await storage.get(key);
    if (file === null) continue; // deleted since it was listed
    await writer.addStream(`${FILE_ENTRY_PREFIX}${key}`, file.size, file.stream);
    files++;
    bytes += file.size;
    progress(files, Math.max(expected, files), 'files');
  }
  return { files, bytes };
}
