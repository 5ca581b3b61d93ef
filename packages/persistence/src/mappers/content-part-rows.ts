import type { PendingLocation, Relation, StoredField } from '@contentrepo/core';
import { relationTypeOf, sortFieldOf, sortOrderOf } from '../db/codes.js';
import { decodeHash } from '../db/json-decoders.js';
import type { Row } from '../db/row.js';
import { TABLES } from '../schema/index.js';

const { contentField, contentRelation, pendingLocation } = TABLES;

/** A StoredField from a `content_field` row. */
export function toStoredField(row: Row): StoredField {
  return {
    id: row.int(contentField.id),
    fieldDefinitionId: row.int(contentField.fieldDefinitionId),
    fieldDefIdentifier: row.str(contentField.fieldDefIdentifier),
    fieldTypeIdentifier: row.str(contentField.fieldTypeIdentifier),
    languageCode: row.str(contentField.languageCode),
    data: decodeHash(row.json(contentField.data), 'field data'),
  };
}

/** A Relation from a `content_relation` row. */
export function toRelation(row: Row): Relation {
  return {
    id: row.int(contentRelation.id),
    sourceContentId: row.int(contentRelation.sourceContentId),
    sourceVersionNo: row.int(contentRelation.sourceVersionNo),
    destinationContentId: row.int(contentRelation.destinationContentId),
    type: relationTypeOf(row.int(contentRelation.type)),
    sourceFieldDefinitionIdentifier: row.strOrNull(contentRelation.sourceFieldDefinitionIdentifier),
  };
}

/** A PendingLocation from a `pending_location` row. */
export function toPendingLocation(row: Row): PendingLocation {
  return {
    parentLocationId: row.int(pendingLocation.parentLocationId),
    priority: row.int(pendingLocation.priority),
    hidden: row.bool(pendingLocation.hidden),
    remoteId: row.str(pendingLocation.remoteId),
    sortField: sortFieldOf(row.int(pendingLocation.sortField)),
    sortOrder: sortOrderOf(row.int(pendingLocation.sortOrder)),
  };
}
