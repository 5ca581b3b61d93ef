import type { FieldDefinitionCreateStruct, FieldDefinitionUpdateStruct } from '../../api/structs/content-type-structs.js';
import type { Hash } from '../../api/values/content-type.js';
import type { ContentTypeValidationFailure } from '../../errors/content-type-validation-error.js';
import { FieldValueError, type FieldType, type FieldTypeRegistry } from '../../field-types/field-type.js';
import type { StoredFieldDefinition } from '../../spi/content-type-handler.js';

/** Longest identifier a type or field definition may have (storage column width, Ibexa Legacy `varchar(50)`). */
export const MAX_IDENTIFIER_LENGTH = 50;

/** A field definition to store, or what is wrong with it. */
export type FieldDefinitionBuild =
  | { readonly ok: true; readonly definition: Omit<StoredFieldDefinition, 'id'> }
  | { readonly ok: false; readonly failure: ContentTypeValidationFailure };

/** Problems of an identifier (empty or too long); empty list when fine. */
export function identifierProblems(identifier: string, what: string): string[] {
  if (identifier.trim() === '') return [`The ${what} identifier must not be empty`];
  if (identifier.length > MAX_IDENTIFIER_LENGTH) return [`The ${what} identifier must not exceed ${MAX_IDENTIFIER_LENGTH} characters`];
  return [];
}

/**
 * Builds the stored form of a FieldDefinitionCreateStruct (Ibexa `ContentTypeService::validateInputFieldDefinitionCreateStruct`
 * and `ContentTypeDomainMapper::buildSPIFieldDefinitionFromCreateStruct`): the field type must exist (aliases
 * accepted, the canonical identifier stored), given settings and validator configuration must pass the field
 * type's checks and are completed with its defaults, the default value must be accepted by `fromHash` (stored in
 * storage form), `isSearchable` defaults to whether the field type is searchable and may not be set for a type
 * that is not. Absent position: `defaultPosition`.
 */
export function buildFieldDefinition(
  fieldTypes: FieldTypeRegistry,
  struct: FieldDefinitionCreateStruct,
  defaultPosition: number,
): FieldDefinitionBuild {
  const messages = identifierProblems(struct.identifier, 'field definition');
  const type = fieldTypes.find(struct.fieldTypeIdentifier);
  if (!type) return fail(struct.identifier, [...messages, `Field type '${struct.fieldTypeIdentifier}' does not exist`]);
  messages.push(...settingsProblems(type, struct));
  if (struct.isSearchable === true && !type.searchable) messages.push(`Field type '${type.identifier}' is not searchable`);
  const defaultValue = storedDefaultValue(type, struct.defaultValue, messages);
  if (messages.length > 0 || defaultValue === undefined) return fail(struct.identifier, messages);
  return {
    ok: true,
    definition: {
      identifier: struct.identifier,
      fieldTypeIdentifier: type.identifier,
      fieldGroup: struct.fieldGroup ?? '',
      position: struct.position ?? defaultPosition,
      isTranslatable: struct.isTranslatable ?? true,
      isRequired: struct.isRequired ?? false,
      isInfoCollector: struct.isInfoCollector ?? false,
      isSearchable: struct.isSearchable ?? type.searchable,
      isThumbnail: struct.isThumbnail ?? false,
      names: { ...struct.names },
      descriptions: { ...struct.descriptions },
      defaultValue,
      fieldSettings: { ...type.defaultFieldSettings(), ...struct.fieldSettings },
      validatorConfiguration: { ...type.defaultValidatorConfiguration(), ...struct.validatorConfiguration },
    },
  };
}

/**
 * Applies a FieldDefinitionUpdateStruct to a stored definition (Ibexa `updateFieldDefinition`): absent members
 * stay; given settings and validator configuration are checked by the field type and replace the stored ones
 * (completed with the type's defaults).
 */
