import { EntitySchema } from '@mikro-orm/core';
import { BOOL, INT, JSON_COLUMN, SMALLINT, seconds, varchar } from './columns.js';

/** Row of `language`. */
export interface LanguageEntity {
  id: number;
  languageCode: string;
  name: string;
  enabled: boolean;
}
/** Entity schema of `language` (LanguageEntity). */
export const LanguageSchema = new EntitySchema<LanguageEntity>({
  name: 'LanguageEntity',
  tableName: 'language',
  properties: {
    id: { ...INT, primary: true, autoincrement: false },
    languageCode: { ...varchar(20), unique: true },
    name: varchar(255),
    enabled: BOOL,
  },
});

/** Row of `section`. */
export interface SectionEntity {
  id: number;
  identifier: string;
  name: string;
}
/** Entity schema of `section` (SectionEntity). */
export const SectionSchema = new EntitySchema<SectionEntity>({
  name: 'SectionEntity',
  tableName: 'section',
  properties: { id: { ...INT, primary: true }, identifier: { ...varchar(255), unique: true }, name: varchar(255) },
});

/** Row of `content_type_group`. */
export interface ContentTypeGroupEntity {
  id: number;
  identifier: string;
  created: number;
  modified: number;
  creatorId: number;
  modifierId: number;
  isSystem: boolean;
}
/** Entity schema of `content_type_group` (ContentTypeGroupEntity). */
export const ContentTypeGroupSchema = new EntitySchema<ContentTypeGroupEntity>({
  name: 'ContentTypeGroupEntity',
  tableName: 'content_type_group',
  properties: {
    id: { ...INT, primary: true },
    identifier: { ...varchar(255), unique: true },
    created: seconds(),
    modified: seconds(),
    creatorId: INT,
    modifierId: INT,
    isSystem: BOOL,
  },
});

/** Row of `content_type` (primary key id + status). */
export interface ContentTypeEntity {
  id: number;
  status: number;
  identifier: string;
  remoteId: string;
  names: unknown;
  descriptions: unknown;
  created: number;
  modified: number;
  creatorId: number;
  modifierId: number;
  urlAliasSchema: string;
  nameSchema: string;
  isContainer: boolean;
  mainLanguageCode: string;
  defaultAlwaysAvailable: boolean;
  defaultSortField: number;
  defaultSortOrder: number;
}
/** Entity schema of `content_type` (ContentTypeEntity). */
export const ContentTypeSchema = new EntitySchema<ContentTypeEntity>({
  name: 'ContentTypeEntity',
  tableName: 'content_type',
  properties: {
    id: { ...INT, primary: true, autoincrement: false },
    status: { ...SMALLINT, primary: true },
    identifier: varchar(50),
    remoteId: varchar(100),
    names: JSON_COLUMN,
    descriptions: JSON_COLUMN,
    created: seconds(),
    modified: seconds(),
    creatorId: INT,
    modifierId: INT,
    urlAliasSchema: varchar(255),
    nameSchema: varchar(255),
    isContainer: BOOL,
    mainLanguageCode: varchar(20),
    defaultAlwaysAvailable: BOOL,
    defaultSortField: SMALLINT,
    defaultSortOrder: SMALLINT,
  },
});

/** Row of `content_type_group_link`. */
export interface ContentTypeGroupLinkEntity {
  contentTypeId: number;
  contentTypeStatus: number;
  groupId: number;
}
/** Entity schema of `content_type_group_link` (ContentTypeGroupLinkEntity). */
export const ContentTypeGroupLinkSchema = new EntitySchema<ContentTypeGroupLinkEntity>({
  name: 'ContentTypeGroupLinkEntity',
  tableName: 'content_type_group_link',
  properties: {
    contentTypeId: { ...INT, primary: true, autoincrement: false },
    contentTypeStatus: { ...SMALLINT, primary: true },
    groupId: { ...INT, primary: true },
  },
});

/** Row of `field_definition` (primary key id + status). */
export interface FieldDefinitionEntity {
  id: number;
  status: number;
  contentTypeId: number;
  identifier: string;
  fieldTypeIdentifier: string;
  fieldGroup: string;
  position: number;
  isTranslatable: boolean;
  isRequired: boolean;
  isInfoCollector: boolean;
  isSearchable: boolean;
  isThumbnail: boolean;
  names: unknown;
  descriptions: unknown;
  defaultValue: unknown;
  fieldSettings: unknown;
  validatorConfiguration: unknown;
}
/** Entity schema of `field_definition` (FieldDefinitionEntity). */
export const FieldDefinitionSchema = new EntitySchema<FieldDefinitionEntity>({
  name: 'FieldDefinitionEntity',
  tableName: 'field_definition',
  properties: {
    id: { ...INT, primary: true, autoincrement: false },
    status: { ...SMALLINT, primary: true },
    contentTypeId: INT,
    identifier: varchar(50),
    fieldTypeIdentifier: varchar(50),
    fieldGroup: varchar(255),
    position: INT,
    isTranslatable: BOOL,
    isRequired: BOOL,
    isInfoCollector: BOOL,
    isSearchable: BOOL,
    isThumbnail: BOOL,
    names: JSON_COLUMN,
    descriptions: JSON_COLUMN,
    defaultValue: { ...JSON_COLUMN, nullable: true },
    fieldSettings: JSON_COLUMN,
    validatorConfiguration: JSON_COLUMN,
  },
});
