import { column } from '../columns.js';
import { defineTable } from '../table.js';

/** Binary files stored in the database (`storage/database-binary-storage.ts`, selected by `STORAGE=database`). */

/**
 * `binary_file`: one stored file per BinaryStorage key (byte-ordered, as file paths compare). `blob` names the
 * upload whose chunks hold the bytes (unique: an upload belongs to at most one file); `size` in bytes; `created`
 * when the file was (last) stored. A row exists only for a completely stored file: it is written in the short
 * transaction that ends an upload.
 */
export const binaryFile = defineTable(
  'binary_file',
  { key: column.text().byteOrdered(), blob: column.varchar(32), size: column.bigint(), created: column.seconds() },
  { primaryKey: ['key'], uniques: [{ columns: ['blob'] }] },
);

/**
 * `binary_chunk`: the bytes of an upload (`blob`) in chunks numbered from 0 (`seq`), all of the adapter's chunk size
 * (256 KiB) but the last, which may be shorter. Chunks are written while the upload streams in, before their file row exists;
 * chunks of no `binary_file` row are uploads in progress, or leftovers of a process that stopped mid-upload
 * (removed once `created` is old enough, found through its index). `data` comes last so that reads of the other
 * columns skip the bytes.
 */
export const binaryChunk = defineTable(
  'binary_chunk',
  { blob: column.varchar(32), seq: column.integer(), created: column.seconds(), data: column.bytes() },
  { primaryKey: ['blob', 'seq'], indexes: [{ columns: ['created'] }] },
);
