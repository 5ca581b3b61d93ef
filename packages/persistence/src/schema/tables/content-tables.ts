import { column } from '../columns.js';
import { defineTable, references } from '../table.js';
import { contentType, fieldDefinition, section } from './type-tables.js';

/**
 * Content items, their versions, names per version and language, fields, relations, pending locations (Ibexa
 * node assignments) and the location tree. Dates are Unix seconds, statuses and sort settings Ibexa's integer
 * codes (`db/codes.ts`).
 */

/**
 * `content` (Ibexa `ezcontentobject`). `sort_name` is the name lower-cased by the writer (ContentName sort key,
 * `db/collation.ts`). Searches check the published status in the partial index `content_published_items_index`
 * (the status is written literally in their SQL) and count published items with it.
 *
 * Remote ids are unique and looked up case-insensitively, as on Ibexa's MySQL (`_ci`): the unique index is on
 * `lower(remote_id)` and statements compare `lower(remote_id)` with core's `remoteIdKey` of the value. The column is
 * byte-ordered so that `lower()` folds ASCII letters only on PostgreSQL too (as SQLite's does, and `remoteIdKey`).
 *
 * `content_type_status` is always 0 (DEFINED, the column default; no writer sets it): with `content_type_id` it is
 * the key of the published type's row, so that PostgreSQL refuses an item of a type that does not exist (a type
 * deleted while an item of it was created). The key is checked at commit. SQLite has no such key (adding one to an
 * existing table means rebuilding it, and dropping the old `content` would cascade into every version); there the
 * one write transaction and the type's revision check in the content services exclude that race.
 */
export const content = defineTable(
  'content',
  {
    id: column.integer().autoIncrement(),
    contentTypeId: column.integer(),
    contentTypeStatus: column.smallint().withDefault(0),
    sectionId: column.integer(),
    ownerId: column.integer(),
    currentVersionNo: column.integer(),
    name: column.text(),
    sortName: column.text().byteOrdered(),
    modified: column.seconds(),
    published: column.seconds().orNull(),
    alwaysAvailable: column.boolean(),
    remoteId: column.varchar(100).byteOrdered(),
    mainLanguageCode: column.varchar(20),
    mainLocationId: column.integer().orNull(),
    status: column.smallint(),
    isHidden: column.boolean(),
  },
  {
    primaryKey: ['id'],
    indexes: [
      { name: 'content_remote_id_lower_unique', columns: [{ expression: 'lower(remote_id)' }], unique: true },
      { columns: ['contentTypeId'] },
      { columns: ['sectionId'] },
      { columns: ['ownerId'] },
      { columns: ['modified'] },
      { columns: ['published'] },
      { columns: ['sortName'] },
      { name: 'content_published_items_index', columns: ['id'], where: 'status = 1' },
    ],
    foreignKeys: [
      { columns: ['sectionId'], references: references(section, 'id') },
      {
        name: 'content_content_type_foreign',
        columns: ['contentTypeId', 'contentTypeStatus'],
        references: references(contentType, 'id', 'status'),
        deferred: true,
        only: 'postgresql',
      },
    ],
  },
);

/** `content_version`. */
export const contentVersion = defineTable(
  'content_version',
  {
    id: column.integer().autoIncrement(),
    contentId: column.integer(),
    versionNo: column.integer(),
    status: column.smallint(),
    creatorId: column.integer(),
    created: column.seconds(),
    modified: column.seconds(),
    initialLanguageCode: column.varchar(20),
    languageCodes: column.json(),
  },
  {
    primaryKey: ['id'],
    uniques: [{ columns: ['contentId', 'versionNo'] }],
    indexes: [{ columns: ['creatorId'] }],
    foreignKeys: [{ columns: ['contentId'], references: references(content, 'id'), onDelete: 'cascade' }],
  },
);

/** `content_name`: the name of one version in one language. */
export const contentName = defineTable(
  'content_name',
  { contentId: column.integer(), versionNo: column.integer(), languageCode: column.varchar(20), name: column.text() },
  {
    primaryKey: ['contentId', 'versionNo', 'languageCode'],
    foreignKeys: [{ columns: ['contentId'], references: references(content, 'id'), onDelete: 'cascade' }],
  },
);

