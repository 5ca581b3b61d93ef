import type { FieldType } from '../field-type.js';
import { textSearchData } from '../shared/search.js';
import { settingChecks, validateSettingsSchema, validateValidatorSchema } from '../shared/settings.js';
import { isBlank, textFromHash, textFromStorage } from '../shared/text.js';

/** Value of a Text block field: the text; the empty string (or whitespace only) is empty. */
export type TextBlockValue = string;

/**
 * Text block (`eztext` / `ibexa_text`). REST hash: the string or null; scalars are cast to string.
 * Setting `textRows` (editor rows, integer, default 10); no validators. Search: lower-cased sort key, full text.
 */
export const textBlockFieldType: FieldType<TextBlockValue> = {
  identifier: 'eztext',
  aliases: ['ibexa_text'],
  searchable: true,
  searchFamily: 'text',

  emptyValue: () => '',
  isEmpty: (value) => isBlank(value),
  fromHash: (input) => textFromHash(input, 'a text block'),
  toHash: (value) => (isBlank(value) ? null : value),
  validate: () => [],
  toStorage: (value) => value,
  fromStorage: (data) => textFromStorage(data, 'text block'),
  getName: (value) => value,
  toSearchData: (value) => textSearchData(value),

  defaultFieldSettings: () => ({ textRows: 10 }),
  defaultValidatorConfiguration: () => ({}),
  validateFieldSettings: (settings) => validateSettingsSchema(settings, { textRows: settingChecks.integer }),
  validateValidatorConfiguration: (configuration) => validateValidatorSchema(configuration, {}),
};
