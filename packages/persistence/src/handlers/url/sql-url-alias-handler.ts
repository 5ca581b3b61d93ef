import type { UrlAliasHandler, UrlAliasRecord, UrlAliasTarget } from '@contentrepo/core';
import { chunks } from '../../db/batches.js';
import { decodeStringList, jsonParam } from '../../db/json-decoders.js';
import type { Row } from '../../db/row.js';
import type { SqlContext } from '../../db/sql-context.js';
import { placeholders, sql, StatementsBySize } from '../../db/statement.js';

/** `target_kind` codes. */
const KIND = { location: 0, resource: 1, virtual: 2 } as const;

const COLUMNS =
  'parent_id, text_md5, id, text, target_kind, location_id, resource, language_codes, always_available, is_original, is_custom, forward';

const ENTRY = sql<[parentId: number, textMd5: string]>(`SELECT ${COLUMNS} FROM url_alias WHERE parent_id = ? AND text_md5 = ?`);
const BY_NODES = new StatementsBySize((size) => `SELECT ${COLUMNS} FROM url_alias WHERE id IN (${placeholders(size)})`);
const ANCESTRY = new StatementsBySize(
  (size) =>
    `WITH RECURSIVE up(id) AS (SELECT id FROM url_alias WHERE id IN (${placeholders(size)}) ` +
    'UNION SELECT a.parent_id FROM url_alias a JOIN up ON a.id = up.id WHERE a.parent_id <> 0) ' +
    `SELECT ${COLUMNS} FROM url_alias WHERE id IN (SELECT id FROM up)`,
);
const OF_LOCATIONS = new StatementsBySize(
  (size) =>
    `SELECT ${COLUMNS} FROM url_alias WHERE location_id IN (${placeholders(size)}) AND is_custom = ? ` +
    'ORDER BY id, parent_id, text_md5',
);
const RESOURCES = sql<[limit: number, offset: number]>(
  `SELECT ${COLUMNS} FROM url_alias WHERE target_kind = ${KIND.resource} ORDER BY id, parent_id, text_md5 LIMIT ? OFFSET ?`,
);
const HAS_CHILDREN = sql<[nodeId: number]>('SELECT 1 AS found FROM url_alias WHERE parent_id = ? LIMIT 1');

/** The parameters of an entry's row, in {@link COLUMNS} order. */
type EntryParams = [
  parentId: number,
  textMd5: string,
  id: number,
  text: string,
  kind: number,
  locationId: number | null,
  resource: string | null,
  languageCodes: string | null,
  alwaysAvailable: boolean,
  isOriginal: boolean,
  isCustom: boolean,
  forward: boolean,
];

/** Inserts or replaces the entry at its key. */
const UPSERT =
  `INSERT INTO url_alias (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (parent_id, text_md5) DO UPDATE SET ` +
  'id = excluded.id, text = excluded.text, target_kind = excluded.target_kind, location_id = excluded.location_id, ' +
  'resource = excluded.resource, language_codes = excluded.language_codes, always_available = excluded.always_available, ' +
  'is_original = excluded.is_original, is_custom = excluded.is_custom, forward = excluded.forward';
/** The upsert, only over a free key, a history entry (not virtual) or an entry of the same node; returns the id when written. */
const CLAIM = sql<EntryParams>(
  `${UPSERT} WHERE url_alias.id = excluded.id OR (NOT url_alias.is_original AND url_alias.target_kind <> ${KIND.virtual}) RETURNING id`,
);
const SAVE = sql<EntryParams>(UPSERT);

const DELETE_ENTRY = sql<[parentId: number, textMd5: string]>('DELETE FROM url_alias WHERE parent_id = ? AND text_md5 = ?');
const NEXT_NODE_ID = sql<[]>({
  sqlite: "UPDATE id_sequence SET last_id = last_id + 1 WHERE name = 'url_alias' RETURNING last_id AS id",
  postgresql: "SELECT nextval('url_alias_id_seq') AS id",
});
/** The entries of the locations and, recursively, everything below their nodes. */
const DELETE_LOCATIONS = new StatementsBySize(
  (size) =>
    `WITH RECURSIVE doomed(id) AS (SELECT id FROM url_alias WHERE location_id IN (${placeholders(size)}) ` +
    'UNION SELECT c.id FROM url_alias c JOIN doomed d ON c.parent_id = d.id) ' +
    'DELETE FROM url_alias WHERE id IN (SELECT id FROM doomed)',
);

function toTarget(row: Row): UrlAliasTarget {
  const kind = row.int('target_kind');
  if (kind === KIND.location) return { kind: 'location', locationId: row.int('location_id') };
  if (kind === KIND.resource) return { kind: 'resource', resource: row.str('resource') };
  if (kind === KIND.virtual) return { kind: 'virtual' };
  throw new Error(`Stored URL alias target: unknown kind ${kind}`);
}

/** An entry from a `url_alias` row. */
function toRecord(row: Row): UrlAliasRecord {
  return {
    parentId: row.int('parent_id'),
    textMd5: row.str('text_md5'),
    id: row.int('id'),
    text: row.str('text'),
    target: toTarget(row),
    languageCodes: decodeStringList(row.json('language_codes'), 'URL alias languages'),
    alwaysAvailable: row.bool('always_available'),
    isOriginal: row.bool('is_original'),
    isCustom: row.bool('is_custom'),
    forward: row.bool('forward'),
  };
}

