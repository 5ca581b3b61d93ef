import { column } from '../columns.js';
import { defineTable, references } from '../table.js';

/**
 * Languages, sections, content type groups, content types and their field definitions. Content types carry a
 * status so that a draft exists next to the published type under the same id: primary key (id, status), as Ibexa
 * `ezcontentclass` (id, version); DEFINED 0, DRAFT 1. Translated strings, default values, settings and validator
 * configurations are JSON.
 */

/** `language`: ids are explicit powers of two (Ibexa's bit-flag ids), never assigned by the database. */
export const language = defineTable(
  'language',
  { id: column.integer(), languageCode: column.varchar(20), name: column.varchar(255), enabled: column.boolean() },
  { primaryKey: ['id'], uniques: [{ columns: ['languageCode'] }] },
);

/** `section`. */
export const section = defineTable(
  'section',
  { id: column.integer().autoIncrement(), identifier: column.varchar(255), name: column.varchar(255) },
  { primaryKey: ['id'], uniques: [{ columns: ['identifier'] }] },
);

/** `content_type_group`. */
export const contentTypeGroup = defineTable(
  'content_type_group',
  {
    id: column.integer().autoIncrement(),
    identifier: column.varchar(255),
    created: column.seconds(),
    modified: column.seconds(),
    creatorId: column.integer(),
    modifierId: column.integer(),
    isSystem: column.boolean(),
  },
  { primaryKey: ['id'], uniques: [{ columns: ['identifier'] }] },
);

/** `content_type`: ids from the `content_type` id sequence, shared by a type's draft and published rows. */
export const contentType = defineTable(
  'content_type',
  {
    id: column.integer(),
    status: column.smallint(),
    identifier: column.varchar(50),
    remoteId: column.varchar(100),
    names: column.json(),
    descriptions: column.json(),
    created: column.seconds(),
    modified: column.seconds(),
    creatorId: column.integer(),
    modifierId: column.integer(),
    urlAliasSchema: column.varchar(255),
    nameSchema: column.varchar(255),
    isContainer: column.boolean(),
    mainLanguageCode: column.varchar(20),
    defaultAlwaysAvailable: column.boolean(),
    defaultSortField: column.smallint(),
    defaultSortOrder: column.smallint(),
  },
  { primaryKey: ['id', 'status'], uniques: [{ columns: ['identifier', 'status'] }, { columns: ['remoteId', 'status'] }] },
);

/** `content_type_group_link`: the groups of a type in one status. */
export const contentTypeGroupLink = defineTable(
  'content_type_group_link',
  { contentTypeId: column.integer(), contentTypeStatus: column.smallint(), groupId: column.integer() },
  {
    primaryKey: ['contentTypeId', 'contentTypeStatus', 'groupId'],
    indexes: [{ columns: ['groupId'] }],
    foreignKeys: [
      { columns: ['groupId'], references: references(contentTypeGroup, 'id') },
      { columns: ['contentTypeId', 'contentTypeStatus'], references: references(contentType, 'id', 'status'), onDelete: 'cascade' },
    ],
  },
);

/** `field_definition`: ids from the `field_definition` id sequence, shared across statuses. */
export const fieldDefinition = defineTable(
  'field_definition',
  {
    id: column.integer(),
    status: column.smallint(),
    contentTypeId: column.integer(),
    identifier: column.varchar(50),
    fieldTypeIdentifier: column.varchar(50),
    fieldGroup: column.varchar(255),
    position: column.integer(),
    isTranslatable: column.boolean(),
    isRequired: column.boolean(),
    isInfoCollector: column.boolean(),
    isSearchable: column.boolean(),
    isThumbnail: column.boolean(),
    names: column.json(),
    descriptions: column.json(),
    defaultValue: column.json().orNull(),
    fieldSettings: column.json(),
    validatorConfiguration: column.json(),
  },
  {
    primaryKey: ['id', 'status'],
    uniques: [{ columns: ['contentTypeId', 'status', 'identifier'] }],
    foreignKeys: [{ columns: ['contentTypeId', 'status'], references: references(contentType, 'id', 'status'), onDelete: 'cascade' }],
  },
);
