import type { FieldInput } from '../../api/structs/content-structs.js';
import type { Field } from '../../api/values/content.js';
import type { ContentType, FieldDefinition } from '../../api/values/content-type.js';
import { resolveNameSchema } from '../../domain/rules/name-schema.js';
import {
  ContentFieldValidationError,
  ContentValidationError,
  type FieldValidationFailure,
  type ValidationError,
} from '../../errors/repository-error.js';
import { FieldValueError, type FieldType, type FieldTypeRegistry } from '../../field-types/field-type.js';
import type { NewField, StoredField } from '../../spi/content-handler.js';

/** Field values of one version: language code → field definition identifier → value. */
export type VersionValues = Map<string, Map<string, unknown>>;

/** How to merge inputs into a version's values. */
export interface AcceptOptions {
  readonly mainLanguageCode: string;
  /** Language of inputs that name none (the struct's main or initial language). */
  readonly defaultLanguageCode: string;
  /** Codes of the configured languages. */
  readonly knownLanguages: ReadonlySet<string>;
  /** Current values of the version being updated; absent for a new item. */
  readonly existing?: VersionValues;
  /**
   * Decodes an input (default `FieldType.fromHash`). A write passes its `FieldPreparation.decode`, which decodes
   * each input once however often the write computes its values.
   */
  readonly decode?: (type: FieldType<unknown>, input: FieldInput) => unknown;
}

/**
 * Turns field inputs into values (field type `fromHash`) merged over `existing`, then completes every language
 * present: missing translatable fields (and every field of the main language) get the definition's default
 * value, missing non-translatable fields copy the main language's value (Ibexa ContentService create/update).
 *
 * @returns the values and the languages the inputs touched.
 * @throws ContentValidationError for an unknown field identifier or language, or a non-translatable field set in
 *   another language than the main one.
 * @throws ContentFieldValidationError when an input is not a value of its field type (e.g. invalid Base64).
 */
export function acceptFieldInputs(
  fieldTypes: FieldTypeRegistry,
  contentType: ContentType,
  inputs: readonly FieldInput[],
  options: AcceptOptions,
): { values: VersionValues; touchedLanguages: Set<string> } {
  const definitions = new Map(contentType.fieldDefinitions.map((definition) => [definition.identifier, definition]));
  const values: VersionValues = new Map(
    [...(options.existing ?? new Map<string, Map<string, unknown>>())].map(([language, fields]) => [language, new Map(fields)]),
  );
  const touchedLanguages = new Set<string>();
  const failures: FieldValidationFailure[] = [];

  for (const input of inputs) {
    const definition = definitions.get(input.fieldDefIdentifier);
    if (!definition) throw ContentValidationError.unknownField(input.fieldDefIdentifier, contentType.identifier);
    const languageCode = input.languageCode ?? options.defaultLanguageCode;
    if (!options.knownLanguages.has(languageCode)) {
      throw new ContentValidationError(`Language '${languageCode}' does not exist in the repository`);
    }
    if (!definition.isTranslatable && languageCode !== options.mainLanguageCode) {
      throw new ContentValidationError(
        `A value is set for non translatable field definition '${definition.identifier}' with language '${languageCode}'`,
      );
    }
    touchedLanguages.add(languageCode);
    try {
      const type = fieldTypes.get(definition.fieldTypeIdentifier);
      const decoded = options.decode ? options.decode(type, input) : type.fromHash(input.value);
      const stored = options.existing?.get(languageCode)?.get(definition.identifier);
      const value = type.reconcileInput ? type.reconcileInput(decoded, stored) : decoded;
      languageValues(values, languageCode).set(definition.identifier, value);
    } catch (error) {
      if (!(error instanceof FieldValueError)) throw error;
      failures.push(failure(definition, languageCode, [{ target: error.target, message: error.message }]));
    }
  }
  if (failures.length > 0) throw new ContentFieldValidationError(failures);

  const main = languageValues(values, options.mainLanguageCode);
  for (const [languageCode, fields] of values) {
    for (const definition of contentType.fieldDefinitions) {
      if (fields.has(definition.identifier)) continue;
      const type = fieldTypes.get(definition.fieldTypeIdentifier);
      if (!definition.isTranslatable && languageCode !== options.mainLanguageCode) {
        fields.set(definition.identifier, main.get(definition.identifier) ?? definition.defaultValue ?? type.emptyValue());
      } else {
        fields.set(definition.identifier, definition.defaultValue ?? type.emptyValue());
      }
    }
  }
  return { values, touchedLanguages };
}