/**
 * `content_field`: primary key (id, version_no), the id shared across versions (ids from the `content_field`
 * sequence). `field_definition_status` is always 0 (DEFINED, the column default; no writer sets it): with
 * `field_definition_id` it is the key of the published definition's row, so that no field outlives its
 * definition (a field written by a node that still had a removed definition cached is refused). The key is checked
 * at commit: publishing a type draft deletes the published definitions and turns the draft's into them (same ids)
 * in one transaction. `field_definition_id` is indexed for that check and for the type changes that delete or
 * rename the fields of one definition.
 */
export const contentField = defineTable(
  'content_field',
  {
    id: column.integer(),
    versionNo: column.integer(),
    contentId: column.integer(),
    fieldDefinitionId: column.integer(),
    fieldDefinitionStatus: column.smallint().withDefault(0),
    fieldDefIdentifier: column.varchar(50),
    fieldTypeIdentifier: column.varchar(50),
    languageCode: column.varchar(20),
    data: column.json().orNull(),
  },
  {
    primaryKey: ['id', 'versionNo'],
    indexes: [{ columns: ['contentId', 'versionNo'] }, { columns: ['fieldDefinitionId'] }],
    foreignKeys: [
      { columns: ['contentId'], references: references(content, 'id'), onDelete: 'cascade' },
      {
        name: 'content_field_field_definition_foreign',
        columns: ['fieldDefinitionId', 'fieldDefinitionStatus'],
        references: references(fieldDefinition, 'id', 'status'),
        deferred: true,
      },
    ],
  },
);

/** `content_relation`. */
export const contentRelation = defineTable(
  'content_relation',
  {
    id: column.integer().autoIncrement(),
    sourceContentId: column.integer(),
    sourceVersionNo: column.integer(),
    destinationContentId: column.integer(),
    type: column.smallint(),
    sourceFieldDefinitionIdentifier: column.varchar(50).orNull(),
  },
  {
    primaryKey: ['id'],
    indexes: [{ columns: ['sourceContentId', 'sourceVersionNo'] }, { columns: ['destinationContentId'] }],
    foreignKeys: [
      { columns: ['sourceContentId'], references: references(content, 'id'), onDelete: 'cascade' },
      { columns: ['destinationContentId'], references: references(content, 'id'), onDelete: 'cascade' },
    ],
  },
);

/** `pending_location`: a location to create at the item's first publication. */
export const pendingLocation = defineTable(
  'pending_location',
  {
    id: column.integer().autoIncrement(),
    contentId: column.integer(),
    parentLocationId: column.integer(),
    priority: column.integer(),
    hidden: column.boolean(),
    remoteId: column.varchar(100),
    sortField: column.smallint(),
    sortOrder: column.smallint(),
  },
  {
    primaryKey: ['id'],
    indexes: [{ columns: ['contentId'] }],
    foreignKeys: [{ columns: ['contentId'], references: references(content, 'id'), onDelete: 'cascade' }],
  },
);

/**
 * `location` (Ibexa `ezcontentobject_tree`). No foreign key to `content`: the virtual root (id 1) refers to
 * content 0, which has no row. `path_string` is byte-ordered so that a subtree is the index range
 * `[prefix, prefix with its last character incremented)` (`db/path-range.ts`); the path and parent indexes also
 * hold depth and item, so that tree criteria read them from the index alone. Remote ids are unique and looked up
 * case-insensitively, as those of `content` (unique index on `lower(remote_id)`, byte-ordered column).
 */
export const location = defineTable(
  'location',
  {
    id: column.integer().autoIncrement(),
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
  },
  {
    primaryKey: ['id'],
    indexes: [
      { name: 'location_remote_id_lower_unique', columns: [{ expression: 'lower(remote_id)' }], unique: true },
      { name: 'location_parent_id_priority_index', columns: ['parentId', 'priority', 'depth', 'contentId'] },
      { name: 'location_path_string_index', columns: ['pathString', 'depth', 'contentId'] },
      { columns: ['contentId'] },
      { columns: ['depth'] },
    ],
  },
);
