import { EntitySchema } from '@mikro-orm/core';
import { BOOL, INT, JSON_COLUMN, SMALLINT, TEXT, seconds, varchar } from './columns.js';

/** Row of `content` (Ibexa `ezcontentobject`). */
export interface ContentEntity {
  id: number;
  contentTypeId: number;
  sectionId: number;
  ownerId: number;
  currentVersionNo: number;
  name: string;
  sortName: string;
  modified: number;
  published: number | null;
  alwaysAvailable: boolean;
  remoteId: string;
  mainLanguageCode: string;
  mainLocationId: number | null;
  status: number;
  isHidden: boolean;
}
/** Entity schema of `content` (ContentEntity). */
export const ContentSchema = new EntitySchema<ContentEntity>({
  name: 'ContentEntity',
  tableName: 'content',
  properties: {
    id: { ...INT, primary: true },
    contentTypeId: INT,
    sectionId: INT,
    ownerId: INT,
    currentVersionNo: INT,
    name: TEXT,
    sortName: TEXT,
    modified: seconds(),
    published: { ...seconds(), nullable: true },
    alwaysAvailable: BOOL,
    remoteId: { ...varchar(100), unique: true },
    mainLanguageCode: varchar(20),
    mainLocationId: { ...INT, nullable: true },
    status: SMALLINT,
    isHidden: BOOL,
  },
});

/** Row of `content_version`. */
export interface ContentVersionEntity {
  id: number;
  contentId: number;
  versionNo: number;
  status: number;
  creatorId: number;
  created: number;
  modified: number;
  initialLanguageCode: string;
  languageCodes: unknown;
}
/** Entity schema of `content_version` (ContentVersionEntity). */
export const ContentVersionSchema = new EntitySchema<ContentVersionEntity>({
  name: 'ContentVersionEntity',
  tableName: 'content_version',
  properties: {
    id: { ...INT, primary: true },
    contentId: INT,
    versionNo: INT,
    status: SMALLINT,
    creatorId: INT,
    created: seconds(),
    modified: seconds(),
    initialLanguageCode: varchar(20),
    languageCodes: JSON_COLUMN,
  },
});

/** Row of `content_name`: the name of one version in one language. */
export interface ContentNameEntity {
  contentId: number;
  versionNo: number;
  languageCode: string;
  name: string;
}
/** Entity schema of `content_name` (ContentNameEntity). */
export const ContentNameSchema = new EntitySchema<ContentNameEntity>({
  name: 'ContentNameEntity',
  tableName: 'content_name',
  properties: {
    contentId: { ...INT, primary: true, autoincrement: false },
    versionNo: { ...INT, primary: true },
    languageCode: { ...varchar(20), primary: true },
    name: TEXT,
  },
});

/** Row of `content_field`: primary key (id, version_no), the id being shared across versions. */
export interface ContentFieldEntity {
  id: number;
  versionNo: number;
  contentId: number;
  fieldDefinitionId: number;
  fieldDefIdentifier: string;
  fieldTypeIdentifier: string;
  languageCode: string;
  data: unknown;
}
/** Entity schema of `content_field` (ContentFieldEntity). */
export const ContentFieldSchema = new EntitySchema<ContentFieldEntity>({
  name: 'ContentFieldEntity',
  tableName: 'content_field',
  properties: {
    id: { ...INT, primary: true, autoincrement: false },
    versionNo: { ...INT, primary: true },
    contentId: INT,
    fieldDefinitionId: INT,
    fieldDefIdentifier: varchar(50),
    fieldTypeIdentifier: varchar(50),
    languageCode: varchar(20),
    data: { ...JSON_COLUMN, nullable: true },
  },
});

/** Row of `content_relation`. */
export interface ContentRelationEntity {
  id: number;
  sourceContentId: number;
  sourceVersionNo: number;
  destinationContentId: number;
  type: number;
  sourceFieldDefinitionIdentifier: string | null;
}
/** Entity schema of `content_relation` (ContentRelationEntity). */
export const ContentRelationSchema = new EntitySchema<ContentRelationEntity>({
  name: 'ContentRelationEntity',
  tableName: 'content_relation',
  properties: {
    id: { ...INT, primary: true },
    sourceContentId: INT,
    sourceVersionNo: INT,
    destinationContentId: INT,
    type: SMALLINT,
    sourceFieldDefinitionIdentifier: { ...varchar(50), nullable: true },
  },
});

/** Row of `pending_location`: a location to create at the first publication. */
export interface PendingLocationEntity {
  id: number;
  contentId: number;
  parentLocationId: number;
  priority: number;
  hidden: boolean;
  remoteId: string;
  sortField: number;
  sortOrder: number;
}
/** Entity schema of `pending_location` (PendingLocationEntity). */
export const PendingLocationSchema = new EntitySchema<PendingLocationEntity>({
  name: 'PendingLocationEntity',
  tableName: 'pending_location',
  properties: {
    id: { ...INT, primary: true },
    contentId: INT,
    parentLocationId: INT,
    priority: INT,
    hidden: BOOL,
    remoteId: varchar(100),
    sortField: SMALLINT,
    sortOrder: SMALLINT,
  },
});

/** Row of `location` (Ibexa `ezcontentobject_tree`). */
export interface LocationEntity {
  id: number;
  parentId: number;
  contentId: number;
  pathString: string;
  depth: number;
  priority: number;
  hidden: boolean;
  invisible: boolean;
  remoteId: string;
  sortField: number;
  sortOrder: number;
}
/** Entity schema of `location` (LocationEntity). */
export const LocationSchema = new EntitySchema<LocationEntity>({
  name: 'LocationEntity',
  tableName: 'location',
  properties: {
    id: { ...INT, primary: true },
    parentId: INT,
    contentId: INT,
    pathString: TEXT,
    depth: INT,
    priority: INT,
    hidden: BOOL,
    invisible: BOOL,
    remoteId: { ...varchar(100), unique: true },
    sortField: SMALLINT,
    sortOrder: SMALLINT,
  },
});
