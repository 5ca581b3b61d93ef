import type { EntitySchema } from '@mikro-orm/core';
import {
  ContentFieldSchema,
  ContentNameSchema,
  ContentRelationSchema,
  ContentSchema,
  ContentVersionSchema,
  LocationSchema,
  PendingLocationSchema,
} from './content-entities.js';
import {
  BookmarkSchema,
  SearchFieldElementSchema,
  SearchFieldSchema,
  SearchNameSchema,
  SearchUserSchema,
  SearchWordLinkSchema,
  SearchWordSchema,
} from './search-entities.js';
import {
  ContentTypeGroupLinkSchema,
  ContentTypeGroupSchema,
  ContentTypeSchema,
  FieldDefinitionSchema,
  LanguageSchema,
  SectionSchema,
} from './type-entities.js';
import {
  ContentObjectStateSchema,
  ObjectStateGroupSchema,
  ObjectStateSchema,
  PolicySchema,
  RoleAssignmentSchema,
  RoleSchema,
  SessionSchema,
  UserAccountSchema,
} from './user-entities.js';
import { TrashSchema, UrlAliasSchema, UrlWildcardSchema } from './management-entities.js';

/** Every entity schema, listed explicitly for MikroORM's `entities` option (no discovery by folder). */
export const ENTITIES: readonly EntitySchema[] = [
  LanguageSchema,
  SectionSchema,
  ContentTypeGroupSchema,
  ContentTypeSchema,
  ContentTypeGroupLinkSchema,
  FieldDefinitionSchema,
  ContentSchema,
  ContentVersionSchema,
  ContentNameSchema,
  ContentFieldSchema,
  ContentRelationSchema,
  PendingLocationSchema,
  LocationSchema,
  UserAccountSchema,
  RoleSchema,
  PolicySchema,
  RoleAssignmentSchema,
  ObjectStateGroupSchema,
  ObjectStateSchema,
  ContentObjectStateSchema,
  SessionSchema,
  SearchFieldSchema,
  SearchFieldElementSchema,
  SearchWordSchema,
  SearchWordLinkSchema,
  SearchNameSchema,
  SearchUserSchema,
  BookmarkSchema,
  TrashSchema,
  UrlAliasSchema,
  UrlWildcardSchema,
];
