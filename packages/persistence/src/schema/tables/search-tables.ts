import { column } from '../columns.js';
import { defineTable } from '../table.js';

/**
 * The search index, written at publish time by `search/search-indexer.ts` (no foreign keys: the indexer, not
 * content deletes, maintains it). Strings compared by criteria and sort clauses are byte-ordered; names, logins
 * and e-mails are lower-cased by JavaScript when indexed, as core compares them case-insensitively.
 */

/**
 * `search_field`: one row per field and language of a published version, with its sort keys and core's
 * `isEmptyEntry` (IsFieldEmpty). Field criteria start from the covering key indexes (identifier, key, family,
 * language, item); a criterion under NOT probes one item's entries in the covering probe index
 * (item, identifier, language, family, keys, emptiness). A listing sorted by a field walks the sort index
 * (identifier, content type, keys, language, item) in order (`search/sorted-walk.ts`).
 */
export const searchField = defineTable(
  'search_field',
  {
    contentId: column.integer(),
    fieldDefinitionId: column.integer(),
    languageCode: column.varchar(20),
    fieldDefIdentifier: column.varchar(50),
    fieldTypeIdentifier: column.varchar(50),
    contentTypeId: column.integer(),
    sortKeyInt: column.bigint().orNull(),
    sortKeyString: column.varchar(255).byteOrdered().orNull(),
    isEmpty: column.boolean().withDefault(false),
  },
  {
    primaryKey: ['contentId', 'fieldDefinitionId', 'languageCode'],
    indexes: [
      {
        name: 'search_field_field_def_identifier_sort_key_int_index',
        columns: ['fieldDefIdentifier', 'sortKeyInt', 'fieldTypeIdentifier', 'languageCode', 'contentId'],
      },
      {
        name: 'search_field_field_def_identifier_sort_key_string_index',
        columns: ['fieldDefIdentifier', 'sortKeyString', 'fieldTypeIdentifier', 'languageCode', 'contentId'],
      },
      {
        name: 'search_field_field_def_identifier_content_type_id_sort_index',
        columns: ['fieldDefIdentifier', 'contentTypeId', 'sortKeyInt', 'sortKeyString', 'languageCode', 'contentId'],
      },
      {
        name: 'search_field_content_id_field_def_identifier_index',
        columns: ['contentId', 'fieldDefIdentifier', 'languageCode', 'fieldTypeIdentifier', 'sortKeyInt', 'sortKeyString', 'isEmpty'],
      },
    ],
  },
);

/**
 * `search_field_element`: one row per element of a collection field (keywords, selections, relation lists).
 * Elements are compared whole, never cut: `value_string` is unbounded text on PostgreSQL; SQLite keeps the
 * `varchar(255)` it was created with (SQLite never enforces lengths). `field_def_identifier` was added by a
 * later migration, hence nullable.
 */
export const searchFieldElement = defineTable(
  'search_field_element',
  {
    contentId: column.integer(),
    fieldDefinitionId: column.integer(),
    languageCode: column.varchar(20),
    position: column.integer(),
    valueInt: column.bigint().orNull(),
    valueString: column.text().byteOrdered().orNull().onSqlite({ type: 'varchar(255)' }),
    fieldDefIdentifier: column.varchar(50).orNull(),
  },
  {
    primaryKey: ['contentId', 'fieldDefinitionId', 'languageCode', 'position'],
    indexes: [
      {
        name: 'search_field_element_field_def_identifier_value_string_index',
        columns: ['fieldDefIdentifier', 'valueString', 'languageCode', 'contentId'],
      },
      {
        name: 'search_field_element_field_def_identifier_value_int_index',
        columns: ['fieldDefIdentifier', 'valueInt', 'languageCode', 'contentId'],
      },
      {
        name: 'search_field_element_content_id_field_def_identifier_index',
        columns: ['contentId', 'fieldDefIdentifier', 'languageCode', 'valueInt', 'valueString'],
      },
    ],
  },
);

/**
 * `search_word`: the full-text dictionary — each distinct word of core's `indexWords` once, with its code points
 * reversed (suffix queries as index ranges on `reversed`, prefix queries on `word`).
 */
export const searchWord = defineTable(
  'search_word',
  { id: column.integer().rowId(), word: column.text().byteOrdered(), reversed: column.text().byteOrdered() },
  { primaryKey: ['id'], indexes: [{ columns: ['word'], unique: true }, { columns: ['reversed'] }] },
);

/**
 * `search_word_list`: the postings of one item in one language, as the ids of its dictionary words (`search_word`)
 * in ascending order, separated by single spaces: one row per item and language instead of one per word. `id` is
 * `content_id × 32 + slot` (the slot: a number below 32 unique among the item's languages), so that the item of a
 * list is its id shifted right by 5 bits (`WORD_LIST_SLOT_BITS`), with no lookup; on SQLite it is the rowid. The inverted
 * index over `word_ids` is the database's own (migration 0013, outside this description): SQLite an FTS5 table of
 * external content keyed by `id` (`search_word_list_fts`), PostgreSQL a GIN index on the ids as an integer array.
 */
export const searchWordList = defineTable(
  'search_word_list',
  {
    id: column.bigint().onSqlite({ type: 'integer' }),
    contentId: column.integer(),
    languageCode: column.varchar(20),
    wordIds: column.text(),
  },
  { primaryKey: ['id'], indexes: [{ columns: ['contentId', 'languageCode'], unique: true }] },
);

/** `search_name`: the indexed version's name per language, lower-cased (ContentName). */
export const searchName = defineTable(
  'search_name',
  { contentId: column.integer(), languageCode: column.varchar(20), name: column.text().byteOrdered() },
  { primaryKey: ['contentId', 'languageCode'], indexes: [{ columns: ['name'] }], withoutRowId: true },
);

/** `search_user`: a user item's login and e-mail, lower-cased (UserLogin, UserEmail). */
export const searchUser = defineTable(
  'search_user',
  { contentId: column.integer(), login: column.text().byteOrdered(), email: column.text().byteOrdered() },
  { primaryKey: ['contentId'], indexes: [{ columns: ['login'] }, { columns: ['email'] }] },
);

/** `bookmark`: a location bookmarked by a user (IsBookmarked, bookmarks). */
export const bookmark = defineTable(
  'bookmark',
  { userId: column.integer(), locationId: column.integer() },
  { primaryKey: ['userId', 'locationId'], indexes: [{ columns: ['locationId'] }], withoutRowId: true },
);
