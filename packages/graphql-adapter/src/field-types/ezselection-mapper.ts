import type { FieldDefinition } from '@contentrepo/core';
import { hashBoolean, hashIntegers, hashRecord, hashStrings } from '../schema/hash.js';
import type { FieldTypeMapper } from './field-type-mapper.js';
import { withoutNulls } from './shared/lists.js';

/** Whether a selection definition allows several options (`isMultiple`). */
export function isMultipleSelection(definition: FieldDefinition): boolean {
  return hashBoolean(definition.fieldSettings, 'isMultiple') === true;
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

/**
 * Selection (`ezselection`): the selected options' labels, a `[String]` when the definition allows several
 * (`isMultiple`) else the one label as a `String` (Ibexa's `SelectionFieldDefinitionMapper`); set from an `[Int]`
 * of option indexes (null entries dropped).
 */
export const selectionMapper: FieldTypeMapper = {
  fieldTypeIdentifier: 'ezselection',
  valueType: (definition) => (isMultipleSelection(definition) ? '[String]' : 'String'),
  definitionType: 'SelectionFieldDefinition',
  inputType: '[Int]',
  resolve: ({ hash, definition, field, content }) => {
    const labels = selectionLabels(definition, hashIntegers(hash), field.languageCode, content.contentInfo.mainLanguageCode);
    return isMultipleSelection(definition) ? labels : (labels[0] ?? null);
  },
  toInput: withoutNulls,
};
