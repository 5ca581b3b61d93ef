import type { Dialect } from '../db/dialect.js';
import { isRecord } from '../db/row.js';
import { MIGRATION_NAMES } from '../migrations/migration-names.js';
import { SCHEMA, type TableDescription } from '../schema/index.js';

/**
 * The portable archive (docs/adr/0030-portable-archive.md): one gzip-compressed tar file whose entries are, in
 * this order,
 * - `manifest.json` ({@link ArchiveManifest}): format and version, source engine, the migrations of the schema the
 *   rows were read from, each table's columns and row count, the id sequences' positions;
 * - `tables/<table>/<n>.ndjson`: the rows of a table, one JSON array of column values a line (in the manifest's
 *   column order, encoded by `value-encoding.ts`), at most one export batch an entry, tables in dependency order;
 * - `files/<key>`: the bytes of each stored binary file, under its storage key;
 * - `end.json` ({@link ArchiveEnd}): what was written, so that an import can tell a complete archive from a cut one.
 */
export const ARCHIVE_FORMAT = 'contentrepo-archive';

/**
 * Why an archive was refused: `corrupt` (not an archive, or damaged or cut short), `incompatible` (another format
 * version or schema), `not-empty` (the target holds content of its own and replacing it was not asked for).
 */
export type ArchiveErrorReason = 'corrupt' | 'incompatible' | 'not-empty';

/** An archive an export or import refuses; nothing was changed. `reason` lets a command choose its exit code. */
export class ArchiveError extends Error {
  constructor(
    readonly reason: ArchiveErrorReason,
    message: string,
  ) {
    super(message);
    this.name = 'ArchiveError';
  }
}

/** The version of the archive layout this build writes and reads. */
export const ARCHIVE_FORMAT_VERSION = 1;

export const MANIFEST_ENTRY = 'manifest.json';
export const END_ENTRY = 'end.json';
export const TABLE_ENTRY_PREFIX = 'tables/';
export const FILE_ENTRY_PREFIX = 'files/';

/** Largest `manifest.json`/`end.json`/table entry an import reads into memory (bytes). */
export const MAX_ENTRY_BYTES = 64 * 1024 * 1024;

/**
 * Tables the archive leaves out, with the reason: what belongs to a running server rather than to the
 * repository, and what travels in another form.
 */
export const EXCLUDED_TABLES: ReadonlyMap<string, string> = new Map([
  ['session', 'login sessions are bound to the server that issued them'],
  ['domain_event', 'the event outbox of the source: its events were (or will be) delivered there'],
  ['event_cursor', 'positions in the source outbox'],
  ['webhook_delivery', 'the delivery log of the source outbox'],
  ['id_sequence', 'the id sequences travel as positions in the manifest'],
  ['binary_file', 'binary files travel as files/ entries, written to the target storage'],
  ['binary_chunk', 'binary files travel as files/ entries, written to the target storage'],
]);

/**
 * The tables an archive holds, in the schema description's dependency order (referenced tables first): every
 * described table on both engines except {@link EXCLUDED_TABLES}. A table added to the description is archived
 * unless it is excluded here.
 */
export const ARCHIVED_TABLES: readonly TableDescription[] = SCHEMA.tables.filter(
  (table) => table.only === null && !EXCLUDED_TABLES.has(table.name),
);

/** One table of a manifest: its SQL name, the columns of each line (SQL names, in order), its row count. */
export interface ArchiveTable {
  readonly name: string;
  readonly columns: readonly string[];
  readonly rows: number;
}

/** `manifest.json`: what an archive holds and where it comes from. */
export interface ArchiveManifest {
  readonly format: typeof ARCHIVE_FORMAT;
  readonly formatVersion: number;
  /** When the export started (ISO 8601). */
  readonly created: string;
  readonly sourceDialect: Dialect;
  /** The migrations of the source schema, in order (`MIGRATION_NAMES` of the build that wrote it). */
  readonly migrations: readonly string[];
  readonly tables: readonly ArchiveTable[];
  /** Id sequences (`ID_SEQUENCES`): the last id each handed out in the source. */
  readonly sequences: Readonly<Record<string, number>>;
  /**
   * Database-assigned id columns (`table.column`): the highest id the source ever assigned (PostgreSQL serial
   * sequences, SQLite AUTOINCREMENT counters), so that ids of deleted rows are not handed out again.
   */
  readonly serials: Readonly<Record<string, number>>;
  /** Binary files found when the export started (the count in `end.json` is authoritative). */
  readonly files: number;
}