/**
 * Validates the values of the given languages: required fields must not be empty
 * (`Value for required field definition '<id>' with language '<lang>' is empty`, target `empty`), non-empty
 * values must pass their field type's validators.
 * @throws ContentFieldValidationError listing every failure.
 */
export function validateFieldValues(
  fieldTypes: FieldTypeRegistry,
  contentType: ContentType,
  values: VersionValues,
  languages: Iterable<string>,
): void {
  const failures: FieldValidationFailure[] = [];
  for (const languageCode of languages) {
    const fields = values.get(languageCode);
    for (const definition of contentType.fieldDefinitions) {
      const type = fieldTypes.get(definition.fieldTypeIdentifier);
      const value = fields?.get(definition.identifier) ?? type.emptyValue();
      if (type.isEmpty(value)) {
        if (definition.isRequired) {
          failures.push(
            failure(definition, languageCode, [
              {
                target: 'empty',
                message: `Value for required field definition '${definition.identifier}' with language '${languageCode}' is empty`,
              },
            ]),
          );
        }
        continue;
      }
      const errors = type.validate(value, definition);
      if (errors.length > 0) failures.push(failure(definition, languageCode, errors));
    }
  }
  if (failures.length > 0) throw new ContentFieldValidationError(failures);
}

/** Names per language from the content type's name schema (`domain/rules/name-schema.ts`). */
export function computeNames(
  fieldTypes: FieldTypeRegistry,
  contentType: ContentType,
  values: VersionValues,
): Record<string, string> {
  const definitions = new Map(contentType.fieldDefinitions.map((definition) => [definition.identifier, definition]));
  const names: Record<string, string> = {};
  for (const [languageCode, fields] of values) {
    names[languageCode] = resolveNameSchema(contentType.nameSchema, (identifier) => {
      const definition = definitions.get(identifier);
      if (!definition || !fields.has(identifier)) return '';
      const type = fieldTypes.get(definition.fieldTypeIdentifier);
      const value = fields.get(identifier);
      return type.isEmpty(value) ? '' : type.getName(value, definition, languageCode);
    });
  }
  return names;
}

/** Fields to write for `values`, reusing the ids of `existingIds` (key `<definitionId>/<language>`). */
export function toNewFields(
  fieldTypes: FieldTypeRegistry,
  contentType: ContentType,
  values: VersionValues,
  existingIds: ReadonlyMap<string, number> = new Map(),
): NewField[] {
  const fields: NewField[] = [];
  for (const definition of contentType.fieldDefinitions) {
    const type = fieldTypes.get(definition.fieldTypeIdentifier);
    for (const [languageCode, languageFields] of values) {
      const id = existingIds.get(fieldKey(definition.id, languageCode));
      fields.push({
        ...(id === undefined ? {} : { id }),
        fieldDefinitionId: definition.id,
        fieldDefIdentifier: definition.identifier,
        fieldTypeIdentifier: type.identifier,
        languageCode,
        data: type.toStorage(languageFields.get(definition.identifier) ?? type.emptyValue()),
      });
    }
  }
  return fields;
}

/** Values of a stored version, keyed like {@link VersionValues}. */
export function valuesFromStorage(fieldTypes: FieldTypeRegistry, stored: readonly StoredField[]): VersionValues {
  const values: VersionValues = new Map();
  for (const field of stored) {
    languageValues(values, field.languageCode).set(
      field.fieldDefIdentifier,
      fieldTypes.get(field.fieldTypeIdentifier).fromStorage(field.data),
    );
  }
  return values;
}

/** API fields of stored fields (`value` = the field type's value). */
export function fieldsFromStorage(fieldTypes: FieldTypeRegistry, stored: readonly StoredField[]): Field[] {
  return stored.map((field) => {
    const type = fieldTypes.get(field.fieldTypeIdentifier);
    return {
      id: field.id,
      fieldDefinitionId: field.fieldDefinitionId,
      fieldDefIdentifier: field.fieldDefIdentifier,
      languageCode: field.languageCode,
      fieldTypeIdentifier: type.identifier,
      value: type.fromStorage(field.data),
    };
  });
}

/** Key of a field id map: `<definitionId>/<language>`. */
export const fieldKey = (definitionId: number, languageCode: string): string => `${definitionId}/${languageCode}`;

function languageValues(values: VersionValues, languageCode: string): Map<string, unknown> {
  let fields = values.get(languageCode);
  if (!fields) {
    fields = new Map();
    values.set(languageCode, fields);
  }
  return fields;
}

function failure(definition: FieldDefinition, languageCode: string, errors: readonly ValidationError[]): FieldValidationFailure {
  return { fieldDefinitionId: definition.id, fieldDefinitionIdentifier: definition.identifier, languageCode, errors };
}
