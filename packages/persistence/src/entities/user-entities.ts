import { EntitySchema } from '@mikro-orm/core';
import { BOOL, INT, JSON_COLUMN, SMALLINT, seconds, varchar } from './columns.js';

/** Row of `user_account` (Ibexa `ezuser`). */
export interface UserAccountEntity {
  contentId: number;
  login: string;
  email: string;
  passwordHash: string;
  enabled: boolean;
  maxLogin: number;
  passwordUpdatedAt: number | null;
}
/** Entity schema of `user_account` (UserAccountEntity). */
export const UserAccountSchema = new EntitySchema<UserAccountEntity>({
  name: 'UserAccountEntity',
  tableName: 'user_account',
  properties: {
    contentId: { ...INT, primary: true, autoincrement: false },
    login: varchar(150),
    email: varchar(150),
    passwordHash: varchar(255),
    enabled: BOOL,
    maxLogin: INT,
    passwordUpdatedAt: { ...seconds(), nullable: true },
  },
});

/** Row of `role`: a published role, or a draft (status DRAFT) of the role `originalId` (null: a new role). */
export interface RoleEntity {
  id: number;
  identifier: string;
  status: number;
  originalId: number | null;
}
/** Entity schema of `role` (RoleEntity). */
export const RoleSchema = new EntitySchema<RoleEntity>({
  name: 'RoleEntity',
  tableName: 'role',
  properties: { id: { ...INT, primary: true }, identifier: varchar(255), status: SMALLINT, originalId: { ...INT, nullable: true } },
});

/** Row of `policy` (limitations as JSON; `originalId`: the published policy a draft's policy copies). */
export interface PolicyEntity {
  id: number;
  roleId: number;
  module: string;
  function: string;
  limitations: unknown;
  originalId: number | null;
}
/** Entity schema of `policy` (PolicyEntity). */
export const PolicySchema = new EntitySchema<PolicyEntity>({
  name: 'PolicyEntity',
  tableName: 'policy',
  properties: {
    id: { ...INT, primary: true },
    roleId: INT,
    module: varchar(50),
    function: varchar(50),
    limitations: JSON_COLUMN,
    originalId: { ...INT, nullable: true },
  },
});

/** Row of `role_assignment`. */
export interface RoleAssignmentEntity {
  id: number;
  roleId: number;
  subjectKind: string;
  subjectId: number;
  limitation: unknown;
}
/** Entity schema of `role_assignment` (RoleAssignmentEntity). */
export const RoleAssignmentSchema = new EntitySchema<RoleAssignmentEntity>({
  name: 'RoleAssignmentEntity',
  tableName: 'role_assignment',
  properties: {
    id: { ...INT, primary: true },
    roleId: INT,
    subjectKind: varchar(10),
    subjectId: INT,
    limitation: { ...JSON_COLUMN, nullable: true },
  },
});

/** Row of `object_state_group`. */
export interface ObjectStateGroupEntity {
  id: number;
  identifier: string;
  defaultLanguageCode: string;
  languageCodes: unknown;
  names: unknown;
  descriptions: unknown;
}
/** Entity schema of `object_state_group` (ObjectStateGroupEntity). */
export const ObjectStateGroupSchema = new EntitySchema<ObjectStateGroupEntity>({
  name: 'ObjectStateGroupEntity',
  tableName: 'object_state_group',
  properties: {
    id: { ...INT, primary: true },
    identifier: { ...varchar(45), unique: true },
    defaultLanguageCode: varchar(20),
    languageCodes: JSON_COLUMN,
    names: JSON_COLUMN,
    descriptions: JSON_COLUMN,
  },
});

/** Row of `object_state`. */
export interface ObjectStateEntity {
  id: number;
  groupId: number;
  identifier: string;
  priority: number;
  defaultLanguageCode: string;
  languageCodes: unknown;
  names: unknown;
  descriptions: unknown;
}
/** Entity schema of `object_state` (ObjectStateEntity). */
export const ObjectStateSchema = new EntitySchema<ObjectStateEntity>({
  name: 'ObjectStateEntity',
  tableName: 'object_state',
  properties: {
    id: { ...INT, primary: true },
    groupId: INT,
    identifier: varchar(45),
    priority: INT,
    defaultLanguageCode: varchar(20),
    languageCodes: JSON_COLUMN,
    names: JSON_COLUMN,
    descriptions: JSON_COLUMN,
  },
});

/** Row of `content_object_state`: the state of one content item in one group. */
export interface ContentObjectStateEntity {
  contentId: number;
  groupId: number;
  stateId: number;
}
/** Entity schema of `content_object_state` (ContentObjectStateEntity). */
export const ContentObjectStateSchema = new EntitySchema<ContentObjectStateEntity>({
  name: 'ContentObjectStateEntity',
  tableName: 'content_object_state',
  properties: {
    contentId: { ...INT, primary: true, autoincrement: false },
    groupId: { ...INT, primary: true },
    stateId: INT,
  },
});

/** Row of `session`: a login session (dates in Unix seconds). */
export interface SessionEntity {
  id: string;
  userId: number;
  csrfToken: string;
  createdAt: number;
  expiresAt: number;
}
/** Entity schema of `session` (SessionEntity). */
export const SessionSchema = new EntitySchema<SessionEntity>({
  name: 'SessionEntity',
  tableName: 'session',
  properties: {
    id: { ...varchar(128), primary: true },
    userId: INT,
    csrfToken: varchar(255),
    createdAt: seconds(),
    expiresAt: seconds(),
  },
});