/** `end.json`: what the export wrote, checked by the import before it commits. */
export interface ArchiveEnd {
  readonly rows: Readonly<Record<string, number>>;
  readonly files: number;
  readonly fileBytes: number;
}

const count = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
const numbers = (value: unknown): value is Record<string, number> => isRecord(value) && Object.values(value).every(count);
const strings = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

/**
 * Reads `manifest.json` and checks that this build can import it: the format, its version, and a schema of
 * exactly this build's migrations (rows of another schema would need that schema's migrations applied to them).
 * @throws ArchiveError `corrupt` when the entry is not a manifest of this format; `incompatible` when the archive
 *   has another format version or comes from a newer or older schema.
 */
export function decodeManifest(text: string): ArchiveManifest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ArchiveError('corrupt', 'Not a contentrepo archive: manifest.json is not JSON');
  }
  if (!isRecord(value) || value['format'] !== ARCHIVE_FORMAT) {
    throw new ArchiveError('corrupt', 'Not a contentrepo archive: manifest.json has no contentrepo-archive format');
  }
  if (value['formatVersion'] !== ARCHIVE_FORMAT_VERSION) {
    throw new ArchiveError(
      'incompatible',
      `The archive has format version ${JSON.stringify(value['formatVersion'])}; this build reads version ${ARCHIVE_FORMAT_VERSION}`,
    );
  }
  const { created, sourceDialect, migrations, tables, sequences, serials, files } = value;
  const tablesOk =
    Array.isArray(tables) &&
    tables.every((table) => isRecord(table) && typeof table['name'] === 'string' && strings(table['columns']) && count(table['rows']));
  if (
    typeof created !== 'string' ||
    (sourceDialect !== 'sqlite' && sourceDialect !== 'postgresql') ||
    !strings(migrations) ||
    !tablesOk ||
    !numbers(sequences) ||
    !numbers(serials) ||
    !count(files)
  ) {
    throw new ArchiveError('corrupt', 'Corrupt archive: manifest.json lacks or misstates created, sourceDialect, migrations, tables, sequences, serials or files');
  }
  checkMigrations(migrations);
  return { format: ARCHIVE_FORMAT, formatVersion: ARCHIVE_FORMAT_VERSION, created, sourceDialect, migrations, tables: tables as ArchiveTable[], sequences, serials, files };
}

/** @throws ArchiveError `incompatible` unless `migrations` are exactly this build's, in order. */
function checkMigrations(migrations: readonly string[]): void {
  const known: readonly string[] = MIGRATION_NAMES;
  const unknown = migrations.filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    throw new ArchiveError(
      'incompatible',
      `The archive comes from a newer schema (migrations ${unknown.join(', ')} are unknown to this build); import it with a build that has them`,
    );
  }
  if (migrations.length !== known.length || migrations.some((name, index) => known[index] !== name)) {
    const missing = known.filter((name) => !migrations.includes(name));
    throw new ArchiveError(
      'incompatible',
      `The archive comes from an older schema (without migrations ${missing.join(', ')}); import it with the build that wrote it, then start this build to migrate`,
    );
  }
}

/** Reads `end.json`. @throws ArchiveError `corrupt` when it is not one (corrupt archive). */
export function decodeEnd(text: string): ArchiveEnd {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = null;
  }
  if (!isRecord(value) || !numbers(value['rows']) || !count(value['files']) || !count(value['fileBytes'])) {
    throw new ArchiveError('corrupt', 'Corrupt archive: end.json is not a valid trailer');
  }
  return { rows: value['rows'], files: value['files'], fileBytes: value['fileBytes'] };
}

/** The name of the `n`-th entry of a table's rows: `tables/<table>/<n, 8 digits>.ndjson`. */
export function tableEntryName(table: string, n: number): string {
  return `${TABLE_ENTRY_PREFIX}${table}/${String(n).padStart(8, '0')}.ndjson`;
}

/** The table of a table entry's name, or null when `name` is not one. */
export function tableOfEntry(name: string): string | null {
  const match = /^tables\/([a-z_][a-z0-9_]*)\/\d{8}\.ndjson$/.exec(name);
  return match?.[1] ?? null;
}
