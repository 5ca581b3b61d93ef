import type { PendingLocation, Relation, StoredField } from '@contentrepo/core';
import { relationTypeOf, sortFieldOf, sortOrderOf } from '../db/codes.js';
import { decodeHash } from '../db/json-decoders.js';
import type { Row } from '../db/row.js';

/** A StoredField from a `content_field` row. */
export function toStoredField(row: Row): StoredField {
  return {
    id: row.int('id'),
    fieldDefinitionId: row.int('field_definition_id'),
    fieldDefIdentifier: row.str('field_def_identifier'),
    fieldTypeIdentifier: row.str('field_type_identifier'),
    languageCode: row.str('language_code'),
    data: decodeHash(row.json('data'), 'field data'),
  };
}

/** A Relation from a `content_relation` row. */
export function toRelation(row: Row): Relation {
  return {
    id: row.int('id'),
    sourceContentId: row.int('source_content_id'),
    sourceVersionNo: row.int('source_version_no'),
    destinationContentId: row.int('destination_content_id'),
    type: relationTypeOf(row.int('type')),
    sourceFieldDefinitionIdentifier: row.strOrNull('source_field_definition_identifier'),
  };
}

/** A PendingLocation from a `pending_location` row. */
export function toPendingLocation(row: Row): PendingLocation {
  return {
    parentLocationId: row.int('parent_location_id'),
    priority: row.int('priority'),
    hidden: row.bool('hidden'),
    remoteId: row.str('remote_id'),
    sortField: sortFieldOf(row.int('sort_field')),
    sortOrder: sortOrderOf(row.int('sort_order')),
  };
}
