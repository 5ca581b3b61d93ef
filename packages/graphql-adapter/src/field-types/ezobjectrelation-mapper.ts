import { hashNumber, hashRecord } from '../schema/hash.js';
import type { FieldTypeMapper } from './field-type-mapper.js';
import { relatedItem, relationTargetType } from './shared/relations.js';

/**
 * Relation (`ezobjectrelation`): the related item (null when gone or not readable), typed to the item type of its
 * only allowed content type or else `Item`; set from the destination content id (`Int`).
 */
export const relationMapper: FieldTypeMapper = {
  fieldTypeIdentifier: 'ezobjectrelation',
  valueType: relationTargetType,
  definitionType: 'RelationFieldDefinition',
  inputType: 'Int',
  resolve: ({ hash }, context) => {
    const id = hashNumber(hashRecord(hash), 'destinationContentId');
    return id === null ? null : relatedItem(context, id);
  },
  toInput: (input) => ({ destinationContentId: input }),
};
