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

/** A Language from a `language` row. */
export function toLanguage(row: Row): Language {
  return {
    id: row.int('id'),
    languageCode: row.str('language_code'),
    name: row.str('name'),
    enabled: row.bool('enabled'),
  };
}

/** A Section from a `section` row. */
export function toSection(row: Row): Section {
  return { id: row.int('id'), identifier: row.str('identifier'), name: row.str('name') };
}

/** A UserAccount from a `user_account` row. */
export function toUserAccount(row: Row): UserAccount {
  return {
    contentId: row.int('content_id'),
    login: row.str('login'),
    email: row.str('email'),
    passwordHash: row.str('password_hash'),
    enabled: row.bool('enabled'),
    maxLogin: row.int('max_login'),
    passwordUpdatedAt: row.dateOrNull('password_updated_at'),
  };
}

/** A Policy from a `policy` row. */
export function toPolicy(row: Row): Policy {
  return {
    id: row.int('id'),
    roleId: row.int('role_id'),
    module: row.str('module'),
    function: row.str('function'),
    limitations: decodeLimitations(row.json('limitations')),
  };
}

/** A RoleAssignment from a `role_assignment` row. */
export function toRoleAssignment(row: Row): RoleAssignment {
  const kind = row.str('subject_kind');
  if (kind !== 'user' && kind !== 'group') throw new Error(`Stored role assignment: unknown subject kind '${kind}'`);
  const limitation = row.json('limitation');
  return {
    id: row.int('id'),
    roleId: row.int('role_id'),
    subjectKind: kind,
    subjectId: row.int('subject_id'),
    limitation: limitation === null ? null : decodeLimitation(limitation),
  };
}

/** An ObjectStateGroup from an `object_state_group` row. */
export function toObjectStateGroup(row: Row): ObjectStateGroup {
  return {
    id: row.int('id'),
    identifier: row.str('identifier'),
    defaultLanguageCode: row.str('default_language_code'),
    languageCodes: decodeStringList(row.json('language_codes'), 'object state group languages'),
    names: decodeTranslatedStrings(row.json('names'), 'object state group names'),
    descriptions: decodeTranslatedStrings(row.json('descriptions'), 'object state group descriptions'),
  };
}

/** An ObjectState from an `object_state` row. */
export function toObjectState(row: Row): ObjectState {
  return {
    id: row.int('id'),
    groupId: row.int('group_id'),
    identifier: row.str('identifier'),
    priority: row.int('priority'),
    defaultLanguageCode: row.str('default_language_code'),
    languageCodes: decodeStringList(row.json('language_codes'), 'object state languages'),
    names: decodeTranslatedStrings(row.json('names'), 'object state names'),
    descriptions: decodeTranslatedStrings(row.json('descriptions'), 'object state descriptions'),
  };
}
