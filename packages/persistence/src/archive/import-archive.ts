import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { extract as tarExtract } from 'tar-stream';
import type { SqlContext } from '../db/sql-context.js';
import type { SqlValue } from '../db/sql-session.js';
import { insertRows } from '../db/inserts.js';
import { TABLES, type ColumnDescription, type TableRef } from '../schema/index.js';
import { isValidKey } from '../storage/storage-key.js';
import {
  ARCHIVED_TABLES,
  ArchiveError,
  decodeEnd,
  decodeManifest,
  END_ENTRY,
  FILE_ENTRY_PREFIX,
  MANIFEST_ENTRY,
  tableOfEntry,
  type ArchiveEnd,
  type ArchiveManifest,
} from './archive-format.js';
import { bytesOf, readEntry, type ArchiveProgress, type Entry, type ListableStorage } from './archive-streams.js';
import type { ArchiveSummary } from './export-archive.js';
import { clearTarget, userContentIn } from './import-target.js';
import { restorePositions } from './sequence-positions.js';
import { decodeValue } from './value-encoding.js';

/** Options of an import. */
export interface ImportArchiveOptions {
  /**
   * Replace a repository that holds content of its own (default false: only an empty repository, or one holding
   * nothing but the untouched clean-install data, is replaced).
   */
  readonly force?: boolean | undefined;
  /**
   * Called after each table entry (`phase` `rows`) and each binary file (`phase` `files`), totals from the
   * manifest. It runs inside the import's transaction: it must not use the repository (report, nothing more).
   */
  readonly onProgress?: ArchiveProgress | undefined;
}

/**
 * Table refs by SQL name, for inserts keyed by column key. (Each ref is a `TableRef` of its own keys; read by
 * name, the rows built for it are keyed by the same keys, taken from the ref.)
 */
const REFS = new Map<string, TableRef<string>>((Object.values(TABLES) as unknown as TableRef<string>[]).map((ref) => [ref.$name, ref]));

/** How the columns of an archived table's lines map onto the table: each line position's column and key. */
interface TablePlan {
  readonly ref: TableRef<string>;
  readonly columns: readonly { readonly description: ColumnDescription; readonly key: string }[];
}

/**
 * Reads a portable archive (see `archive-format.ts`) from `input` into the repository, streamed: the manifest is
 * checked first (format version and schema), then, in ONE transaction, the target is locked against other
 * writers (PostgreSQL; SQLite's write transaction does it) and checked (see
 * {@link userContentIn}; `force` skips it), emptied, and filled entry by entry — rows with their ids, batch by
 * batch, binary files through `storage` — the id generators are moved past the imported ids, the row and file
 * counts are checked against the manifest and the trailer, and `announce` runs (a cache flush on the change feed)
 * before the commit. Any failure — a corrupt or cut archive, a refused target — rolls everything back: the
 * database is unchanged, and files already written to a `local` storage are deleted again.
 * @throws ArchiveError `corrupt` (not an archive, damaged, cut short, counts that disagree), `incompatible` (other
 *   format version or schema), `not-empty` (the target holds content of its own and `force` is not set).
 */
export async function readArchive(
  root: SqlContext,
  storage: ListableStorage,
  input: Readable,
  options: ImportArchiveOptions,
  announce: (tx: SqlContext) => Promise<void>,
): Promise<ArchiveSummary> {
  const extract = tarExtract();
  const piped = pipeline(input, createGunzip(), extract);
  piped.catch(() => undefined); // a failure also ends the entries below, which report it
  const entries = extract[Symbol.asyncIterator]();
  const stored: string[] = [];
  try {
    const first = await entries.next();
    if (first.done === true || first.value.header.name !== MANIFEST_ENTRY) {
      throw new ArchiveError('corrupt', `Not a contentrepo archive: its first entry is not ${MANIFEST_ENTRY}`);
    }
    const manifest = decodeManifest((await readEntry(first.value)).toString('utf8'));
    const plans = planTables(manifest);
    const summary = await root.transaction(async (tx) => {
      await lockTarget(tx);
      if (options.force !== true) {
        const found = await userContentIn(tx);
        if (found !== null) {
          throw new ArchiveError('not-empty', `The repository holds content of its own (${found}); import into an empty repository, or force replacing it`);
        }
      }
      await clearTarget(tx);
      const read = await readEntries(tx, entries, manifest, plans, storage, stored, options.onProgress ?? ((): void => undefined));
      await restorePositions(tx, manifest.sequences, manifest.serials);
      await announce(tx);
      return read;
    });
    await piped;
    return summary;
  } catch (error) {
    extract.destroy();
    for (const key of stored) await storage.delete(key).catch(() => undefined);
    throw asArchiveError(error);
  }
}

