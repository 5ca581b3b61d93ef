import type {
  Language,
  ObjectState,
  ObjectStateGroup,
  Policy,
  RoleAssignment,
  Section,
  UserAccount,
} from '@contentrepo/core';
import { decodeLimitation, decodeLimitations, decodeStringList, decodeTranslatedStrings } from '../db/json-decoders.js';
import type { Row } from '../db/row.js';
import { TABLES } from '../schema/index.js';

const { language, section, userAccount, policy, roleAssignment, objectStateGroup, objectState } = TABLES;

/** A Language from a `language` row. */
export function toLanguage(row: Row): Language {
  return {
    id: row.int(language.id),
    languageCode: row.str(language.languageCode),
    name: row.str(language.name),
    enabled: row.bool(language.enabled),
  };
}

/** A Section from a `section` row. */
export function toSection(row: Row): Section {
  return { id: row.int(section.id), identifier: row.str(section.identifier), name: row.str(section.name) };
}

/** A UserAccount from a `user_account` row. */
export function toUserAccount(row: Row): UserAccount {
  return {
    contentId: row.int(userAccount.contentId),
    login: row.str(userAccount.login),
    email: row.str(userAccount.email),
    passwordHash: row.str(userAccount.passwordHash),
    enabled: row.bool(userAccount.enabled),
    maxLogin: row.int(userAccount.maxLogin),
    passwordUpdatedAt: row.dateOrNull(userAccount.passwordUpdatedAt),
  };
}

/** A Policy from a `policy` row. */
export function toPolicy(row: Row): Policy {
  return {
    id: row.int(policy.id),
    roleId: row.int(policy.roleId),
    module: row.str(policy.module),
    function: row.str(policy.function),
    limitations: decodeLimitations(row.json(policy.limitations)),
  };
}

/** A RoleAssignment from a `role_assignment` row. */
export function toRoleAssignment(row: Row): RoleAssignment {
  const kind = row.str(roleAssignment.subjectKind);
  if (kind !== 'user' && kind !== 'group') throw new Error(`Stored role assignment: unknown subject kind '${kind}'`);
  const limitation = row.json(roleAssignment.limitation);
  return {
    id: row.int(roleAssignment.id),
    roleId: row.int(roleAssignment.roleId),
    subjectKind: kind,
    subjectId: row.int(roleAssignment.subjectId),
    limitation: limitation === null ? null : decodeLimitation(limitation),
  };
}

/** An ObjectStateGroup from an `object_state_group` row. */
export function toObjectStateGroup(row: Row): ObjectStateGroup {
  return {
    id: row.int(objectStateGroup.id),
    identifier: row.str(objectStateGroup.identifier),
    defaultLanguageCode: row.str(objectStateGroup.defaultLanguageCode),
    languageCodes: decodeStringList(row.json(objectStateGroup.languageCodes), 'object state group languages'),
    names: decodeTranslatedStrings(row.json(objectStateGroup.names), 'object state group names'),
    descriptions: decodeTranslatedStrings(row.json(objectStateGroup.descriptions), 'object state group descriptions'),
  };
}

/** An ObjectState from an `object_state` row. */
export function toObjectState(row: Row): ObjectState {
  return {
    id: row.int(objectState.id),
    groupId: row.int(objectState.groupId),
    identifier: row.str(objectState.identifier),
    priority: row.int(objectState.priority),
    defaultLanguageCode: row.str(objectState.defaultLanguageCode),
    languageCodes: decodeStringList(row.json(objectState.languageCodes), 'object state languages'),
    names: decodeTranslatedStrings(row.json(objectState.names), 'object state names'),
    descriptions: decodeTranslatedStrings(row.json(objectState.descriptions), 'object state descriptions'),
  };
}
