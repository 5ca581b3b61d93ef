import type { FieldDefinition } from '@contentrepo/core';
import { hashBoolean, hashNumber, hashRecord, hashStrings } from './hash.js';
import { contentTypeNames } from './naming.js';

/**
 * Field type → GraphQL types (graphql.md §1.10): for every field type core supports, the value type of the item
 * field, the typed field definition object of `<Ident>ItemType`, and the input type of create/update inputs.
 * Types are given in SDL notation (`[String]`, `ImageFieldValue`) and resolved against the schema's types by the
 * builder, so this table stays pure and testable.
 */
export interface FieldTypeMapping {
  /** Output type of the item field, e.g. `String`, `[AuthorFieldValue]`, `FolderItem`. */
  readonly valueType: string;
  /** Type of the field in `<Ident>ItemType` (default `FieldDefinition`). */
  readonly definitionType: string;
  /** Input type in create/update inputs, or null when the field cannot be set through GraphQL. */
  readonly inputType: string | null;
}

/** Static part of the mapping, by canonical (4.x) field type identifier; relations and selections depend on settings. */
export const FIELD_TYPE_MAPPING: Readonly<Record<string, FieldTypeMapping>> = {
  ezstring: { valueType: 'String', definitionType: 'TextLineFieldDefinition', inputType: 'String' },
  eztext: { valueType: 'String', definitionType: 'TextBlockFieldDefinition', inputType: 'String' },
  ezrichtext: { valueType: 'RichTextFieldValue', definitionType: 'FieldDefinition', inputType: 'RichTextFieldInput' },
  ezinteger: { valueType: 'Int', definitionType: 'IntegerFieldDefinition', inputType: 'Int' },
  ezfloat: { valueType: 'Float', definitionType: 'FloatFieldDefinition', inputType: 'Float' },
  ezboolean: { valueType: 'Boolean', definitionType: 'CheckboxFieldDefinition', inputType: 'Boolean' },
  ezdate: { valueType: 'DateTime', definitionType: 'FieldDefinition', inputType: 'DateFieldInput' },
  ezdatetime: { valueType: 'DateTime', definitionType: 'FieldDefinition', inputType: 'DateFieldInput' },
  eztime: { valueType: 'String', definitionType: 'FieldDefinition', inputType: 'String' },
  ezemail: { valueType: 'String', definitionType: 'FieldDefinition', inputType: 'String' },
  ezisbn: { valueType: 'String', definitionType: 'FieldDefinition', inputType: 'String' },
  ezkeyword: { valueType: '[String]', definitionType: 'FieldDefinition', inputType: '[String]' },
  ezcountry: { valueType: 'String', definitionType: 'CountryFieldDefinition', inputType: '[String]' },
  ezurl: { valueType: 'UrlFieldValue', definitionType: 'FieldDefinition', inputType: 'UrlFieldInput' },
  ezgmaplocation: { valueType: 'MapLocationFieldValue', definitionType: 'FieldDefinition', inputType: 'MapLocationFieldInput' },
  ezauthor: { valueType: '[AuthorFieldValue]', definitionType: 'FieldDefinition', inputType: '[AuthorInput]' },
  ezselection: { valueType: 'String', definitionType: 'SelectionFieldDefinition', inputType: '[Int]' },
  ezobjectrelation: { valueType: 'Item', definitionType: 'RelationFieldDefinition', inputType: 'Int' },
  ezobjectrelationlist: { valueType: '[Item]', definitionType: 'RelationListFieldDefinition', inputType: '[Int]' },
  ezimage: { valueType: 'ImageFieldValue', definitionType: 'BinaryFieldDefinition', inputType: 'ImageFieldInput' },
  ezbinaryfile: { valueType: 'BinaryFileFieldValue', definitionType: 'BinaryFieldDefinition', inputType: 'BinaryFieldInput' },
  ezuser: { valueType: 'String', definitionType: 'FieldDefinition', inputType: 'UserAccountFieldInput' },
};

