/**
 * The schema description: the one place that says which tables, columns, keys, indexes and id sequences the
 * migrated database has (docs/adr/0009-one-schema-description.md). Statements take their table and column names
 * from {@link TABLES}; new migrations are generated from the difference between {@link SCHEMA} and the database
 * the committed migrations build (`schema/new-migration.ts`); `schema/schema-match.test.ts` proves that the
 * migrated database is exactly what {@link SCHEMA} says, on SQLite and PostgreSQL.
 */
import { content, contentField, contentName, contentRelation, contentVersion, location, pendingLocation } from './tables/content-tables.js';
import { aggregateRevision, idSequence, trash, urlAlias, urlWildcard } from './tables/management-tables.js';
import { bookmark, searchField, searchFieldElement, searchName, searchUser, searchWord, searchWordList } from './tables/search-tables.js';
import { contentType, contentTypeGroup, contentTypeGroupLink, fieldDefinition, language, section } from './tables/type-tables.js';
import { binaryChunk, binaryFile } from './tables/storage-tables.js';
import { domainEvent, eventCursor, webhook, webhookDelivery } from './tables/event-tables.js';
import { contentObjectState, objectState, objectStateGroup, policy, role, roleAssignment, session, userAccount } from './tables/user-tables.js';
import type { TableDescription } from './table.js';

export { column, type ColumnSpec, type ColumnType } from './columns.js';
export type {
  ColumnDescription,
  ColumnKey,
  ForeignKeyDescription,
  IndexDescription,
  IndexKey,
  TableDescription,
  TableRef,
  TableRow,
  UniqueDescription,
} from './table.js';

/** Every table, by key (camelCase of its SQL name): the names statements are written with. */
export const TABLES = {
  language,
  section,
  contentTypeGroup,
  contentType,
  contentTypeGroupLink,
  fieldDefinition,
  content,
  contentVersion,
  contentName,
  contentField,
  contentRelation,
  pendingLocation,
  location,
  userAccount,
  role,
  policy,
  roleAssignment,
  objectStateGroup,
  objectState,
  contentObjectState,
  session,
  searchField,
  searchFieldElement,
  searchWord,
  searchWordList,
  searchName,
  searchUser,
  bookmark,
  trash,
  urlAlias,
  urlWildcard,
  idSequence,
  aggregateRevision,
  binaryFile,
  binaryChunk,
  domainEvent,
  eventCursor,
  webhook,
  webhookDelivery,
} as const;

/**
 * Id sequences of tables whose ids the database cannot assign in a column (composite keys, shared node ids):
 * PostgreSQL sequences `<name>_id_seq`; on SQLite one `id_sequence` row each (`db/id-sequences.ts`).
 */
export const ID_SEQUENCES = ['content_field', 'content_type', 'field_definition', 'url_alias'] as const;

/** The name of an id sequence. */
export type IdSequenceName = (typeof ID_SEQUENCES)[number];

/** Suffix of the PostgreSQL sequence of an id sequence. */
export const POSTGRES_SEQUENCE_SUFFIX = '_id_seq';

/** The PostgreSQL sequence of an id sequence: `<name>_id_seq`. */
export function postgresSequenceName(name: string): string {
  return `${name}${POSTGRES_SEQUENCE_SUFFIX}`;
}

/** The whole description as data: tables (dependency order: referenced tables first) and id sequences. */
export interface SchemaDescription {
  readonly tables: readonly TableDescription[];
  readonly idSequences: readonly string[];
}

/** The schema of the migrated database. */
export const SCHEMA: SchemaDescription = {
  tables: Object.values(TABLES).map((table) => table.$table),
  idSequences: ID_SEQUENCES,
};
