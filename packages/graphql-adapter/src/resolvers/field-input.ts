import { ContentFieldValidationError, FieldValueError, type FieldDefinition, type FieldInput, type Hash } from '@contentrepo/core';
import { builtInFieldTypeMapperRegistry, type FieldTypeMapperRegistry } from '../field-types/index.js';
import type { ArgMap } from '../schema/args.js';

/**
 * GraphQL field input → the value core's field types accept (Ibexa's `<Ident>Input` fields), by the mapper of
 * each field's type: rich text as an XHTML5 edit document, dates as `{<format>: input}`, relations as destination
 * ids, files as pending binaries streamed from the upload, everything else as the field type's hash. Values are
 * validated by core.
 */

/** The stored hash of a field in the draft being updated (to keep a file while changing its texts). */
export type StoredHash = (definition: FieldDefinition) => Promise<Hash>;

/**
 * The core value of one field input; null for a null input (it empties the field). `definition` is one of the
 * schema's model, whose field type identifiers are canonical; `mappers` are the request's (default: built-in).
 * @throws FieldValueError for input core could never accept (reported as a field validation failure).
 */
export async function fieldInputValue(
  definition: FieldDefinition,
  input: unknown,
  storedHash: StoredHash | null,
  mappers: FieldTypeMapperRegistry = builtInFieldTypeMapperRegistry,
): Promise<unknown> {
  if (input === null || input === undefined) return null;
  const stored = storedHash === null ? null : () => storedHash(definition);
  return mappers.get(definition.fieldTypeIdentifier).toInput(input, { definition, stored });
}

/**
 * Core field inputs of a create or update input object: one per field whose GraphQL key is present (as in Ibexa, a
 * present `null` empties the field). `fieldNames` maps GraphQL keys to definitions.
 * @throws ContentFieldValidationError for input core could never accept (as a failure of that field).
 */
export async function fieldInputs(
  input: ArgMap,
  fieldNames: ReadonlyMap<string, FieldDefinition>,
  languageCode: string,
  storedHash: StoredHash | null,
  mappers: FieldTypeMapperRegistry = builtInFieldTypeMapperRegistry,
): Promise<FieldInput[]> {
  const fields: FieldInput[] = [];
  for (const [name, definition] of fieldNames) {
    if (!Object.hasOwn(input, name)) continue;
    let value: unknown;
    try {
      value = await fieldInputValue(definition, input[name], storedHash, mappers);
    } catch (error) {
      if (!(error instanceof FieldValueError)) throw error;
      throw new ContentFieldValidationError([
        {
          fieldDefinitionId: definition.id,
          fieldDefinitionIdentifier: definition.identifier,
          languageCode,
          errors: [{ target: error.target, message: error.message }],
        },
      ]);
    }
    fields.push({ fieldDefIdentifier: definition.identifier, languageCode, value });
  }
  return fields;
}