/** Anything unmapped (custom field types): its string form, set from a string (graphql.md §1.10 last row). */
export const DEFAULT_FIELD_MAPPING: FieldTypeMapping = { valueType: 'String', definitionType: 'FieldDefinition', inputType: 'String' };

/** Whether a selection definition allows several options (`isMultiple`). */
export function isMultipleSelection(definition: FieldDefinition): boolean {
  return hashBoolean(definition.fieldSettings, 'isMultiple') === true;
}

/** The relation list limit (`RelationListValueValidator.selectionLimit`, 0 = unlimited). */
export function relationListLimit(definition: FieldDefinition): number {
  return hashNumber(hashRecord(definition.validatorConfiguration['RelationListValueValidator']), 'selectionLimit') ?? 0;
}

/**
 * The item type a relation points to: `<Ident>Item` when `selectionContentTypes` names exactly one type that has
 * an item type in the schema, else the `Item` interface (graphql.md §1.10, `RelationFieldDefinitionMapper`).
 */
export function relationTargetType(definition: FieldDefinition, itemTypeExists: (identifier: string) => boolean): string {
  const types = hashStrings(definition.fieldSettings['selectionContentTypes']);
  const only = types.length === 1 ? types[0] : undefined;
  return only !== undefined && itemTypeExists(only) ? contentTypeNames(only).item : 'Item';
}

/**
 * The mapping of one field definition: the static table, with Selection (`[String]` when multiple), Relation
 * (`<Ident>Item` for one allowed type) and RelationList (a list unless the limit is 1) decided by its settings.
 */
export function mapFieldDefinition(
  definition: FieldDefinition,
  itemTypeExists: (identifier: string) => boolean,
): FieldTypeMapping {
  const base = FIELD_TYPE_MAPPING[definition.fieldTypeIdentifier] ?? DEFAULT_FIELD_MAPPING;
  switch (definition.fieldTypeIdentifier) {
    case 'ezselection':
      return isMultipleSelection(definition) ? { ...base, valueType: '[String]' } : base;
    case 'ezobjectrelation':
      return { ...base, valueType: relationTargetType(definition, itemTypeExists) };
    case 'ezobjectrelationlist': {
      const target = relationTargetType(definition, itemTypeExists);
      return relationListLimit(definition) === 1
        ? { ...base, valueType: target, inputType: 'Int' }
        : { ...base, valueType: `[${target}]` };
    }
    default:
      return base;
  }
}

/** Selected option indexes' labels of a selection (field language, else main language, else `options`). */
export function selectionLabels(definition: FieldDefinition, indexes: readonly number[], languageCode: string, mainLanguageCode: string): string[] {
  const multilingual = hashRecord(definition.fieldSettings['multilingualOptions']);
  const options =
    hashRecord(multilingual?.[languageCode]) ?? hashRecord(multilingual?.[mainLanguageCode]) ?? hashRecord(definition.fieldSettings['options']);
  const list = Array.isArray(definition.fieldSettings['options']) ? definition.fieldSettings['options'] : null;
  return indexes.flatMap((index) => {
    const label = options?.[String(index)] ?? (list === null ? undefined : list[index]);
    return typeof label === 'string' ? [label] : [];
  });
}

/** Option `{index, label}` pairs of a selection definition (`SelectionFieldDefinition.settings.options`). */
export function selectionOptionList(definition: FieldDefinition): { index: number; label: string }[] {
  const options = definition.fieldSettings['options'];
  const record = hashRecord(options);
  if (record !== null) {
    return Object.entries(record).flatMap(([index, label]) =>
      typeof label === 'string' && Number.isSafeInteger(Number(index)) ? [{ index: Number(index), label }] : [],
    );
  }
  return hashStrings(options).map((label, index) => ({ index, label }));
}

/** Content type identifiers a relation may point to (`selectionContentTypes`). */
export const selectionContentTypes = (definition: FieldDefinition): string[] => hashStrings(definition.fieldSettings['selectionContentTypes']);
