import type { UrlAliasHandler, UrlAliasRecord, UrlAliasTarget } from '@contentrepo/core';
import { chunks } from '../../db/batches.js';
import { decodeStringList, jsonParam } from '../../db/json-decoders.js';
import type { Row } from '../../db/row.js';
import type { SqlContext } from '../../db/sql-context.js';
import { placeholders, sql, StatementsBySize } from '../../db/statement.js';
import { postgresSequenceName, TABLES, type TableRow } from '../../schema/index.js';
import type { SequenceName } from '../../db/id-sequences.js';

/** `target_kind` codes. */
const KIND = { location: 0, resource: 1, virtual: 2 } as const;

const { urlAlias } = TABLES;
/** The parent entries walked up (`a`), the children walked down (`c`), and the proposed row of an upsert. */
const a = urlAlias.$as('a');
const c = urlAlias.$as('c');
const excluded = urlAlias.$as('excluded');
/** `url_alias` as the target of an upsert, referred to in its condition. */
const existing = urlAlias.$qualified();

/** Every column of an entry, in {@link EntryParams} order. */
const ENTRY_KEYS = [
  'parentId',
  'textMd5',
  'id',
  'text',
  'targetKind',
  'locationId',
  'resource',
  'languageCodes',
  'alwaysAvailable',
  'isOriginal',
  'isCustom',
  'forward',
] as const satisfies typeof urlAlias.$keys;
const COLUMNS = urlAlias.$list(ENTRY_KEYS);
const ORDER = urlAlias.$list(['id', 'parentId', 'textMd5']);

const ENTRY = sql<[parentId: number, textMd5: string]>(
  `SELECT ${COLUMNS} FROM ${urlAlias} WHERE ${urlAlias.parentId} = ? AND ${urlAlias.textMd5} = ?`,
);
const BY_NODES = new StatementsBySize((size) => `SELECT ${COLUMNS} FROM ${urlAlias} WHERE ${urlAlias.id} IN (${placeholders(size)})`);
const ANCESTRY = new StatementsBySize(
  (size) =>
    `WITH RECURSIVE up(id) AS (SELECT ${urlAlias.id} FROM ${urlAlias} WHERE ${urlAlias.id} IN (${placeholders(size)}) ` +
    `UNION SELECT ${a.parentId} FROM ${a} JOIN up ON ${a.id} = up.id WHERE ${a.parentId} <> 0) ` +
    `SELECT ${COLUMNS} FROM ${urlAlias} WHERE ${urlAlias.id} IN (SELECT id FROM up)`,
);
const OF_LOCATIONS = new StatementsBySize(
  (size) =>
    `SELECT ${COLUMNS} FROM ${urlAlias} WHERE ${urlAlias.locationId} IN (${placeholders(size)}) AND ${urlAlias.isCustom} = ? ` +
    `ORDER BY ${ORDER}`,
);
const RESOURCES = sql<[limit: number, offset: number]>(
  `SELECT ${COLUMNS} FROM ${urlAlias} WHERE ${urlAlias.targetKind} = ${KIND.resource} ORDER BY ${ORDER} LIMIT ? OFFSET ?`,
);
const HAS_CHILDREN = sql<[nodeId: number]>(`SELECT 1 AS found FROM ${urlAlias} WHERE ${urlAlias.parentId} = ? LIMIT 1`);

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
  `INSERT INTO ${urlAlias} (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ` +
    `ON CONFLICT (${urlAlias.parentId}, ${urlAlias.textMd5}) DO UPDATE SET ` +
  ENTRY_KEYS.filter((key) => key !== 'parentId' && key !== 'textMd5')
    .map((key) => `${urlAlias[key]} = ${excluded[key]}`)
    .join(', ');
/** The upsert, only over a free key, a history entry (not virtual) or an entry of the same node; returns the id when written. */
const CLAIM = sql<EntryParams>(
  `${UPSERT} WHERE ${existing.id} = ${excluded.id} OR (NOT ${existing.isOriginal} AND ${existing.targetKind} <> ${KIND.virtual}) ` +
    `RETURNING ${urlAlias.id}`,
);
const SAVE = sql<EntryParams>(UPSERT);

const DELETE_ENTRY = sql<[parentId: number, textMd5: string]>(`DELETE FROM ${urlAlias} WHERE ${urlAlias.parentId} = ? AND ${urlAlias.textMd5} = ?`);
const { idSequence } = TABLES;
const NODE_IDS: SequenceName = 'url_alias';
const NEXT_NODE_ID = sql<[]>({
  sqlite:
    `UPDATE ${idSequence} SET ${idSequence.lastId} = ${idSequence.lastId} + 1 WHERE ${idSequence.name} = '${NODE_IDS}' ` +
    `RETURNING ${idSequence.lastId} AS id`,
  postgresql: `SELECT nextval('${postgresSequenceName(NODE_IDS)}') AS id`,
});
/** The entries of the locations and, recursively, everything below their nodes. */
const DELETE_LOCATIONS = new StatementsBySize(
  (size) =>
    `WITH RECURSIVE doomed(id) AS (SELECT ${urlAlias.id} FROM ${urlAlias} WHERE ${urlAlias.locationId} IN (${placeholders(size)}) ` +
    `UNION SELECT ${c.id} FROM ${c} JOIN doomed d ON ${c.parentId} = d.id) ` +
    `DELETE FROM ${urlAlias} WHERE ${urlAlias.id} IN (SELECT id FROM doomed)`,
);

function toTarget(row: Row): UrlAliasTarget {
  const kind = row.int(urlAlias.targetKind);
  if (kind === KIND.location) return { kind: 'location', locationId: row.int(urlAlias.locationId) };
  if (kind === KIND.resource) return { kind: 'resource', resource: row.str(urlAlias.resource) };
  if (kind === KIND.virtual) return { kind: 'virtual' };
  throw new Error(`Stored URL alias target: unknown kind ${kind}`);
}

/** An entry from a `url_alias` row. */
function toRecord(row: Row): UrlAliasRecord {
  return {
    parentId: row.int(urlAlias.parentId),
    textMd5: row.str(urlAlias.textMd5),
    id: row.int(urlAlias.id),
    text: row.str(urlAlias.text),
    target: toTarget(row),
    languageCodes: decodeStringList(row.json(urlAlias.languageCodes), 'URL alias languages'),
    alwaysAvailable: row.bool(urlAlias.alwaysAvailable),
    isOriginal: row.bool(urlAlias.isOriginal),
    isCustom: row.bool(urlAlias.isCustom),
    forward: row.bool(urlAlias.forward),
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

/** The `url_alias` row of an entry, for the seed importer. */
export function urlAliasRow(record: UrlAliasRecord): TableRow<typeof urlAlias> {
  const { target } = record;
  return {
    parentId: record.parentId,
    textMd5: record.textMd5,
    id: record.id,
    text: record.text,
    targetKind: KIND[target.kind],
    locationId: target.kind === 'location' ? target.locationId : null,
    resource: target.kind === 'resource' ? target.resource : null,
    languageCodes: jsonParam(record.languageCodes),
    alwaysAvailable: record.alwaysAvailable,
    isOriginal: record.isOriginal,
    isCustom: record.isCustom,
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
