import type { FieldDefinition } from '@contentrepo/core';
import type { GraphQLContext } from './graphql-context.js';
import { pickField, valueLanguages } from './items.js';
import type { ItemValue } from './resolver-values.js';

/**
 * The value of an item field (Ibexa's field value resolution): the field in the prioritised language, resolved
 * by the mapper of its field type (looked up by the canonical identifier in the request's mappers) from the field
 * type's REST hash, so that no native value is cast. A missing field, or one of a type core does not know, is
 * null. `asList` tells whether the schema types the item field as a list (a relation list limited to one item is
 * not).
 */
export async function resolveFieldValue(
  context: GraphQLContext,
  item: ItemValue,
  definition: FieldDefinition,
  language: string | undefined,
  asList: boolean,
): Promise<unknown> {
  const content = await context.loaders.content(item.contentInfo.id);
  const field = pickField(content, definition.identifier, valueLanguages(context, item, language));
  if (field === null) return null;
  const fieldType = context.repository.fieldTypes.find(field.fieldTypeIdentifier);
  if (!fieldType) return null;
  // `fieldType.identifier` is the canonical identifier of `field.fieldTypeIdentifier` (core's registry).
  const mapper = context.fieldTypeMappers.get(fieldType.identifier);
  return mapper.resolve({ hash: fieldType.toHash(field.value), field, fieldType, definition, content, asList }, context);
}
