import type { FieldDefinition } from '@contentrepo/core';
import { hashIntegers, hashNumber, hashRecord } from '../schema/hash.js';
import type { FieldTypeMapper } from './field-type-mapper.js';
import { relatedItems, relationTargetType } from './shared/relations.js';

/** The relation list limit (`RelationListValueValidator.selectionLimit`, 0 = unlimited). */
export function relationListLimit(definition: FieldDefinition): number {
  return hashNumber(hashRecord(definition.validatorConfiguration['RelationListValueValidator']), 'selectionLimit') ?? 0;
}

const isSingle = (definition: FieldDefinition): boolean => relationListLimit(definition) === 1;

/**
 * Relation list (`ezobjectrelationlist`): the related items the user may read, in field order, typed like a
 * relation's target (`[FolderItem]`, `[Item]`); a list limited to one item is mapped like a relation, a single item
 * set from an `Int` (Ibexa's `RelationListFieldDefinitionMapper`). Otherwise set from an `[Int]` of content ids.
 */
export const relationListMapper: FieldTypeMapper = {
  fieldTypeIdentifier: 'ezobjectrelationlist',
  valueType: (definition, scope) => {
    const target = relationTargetType(definition, scope);
    return isSingle(definition) ? target : `[${target}]`;
  },
  definitionType: 'RelationListFieldDefinition',
  inputType: (definition) => (isSingle(definition) ? 'Int' : '[Int]'),
  resolve: async ({ hash, asList }, context) => {
    const items = await relatedItems(context, hashIntegers(hashRecord(hash)?.['destinationContentIds']));
    return asList ? items : (items[0] ?? null);
  },
  toInput: (input) => ({ destinationContentIds: Array.isArray(input) ? input.filter((id) => id !== null) : [input] }),
};
