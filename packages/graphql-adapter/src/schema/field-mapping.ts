import type { FieldDefinition } from '@contentrepo/core';
import { builtInFieldTypeMapperRegistry, typeOfDefinition, type FieldTypeMapperRegistry } from '../field-types/index.js';

/**
 * The GraphQL types of one field definition (Ibexa's field definition mappers), in SDL notation (`[String]`,
 * `ImageFieldValue`), resolved against the schema's types by the builder.
 */
export interface FieldTypeMapping {
  /** Output type of the item field, e.g. `String`, `[AuthorFieldValue]`, `FolderItem`. */
  readonly valueType: string;
  /** Type of the field in `<Ident>ItemType` (default `FieldDefinition`). */
  readonly definitionType: string;
  /** Input type in create/update inputs, or null when the field cannot be set through GraphQL. */
  readonly inputType: string | null;
}

/**
 * The mapping of one field definition, by the mapper of its (canonical) field type identifier — the default
 * mapper's string form for a type without one. `itemTypeExists` tells which content types get an item type (for
 * relations typed to their target); `mappers` default to the built-in ones.
 */
export function mapFieldDefinition(
  definition: FieldDefinition,
  itemTypeExists: (identifier: string) => boolean,
  mappers: FieldTypeMapperRegistry = builtInFieldTypeMapperRegistry,
): FieldTypeMapping {
  const mapper = mappers.get(definition.fieldTypeIdentifier);
  const scope = { itemTypeExists };
  return {
    valueType: typeOfDefinition(mapper.valueType, definition, scope),
    definitionType: typeOfDefinition(mapper.definitionType, definition, scope),
    inputType: typeOfDefinition(mapper.inputType, definition, scope),
  };
}
