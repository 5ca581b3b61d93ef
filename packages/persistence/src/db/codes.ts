import {
  RELATION_TYPE_BITS,
  SORT_FIELD_CODES,
  sortFieldFromCode,
  type ContentStatus,
  type ContentTypeStatus,
  type RelationType,
  type RoleStatus,
  type SortField,
  type SortOrder,
  type VersionStatus,
} from '@contentrepo/core';

/**
 * Integer codes of the enumerations as Ibexa's Legacy storage writes them (ezcontentobject.status,
 * ezcontentobject_version.status, ezcontentclass.version, node sort_field/sort_order, relation_type bits).
 * Each decoder throws a plain Error on a code this package never writes.
 */

const CONTENT_STATUS: Readonly<Record<ContentStatus, number>> = { DRAFT: 0, PUBLISHED: 1, TRASHED: 2 };
const VERSION_STATUS: Readonly<Record<VersionStatus, number>> = { DRAFT: 0, PUBLISHED: 1, ARCHIVED: 3 };
const CONTENT_TYPE_STATUS: Readonly<Record<ContentTypeStatus, number>> = { DEFINED: 0, DRAFT: 1, MODIFIED: 2 };
const ROLE_STATUS: Readonly<Record<RoleStatus, number>> = { DEFINED: 0, DRAFT: 1 };

function decoder<T extends string>(table: Readonly<Record<T, number>>, what: string): (code: number) => T {
  const byCode = new Map<number, T>();
  for (const key in table) byCode.set(table[key], key);
  return (code) => {
    const found = byCode.get(code);
    if (found === undefined) throw new Error(`Stored ${what}: unknown code ${code}`);
    return found;
  };
}

/** Content status code: DRAFT 0, PUBLISHED 1, TRASHED 2. */
export const contentStatusCode = (status: ContentStatus): number => CONTENT_STATUS[status];
/** Decodes a stored content status. @throws Error on an unknown code. */
export const contentStatusOf = decoder(CONTENT_STATUS, 'content status');

/** Version status code: DRAFT 0, PUBLISHED 1, ARCHIVED 3 (Ibexa `VersionInfo::STATUS_*`). */
export const versionStatusCode = (status: VersionStatus): number => VERSION_STATUS[status];
/** Decodes a stored version status. @throws Error on an unknown code. */
export const versionStatusOf = decoder(VERSION_STATUS, 'version status');

/** Content type status code: DEFINED 0, DRAFT 1, MODIFIED 2 (Ibexa `ContentType::STATUS_*`). */
export const contentTypeStatusCode = (status: ContentTypeStatus): number => CONTENT_TYPE_STATUS[status];
/** Decodes a stored content type status. @throws Error on an unknown code. */
export const contentTypeStatusOf = decoder(CONTENT_TYPE_STATUS, 'content type status');

/** Role status code: DEFINED 0, DRAFT 1. */
export const roleStatusCode = (status: RoleStatus): number => ROLE_STATUS[status];
/** Decodes a stored role status. @throws Error on an unknown code. */
export const roleStatusOf = decoder(ROLE_STATUS, 'role status');

/** Sort field code (PATH 1 ... CONTENTOBJECT_ID 12). */
export const sortFieldCode = (field: SortField): number => SORT_FIELD_CODES[field];
/** Decodes a stored sort field. @throws Error on an unknown code. */
export function sortFieldOf(code: number): SortField {
  const field = sortFieldFromCode(code);
  if (!field) throw new Error(`Stored sort field: unknown code ${code}`);
  return field;
}

/** Sort order code: DESC 0, ASC 1. */
export const sortOrderCode = (order: SortOrder): number => (order === 'ASC' ? 1 : 0);
/** Decodes a stored sort order. @throws Error on an unknown code. */
export function sortOrderOf(code: number): SortOrder {
  if (code === 1) return 'ASC';
  if (code === 0) return 'DESC';
  throw new Error(`Stored sort order: unknown code ${code}`);
}

/** Relation type bit (COMMON 1, EMBED 2, LINK 4, FIELD 8, ASSET 16); one relation row has one type. */
export const relationTypeCode = (type: RelationType): number => RELATION_TYPE_BITS[type];
/** Decodes a stored relation type bit. @throws Error on an unknown code. */
export const relationTypeOf = decoder(RELATION_TYPE_BITS, 'relation type');