/**
 * PostgreSQL: locks every table the import writes against writes of other nodes until it commits (`EXCLUSIVE`:
 * reads go on and see the repository as it was; a write waits, and then takes ids past the imported ones). SQLite
 * needs nothing: the import's write transaction already excludes every other writer.
 */
async function lockTarget(tx: SqlContext): Promise<void> {
  if (tx.dialect !== 'postgresql') return;
  const tables = [...ARCHIVED_TABLES.map((table) => table.name), TABLES.session.$name, TABLES.webhookDelivery.$name];
  await tx.run(`LOCK TABLE ${tables.join(', ')} IN EXCLUSIVE MODE`);
}

/**
 * The plan of each table of the manifest.
 * @throws ArchiveError `corrupt` when the manifest names a table that is not archived, or columns other than the table's.
 */
function planTables(manifest: ArchiveManifest): Map<string, TablePlan> {
  const plans = new Map<string, TablePlan>();
  const archived = new Set(ARCHIVED_TABLES.map((table) => table.name));
  for (const table of manifest.tables) {
    const ref = REFS.get(table.name);
    if (ref === undefined || !archived.has(table.name)) throw new ArchiveError('corrupt', `Corrupt archive: unexpected table ${table.name}`);
    const described = ref.$table.columns;
    const columns = table.columns.map((name) => {
      const index = described.findIndex((column) => column.name === name);
      const description = described[index];
      const key = ref.$keys[index];
      if (description === undefined || key === undefined) throw new ArchiveError('corrupt', `Corrupt archive: table ${table.name} has no column ${name}`);
      return { description, key };
    });
    if (columns.length !== described.length) throw new ArchiveError('corrupt', `Corrupt archive: table ${table.name} lacks columns`);
    plans.set(table.name, { ref, columns });
  }
  return plans;
}

