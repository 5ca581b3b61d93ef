import type { Hash } from '../../api/values/content-type.js';
import type { ValidationError } from '../../errors/repository-error.js';
import { FieldValueError, type FieldType } from '../field-type.js';
import { invalidInput, toInteger } from '../shared/decode.js';
import { NO_SEARCH_DATA, toSortKeyString } from '../shared/search.js';
import {
  isHashMap,
  settingChecks,
  settingOf,
  validateSettingsSchema,
  validateValidatorSchema,
  type SettingCheck,
} from '../shared/settings.js';

/** Value of a Selection field: the selected option indexes, sorted and unique; the empty list is empty. */
export type SelectionValue = readonly number[];

/**
 * Option labels by index from an `options` setting: a list (`["A","B"]`, index = position) or a map with
 * integer keys (`{"0":"A","2":"C"}`). Entries that are not strings are skipped.
 */
export function selectionOptions(options: Hash | undefined): Map<number, string> {
  const labels = new Map<number, string>();
  if (Array.isArray(options)) {
    options.forEach((label, index) => {
      if (typeof label === 'string') labels.set(index, label);
    });
  } else if (isHashMap(options)) {
    for (const [key, label] of Object.entries(options)) {
      const index = toInteger(key);
      if (index !== undefined && typeof label === 'string') labels.set(index, label);
    }
  }
  return labels;
}

function isOptionList(value: Hash): boolean {
  if (Array.isArray(value)) return value.every((label) => typeof label === 'string');
  return (
    isHashMap(value) &&
    Object.entries(value).every(([key, label]) => /^\d+$/.test(key) && typeof label === 'string')
  );
}

const optionsCheck: SettingCheck = (value, name) =>
  isOptionList(value) ? null : `FieldType 'ezselection' expects setting '${name}' to be of type 'hash'`;

const multilingualOptionsCheck: SettingCheck = (value, name) =>
  (Array.isArray(value) && value.length === 0) || (isHashMap(value) && Object.values(value).every(isOptionList))
    ? null
    : `FieldType 'ezselection' expects setting '${name}' to be of type 'hash'`;

/** Labels per language from `multilingualOptions` (`{"eng-GB": {"0": "A"}}`). */
function multilingualOptions(definitionValue: Hash | undefined): Map<string, Map<number, string>> {
  const result = new Map<string, Map<number, string>>();
  if (isHashMap(definitionValue)) {
    for (const [language, options] of Object.entries(definitionValue)) result.set(language, selectionOptions(options));
  }
  return result;
}

function indexesFrom(input: unknown): number[] {
  const items: readonly unknown[] = Array.isArray(input) ? input : [input];
  const indexes = items.map((item) => {
    const index = toInteger(item);
    if (index === undefined || index < 0) throw invalidInput('option indexes (non-negative integers)', item);
    return index;
  });
  return [...new Set(indexes)].sort((a, b) => a - b);
}

/**
 * Selection (`ezselection` / `ibexa_selection`). REST hash: list of selected option indexes (`[]` when
 * empty, as Ibexa). Settings `isMultiple`, `options` (index → label) and `multilingualOptions`
 * (language → index → label). Validation (target `option`): one option unless `isMultiple`; every index must
 * exist in `options` or in some language of `multilingualOptions`. Name: the labels joined with a space.
 * Search: indexes as elements, joined with `-` as sort key (Legacy).
 */
export const selectionFieldType: FieldType<SelectionValue> = {
  identifier: 'ezselection',
  aliases: ['ibexa_selection'],
  searchable: true,
  searchFamily: 'collection',

  emptyValue: () => [],
  isEmpty: (value) => value.length === 0,
  fromHash: (input) => (input === null || input === undefined ? [] : indexesFrom(input)),
  toHash: (value) => [...value],

  validate(value, definition) {
    const errors: ValidationError[] = [];
    if (settingOf(definition, 'isMultiple') !== true && value.length > 1) {
      errors.push({ target: 'option', message: 'Field definition does not allow multiple options to be selected.' });
    }
    const options = selectionOptions(settingOf(definition, 'options'));
    const translated = [...multilingualOptions(settingOf(definition, 'multilingualOptions')).values()];
    for (const index of value) {
      if (!options.has(index) && !translated.some((labels) => labels.has(index))) {
        const message = `Option with index ${index} does not exist in the field definition.`;
        errors.push({ target: 'option', message });
      }
    }
    return errors;
  },

  toStorage: (value) => [...value],
  fromStorage(data) {
    if (Array.isArray(data) && data.every((index) => Number.isSafeInteger(index))) return indexesFrom(data);
    throw new FieldValueError('Invalid selection storage data: expected a list of option indexes');
  },
  getName(value, definition, languageCode) {
    const translated = multilingualOptions(settingOf(definition, 'multilingualOptions'));
    const options = selectionOptions(settingOf(definition, 'options'));
    const labels = value.map(
      (index) =>
        translated.get(languageCode)?.get(index) ??
        options.get(index) ??
        [...translated.values()].find((languageLabels) => languageLabels.has(index))?.get(index),
    );
    return labels.filter((label) => label !== undefined).join(' ');
  },
  toSearchData: (value) =>
    value.length === 0
      ? { ...NO_SEARCH_DATA, elements: [] }
      : { sortKeyInt: null, sortKeyString: toSortKeyString(value.join('-')), fullText: '', elements: [...value] },

  defaultFieldSettings: () => ({ isMultiple: false, options: {}, multilingualOptions: {} }),
  defaultValidatorConfiguration: () => ({}),
  validateFieldSettings: (settings) =>
    validateSettingsSchema(settings, {
      isMultiple: settingChecks.bool,
      options: optionsCheck,
      multilingualOptions: multilingualOptionsCheck,
    }),
  validateValidatorConfiguration: (configuration) => validateValidatorSchema(configuration, {}),
};