/** The statement parameters of an entry, in {@link COLUMNS} order. */
function entryParams(record: UrlAliasRecord): EntryParams {
  const { target } = record;
  return [
    record.parentId,
    record.textMd5,
    record.id,
    record.text,
    KIND[target.kind],
    target.kind === 'location' ? target.locationId : null,
    target.kind === 'resource' ? target.resource : null,
    jsonParam(record.languageCodes),
    record.alwaysAvailable,
    record.isOriginal,
    record.isCustom,
    record.forward,
  ];
}

/** Moves the node id sequence past `maxUsedId` (seed import). */
export async function advanceUrlAliasSequence(ctx: SqlContext, maxUsedId: number): Promise<void> {
  if (ctx.dialect === 'postgresql') {
    await ctx.run("SELECT setval('url_alias_id_seq', GREATEST(?, (SELECT last_value FROM url_alias_id_seq)))", [Math.max(1, maxUsedId)]);
  } else {
    await ctx.run("UPDATE id_sequence SET last_id = MAX(last_id, ?) WHERE name = 'url_alias'", [maxUsedId]);
  }
}

/** The `url_alias` row of an entry, for the seed importer. */
export function urlAliasRow(record: UrlAliasRecord): Record<string, string | number | boolean | null> {
  const { target } = record;
  return {
    parent_id: record.parentId,
    text_md5: record.textMd5,
    id: record.id,
    text: record.text,
    target_kind: KIND[target.kind],
    location_id: target.kind === 'location' ? target.locationId : null,
    resource: target.kind === 'resource' ? target.resource : null,
    language_codes: jsonParam(record.languageCodes),
    always_available: record.alwaysAvailable,
    is_original: record.isOriginal,
    is_custom: record.isCustom,
    forward: record.forward,
  };
}

/**
 * UrlAliasHandler on `url_alias` (Ibexa Legacy `ezurlalias_ml`, migration 0005): key lookups, one recursive query
 * for the ancestry of nodes (path building), upserts by key, and a recursive set-based delete of the aliases of
 * removed locations with everything below them.
 */
export class SqlUrlAliasHandler implements UrlAliasHandler {
  constructor(private readonly ctx: SqlContext) {}

  async loadEntry(parentId: number, textMd5: string): Promise<UrlAliasRecord | null> {
    const row = await this.ctx.one(ENTRY, [parentId, textMd5]);
    return row && toRecord(row);
  }

  async loadByNodeIds(nodeIds: readonly number[]): Promise<readonly UrlAliasRecord[]> {
    const records: UrlAliasRecord[] = [];
    for (const ids of chunks([...new Set(nodeIds)])) records.push(...(await this.ctx.all(BY_NODES.of(ids.length), ids)).map(toRecord));
    return records;
  }

  async loadAncestry(nodeIds: readonly number[]): Promise<readonly UrlAliasRecord[]> {
    const byKey = new Map<string, UrlAliasRecord>();
    for (const ids of chunks([...new Set(nodeIds)])) {
      for (const row of await this.ctx.all(ANCESTRY.of(ids.length), ids)) {
        const record = toRecord(row);
        byKey.set(`${record.parentId}/${record.textMd5}`, record);
      }
    }
    return [...byKey.values()];
  }

  async loadLocationEntries(locationIds: readonly number[], custom: boolean): Promise<readonly UrlAliasRecord[]> {
    const records: UrlAliasRecord[] = [];
    for (const ids of chunks([...new Set(locationIds)])) {
      records.push(...(await this.ctx.all(OF_LOCATIONS.of(ids.length), [...ids, custom])).map(toRecord));
    }
    return records;
  }

  async loadResourceEntries(offset: number, limit: number): Promise<readonly UrlAliasRecord[]> {
    const rows = await this.ctx.all(RESOURCES, [limit < 0 ? Number.MAX_SAFE_INTEGER : limit, offset]);
    return rows.map(toRecord);
  }

  async hasChildren(nodeId: number): Promise<boolean> {
    return (await this.ctx.one(HAS_CHILDREN, [nodeId])) !== null;
  }

  async save(record: UrlAliasRecord): Promise<void> {
    await this.ctx.write(SAVE, entryParams(record));
  }

  async claim(record: UrlAliasRecord): Promise<boolean> {
    return (await this.ctx.one(CLAIM, entryParams(record))) !== null;
  }

  async deleteEntry(parentId: number, textMd5: string): Promise<void> {
    await this.ctx.write(DELETE_ENTRY, [parentId, textMd5]);
  }

  async nextNodeId(): Promise<number> {
    const row = await this.ctx.one(NEXT_NODE_ID, []);
    if (!row) throw new Error('The url_alias id sequence is missing');
    return row.int('id');
  }

  async deleteLocationAliases(locationIds: readonly number[]): Promise<void> {
    for (const ids of chunks([...new Set(locationIds)])) await this.ctx.write(DELETE_LOCATIONS.of(ids.length), ids);
  }
}
