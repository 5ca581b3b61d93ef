import { column } from '../columns.js';
import { defineTable, references } from '../table.js';
import { content } from './content-tables.js';

/**
 * User accounts, roles (and role drafts), policies, role assignments, object state groups and states, the state
 * of each item per group, and login sessions.
 */

/** `user_account` (Ibexa `ezuser`): logins are unique case-insensitively (expression index on `lower(login)`). */
export const userAccount = defineTable(
  'user_account',
  {
    contentId: column.integer(),
    login: column.varchar(150),
    email: column.varchar(150),
    passwordHash: column.varchar(255),
    enabled: column.boolean(),
    maxLogin: column.integer(),
    passwordUpdatedAt: column.seconds().orNull(),
  },
  {
    primaryKey: ['contentId'],
    indexes: [
      { columns: ['email'] },
      { name: 'user_account_login_lower_unique', columns: [{ expression: 'lower(login)' }], unique: true },
    ],
    foreignKeys: [{ columns: ['contentId'], references: references(content, 'id'), onDelete: 'cascade' }],
  },
);

/**
 * `role`: a published role (status DEFINED), or a draft (status DRAFT) whose `original_id` names the role it
 * changes (null for a new role).
 */
export const role = defineTable(
  'role',
  {
    id: column.integer().autoIncrement(),
    identifier: column.varchar(255),
    status: column.smallint(),
    originalId: column.integer().orNull(),
  },
  { primaryKey: ['id'], indexes: [{ columns: ['identifier'] }, { columns: ['originalId'] }] },
);

/**
 * `policy`: limitations as JSON (always read with their policy, never filtered in SQL); a draft's policy
 * carries the id of the published policy it copies in `original_id` (publishing gives that id back).
 */
export const policy = defineTable(
  'policy',
  {
    id: column.integer().autoIncrement(),
    roleId: column.integer(),
    module: column.varchar(50),
    function: column.varchar(50),
    limitations: column.json(),
    originalId: column.integer().orNull(),
  },
  {
    primaryKey: ['id'],
    indexes: [{ columns: ['roleId'] }],
    foreignKeys: [{ columns: ['roleId'], references: references(role, 'id'), onDelete: 'cascade' }],
  },
);

/** `role_assignment`. */
export const roleAssignment = defineTable(
  'role_assignment',
  {
    id: column.integer().autoIncrement(),
    roleId: column.integer(),
    subjectKind: column.varchar(10),
    subjectId: column.integer(),
    limitation: column.json().orNull(),
  },
  {
    primaryKey: ['id'],
    indexes: [{ columns: ['subjectId'] }, { columns: ['roleId'] }],
    foreignKeys: [{ columns: ['roleId'], references: references(role, 'id'), onDelete: 'cascade' }],
  },
);

/** `object_state_group`. */
export const objectStateGroup = defineTable(
  'object_state_group',
  {
    id: column.integer().autoIncrement(),
    identifier: column.varchar(45),
    defaultLanguageCode: column.varchar(20),
    languageCodes: column.json(),
    names: column.json(),
    descriptions: column.json(),
  },
  { primaryKey: ['id'], uniques: [{ columns: ['identifier'] }] },
);

/** `object_state`. */
export const objectState = defineTable(
  'object_state',
  {
    id: column.integer().autoIncrement(),
    groupId: column.integer(),
    identifier: column.varchar(45),
    priority: column.integer(),
    defaultLanguageCode: column.varchar(20),
    languageCodes: column.json(),
    names: column.json(),
    descriptions: column.json(),
  },
  {
    primaryKey: ['id'],
    uniques: [{ columns: ['groupId', 'identifier'] }],
    foreignKeys: [{ columns: ['groupId'], references: references(objectStateGroup, 'id'), onDelete: 'cascade' }],
  },
);

/** `content_object_state`: the state of one content item in one group. */
export const contentObjectState = defineTable(
  'content_object_state',
  { contentId: column.integer(), groupId: column.integer(), stateId: column.integer() },
  {
    primaryKey: ['contentId', 'groupId'],
    indexes: [{ columns: ['stateId'] }],
    foreignKeys: [
      { columns: ['contentId'], references: references(content, 'id'), onDelete: 'cascade' },
      { columns: ['groupId'], references: references(objectStateGroup, 'id'), onDelete: 'cascade' },
      { columns: ['stateId'], references: references(objectState, 'id'), onDelete: 'cascade' },
    ],
  },
);

/**
 * `session`: a login session (dates in Unix seconds). SQLite declares the text primary key without NOT NULL
 * (SQLite then accepts NULL in it; the store never writes one).
 */
export const session = defineTable(
  'session',
  {
    id: column.varchar(128).onSqlite({ nullable: true }),
    userId: column.integer(),
    csrfToken: column.varchar(255),
    createdAt: column.seconds(),
    expiresAt: column.seconds(),
  },
  { primaryKey: ['id'], indexes: [{ columns: ['expiresAt'] }, { columns: ['userId'] }] },
);