/** Reads the entries after the manifest into `tx` and `storage`. @returns the summary, once the trailer matched. */
async function readEntries(
  tx: SqlContext,
  entries: AsyncIterator<Entry>,
  manifest: ArchiveManifest,
  plans: ReadonlyMap<string, TablePlan>,
  storage: ListableStorage,
  stored: string[],
  progress: ArchiveProgress,
): Promise<ArchiveSummary> {
  const totalRows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  const rows = new Map<string, number>(manifest.tables.map((table) => [table.name, 0]));
  const order = manifest.tables.map((table) => table.name);
  let tableIndex = 0;
  let done = 0;
  let files = 0;
  let fileBytes = 0;
  let end: ArchiveEnd | null = null;
  progress(0, totalRows, 'rows');
  for (let next = await entries.next(); next.done !== true; next = await entries.next()) {
    const entry = next.value;
    const { name } = entry.header;
    if (end !== null) throw new ArchiveError('corrupt', `Corrupt archive: entry ${name} after ${END_ENTRY}`);
    const table = tableOfEntry(name);
    if (table !== null) {
      // Tables arrive in dependency order (the manifest's); a table never comes back after the next one started.
      while (order[tableIndex] !== undefined && order[tableIndex] !== table) tableIndex++;
      const plan = plans.get(table);
      if (plan === undefined || order[tableIndex] !== table || files > 0) throw new ArchiveError('corrupt', `Corrupt archive: entry ${name} out of place`);
      const inserted = await insertLines(tx, plan, (await readEntry(entry)).toString('utf8'));
      rows.set(table, (rows.get(table) ?? 0) + inserted);
      done += inserted;
      progress(done, totalRows, 'rows');
    } else if (name.startsWith(FILE_ENTRY_PREFIX)) {
      const key = name.slice(FILE_ENTRY_PREFIX.length);
      if (!isValidKey(key) || entry.header.type !== 'file') throw new ArchiveError('corrupt', `Corrupt archive: ${name} is not a stored file`);
      if (files === 0) checkRows(manifest, rows);
      stored.push(key);
      const { size } = await storage.put(key, bytesOf(entry));
      files++;
      fileBytes += size;
      progress(files, Math.max(manifest.files, files), 'files');
    } else if (name === END_ENTRY) {
      end = decodeEnd((await readEntry(entry)).toString('utf8'));
    } else {
      throw new ArchiveError('corrupt', `Corrupt archive: unexpected entry ${name}`);
    }
  }
  if (end === null) throw new ArchiveError('corrupt', `Corrupt archive: it ends before ${END_ENTRY} (cut short?)`);
  checkRows(manifest, rows);
  const tables = Object.fromEntries(rows);
  if (end.files !== files || end.fileBytes !== fileBytes || manifest.tables.some((table) => end.rows[table.name] !== table.rows)) {
    throw new ArchiveError('corrupt', `Corrupt archive: ${END_ENTRY} does not match what the archive holds`);
  }
  return { formatVersion: manifest.formatVersion, sourceDialect: manifest.sourceDialect, created: manifest.created, tables, rows: done, files, fileBytes };
}

/** @throws ArchiveError `corrupt` unless every table holds the rows its manifest entry counts. */
function checkRows(manifest: ArchiveManifest, rows: ReadonlyMap<string, number>): void {
  const wrong = manifest.tables.find((table) => rows.get(table.name) !== table.rows);
  if (wrong !== undefined) {
    throw new ArchiveError('corrupt', `Corrupt archive: table ${wrong.name} has ${rows.get(wrong.name) ?? 0} rows, its manifest says ${wrong.rows}`);
  }
}

/** Inserts the NDJSON lines of one table entry. @returns the rows inserted. */
async function insertLines(tx: SqlContext, plan: TablePlan, text: string): Promise<number> {
  const rows: Record<string, SqlValue>[] = [];
  const table = plan.ref.$name;
  for (const line of text.split('\n')) {
    if (line === '') continue;
    let values: unknown;
    try {
      values = JSON.parse(line);
    } catch {
      throw new ArchiveError('corrupt', `Corrupt archive: a line of table ${table} is not JSON`);
    }
    if (!Array.isArray(values) || values.length !== plan.columns.length) {
      throw new ArchiveError('corrupt', `Corrupt archive: a line of table ${table} does not have its ${plan.columns.length} columns`);
    }
    const row: Record<string, SqlValue> = {};
    plan.columns.forEach(({ description, key }, index) => {
      row[key] = decodeValue(table, description, values[index]);
    });
    rows.push(row);
  }
  await insertRows(tx, plan.ref, rows);
  return rows.length;
}

/** Errors of the gzip or tar layer (damaged bytes, a cut file) as `corrupt` archive errors; others unchanged. */
function asArchiveError(error: unknown): unknown {
  // Checked by shape: errors of Node's own modules may come from another realm (a test VM).
  if (error instanceof ArchiveError || typeof error !== 'object' || error === null) return error;
  const code = 'code' in error ? String(error.code) : '';
  const message = 'message' in error ? String(error.message) : '';
  if (code.startsWith('Z_') || /unexpected end|invalid tar|premature|header/i.test(message)) {
    return new ArchiveError('corrupt', `Corrupt archive: ${message}`);
  }
  return error;
}