export function updateFieldDefinition(
  fieldTypes: FieldTypeRegistry,
  existing: StoredFieldDefinition,
  struct: FieldDefinitionUpdateStruct,
): { readonly ok: true; readonly definition: StoredFieldDefinition } | { readonly ok: false; readonly failure: ContentTypeValidationFailure } {
  const type = fieldTypes.get(existing.fieldTypeIdentifier);
  const identifier = struct.identifier ?? existing.identifier;
  const messages = identifierProblems(identifier, 'field definition');
  messages.push(...settingsProblems(type, struct));
  if (struct.isSearchable === true && !type.searchable) messages.push(`Field type '${type.identifier}' is not searchable`);
  const defaultValue = struct.defaultValue === undefined ? existing.defaultValue : storedDefaultValue(type, struct.defaultValue, messages);
  if (messages.length > 0 || defaultValue === undefined) return fail(identifier, messages);
  return {
    ok: true,
    definition: {
      ...existing,
      identifier,
      ...definedMembers(struct, ['fieldGroup', 'position', 'isTranslatable', 'isRequired', 'isInfoCollector', 'isSearchable', 'isThumbnail']),
      ...(struct.names === undefined ? {} : { names: { ...struct.names } }),
      ...(struct.descriptions === undefined ? {} : { descriptions: { ...struct.descriptions } }),
      defaultValue,
      ...(struct.fieldSettings === undefined ? {} : { fieldSettings: { ...type.defaultFieldSettings(), ...struct.fieldSettings } }),
      ...(struct.validatorConfiguration === undefined
        ? {}
        : { validatorConfiguration: { ...type.defaultValidatorConfiguration(), ...struct.validatorConfiguration } }),
    },
  };
}

/**
 * Whether a type with these definitions would hold a singular field type (`FieldType.singular`, Ibexa
 * `FieldType::isSingular`) twice; the message, or null.
 */
export function singularProblem(
  fieldTypes: FieldTypeRegistry,
  definitions: readonly { readonly fieldTypeIdentifier: string }[],
): string | null {
  const seen = new Set<string>();
  for (const { fieldTypeIdentifier } of definitions) {
    if (fieldTypes.find(fieldTypeIdentifier)?.singular !== true) continue;
    if (seen.has(fieldTypeIdentifier)) return `Field type '${fieldTypeIdentifier}' is singular and can't be repeated in a content type`;
    seen.add(fieldTypeIdentifier);
  }
  return null;
}

function settingsProblems(
  type: FieldType<unknown>,
  struct: { readonly fieldSettings?: { readonly [key: string]: Hash }; readonly validatorConfiguration?: { readonly [key: string]: Hash } },
): string[] {
  const messages: string[] = [];
  if (struct.fieldSettings !== undefined) messages.push(...type.validateFieldSettings(struct.fieldSettings).map((error) => error.message));
  if (struct.validatorConfiguration !== undefined) {
    messages.push(...type.validateValidatorConfiguration(struct.validatorConfiguration).map((error) => error.message));
  }
  return messages;
}

/** The storage form of a default value (`fromHash`, absent = null), or undefined after pushing the problem. */
function storedDefaultValue(type: FieldType<unknown>, input: unknown, messages: string[]): Hash | undefined {
  try {
    return type.toStorage(type.fromHash(input ?? null));
  } catch (error) {
    if (!(error instanceof FieldValueError)) throw error;
    messages.push(`Invalid default value: ${error.message}`);
    return undefined;
  }
}

function definedMembers<T extends object, K extends keyof T>(struct: T, keys: readonly K[]): Partial<Pick<T, K>> {
  const result: Partial<Pick<T, K>> = {};
  for (const key of keys) if (struct[key] !== undefined) result[key] = struct[key];
  return result;
}

function fail(identifier: string, messages: readonly string[]): { readonly ok: false; readonly failure: ContentTypeValidationFailure } {
  return { ok: false, failure: { fieldDefinitionIdentifier: identifier, messages } };
}
