import { column } from '../columns.js';
import { defineTable } from '../table.js';

/** The trash, URL aliases and wildcards, SQLite's id sequences, and the revisions of aggregates. */

/**
 * `trash`: a trashed location row as it was (its id is the trash item id), with its batch (`root_id`, the
 * location `trashSubtree` was called on) and date; `path_string` byte-ordered for subtree ranges, `remote_id` so that
 * `lower()` folds it as it folds `location.remote_id` (a restore compares the two case-insensitively).
 */
export const trash = defineTable(
  'trash',
  {
    id: column.integer(),
    rootId: column.integer(),
    parentId: column.integer(),
    contentId: column.integer(),
    pathString: column.text().byteOrdered(),
    depth: column.integer(),
    priority: column.integer(),
    hidden: column.boolean(),
    invisible: column.boolean(),
    remoteId: column.varchar(100).byteOrdered(),
    sortField: column.smallint(),
    sortOrder: column.smallint(),
    trashed: column.seconds(),
  },
  {
    primaryKey: ['id'],
    indexes: [{ columns: ['contentId'] }, { columns: ['parentId'] }, { columns: ['rootId'] }, { columns: ['pathString'] }],
  },
);

/**
 * `url_alias`: path elements keyed by (`parent_id`, `text_md5`) as Ibexa's `ezurlalias_ml`. All entries of one
 * location share a node `id` (children are keyed by it; ids from the `url_alias` id sequence); `target_kind`
 * 0 location, 1 resource, 2 virtual.
 */
export const urlAlias = defineTable(
  'url_alias',
  {
    parentId: column.integer(),
    textMd5: column.varchar(32),
    id: column.integer(),
    text: column.text(),
    targetKind: column.smallint(),
    locationId: column.integer().orNull(),
    resource: column.text().orNull(),
    languageCodes: column.json(),
    alwaysAvailable: column.boolean(),
    isOriginal: column.boolean(),
    isCustom: column.boolean(),
    forward: column.boolean(),
  },
  { primaryKey: ['parentId', 'textMd5'], indexes: [{ columns: ['id'] }, { columns: ['locationId'] }] },
);

/** `url_wildcard`: source patterns (unique) with their destination. */
export const urlWildcard = defineTable(
  'url_wildcard',
  { id: column.integer().autoIncrement(), sourceUrl: column.text(), destinationUrl: column.text(), forward: column.boolean() },
  { primaryKey: ['id'], uniques: [{ columns: ['sourceUrl'] }] },
);

/**
 * `id_sequence` (SQLite only): the last id handed out by each id sequence, one row per sequence
 * (PostgreSQL has real sequences). Its text primary key is declared without NOT NULL.
 */
export const idSequence = defineTable(
  'id_sequence',
  { name: column.varchar(50).onSqlite({ nullable: true }), lastId: column.bigint() },
  { primaryKey: ['name'], only: 'sqlite' },
);

/**
 * `aggregate_revision`: how many locked writes each aggregate has had (`db/aggregate-locks.ts`). `kind` is the
 * aggregate's lock kind code, `id` its id; a row appears at the first write. Writers lock an aggregate by
 * incrementing its row inside their transaction (the row lock orders concurrent writers); the revision is the
 * entity tag REST answers for the aggregate's resources.
 */
export const aggregateRevision = defineTable(
  'aggregate_revision',
  { kind: column.smallint(), id: column.integer(), revision: column.integer() },
  { primaryKey: ['kind', 'id'] },
);
