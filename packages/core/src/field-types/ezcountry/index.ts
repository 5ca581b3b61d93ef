import type { ValidationError } from '../../errors/repository-error.js';
import { FieldValueError, type FieldType } from '../field-type.js';
import { invalidInput } from '../shared/decode.js';
import { NO_SEARCH_DATA, toSortKeyString } from '../shared/search.js';
import { settingChecks, settingOf, validateSettingsSchema, validateValidatorSchema } from '../shared/settings.js';
import { countryByAlpha2, findCountry } from './countries.js';

export { COUNTRIES, countryByAlpha2, findCountry, type CountryInfo } from './countries.js';

/** Value of a Country field: alpha-2 codes (upper case, unique, in input order); the empty list is empty. */
export type CountryValue = readonly string[];

/** Resolves names and codes to unique alpha-2 codes. @throws FieldValueError for an unknown country. */
function countriesFrom(input: unknown): string[] {
  const items: readonly unknown[] = Array.isArray(input) ? input : [input];
  const codes: string[] = [];
  for (const item of items) {
    if (typeof item !== 'string') throw invalidInput('a country name, alpha-2 or alpha-3 code', item);
    const country = findCountry(item);
    if (country === undefined) throw new FieldValueError(`Unknown country '${item}'`, 'country');
    if (!codes.includes(country.alpha2)) codes.push(country.alpha2);
  }
  return codes;
}

function countryNames(value: CountryValue): string[] {
  return value.map((alpha2) => countryByAlpha2(alpha2)?.name ?? alpha2);
}

/**
 * Country (`ezcountry` / `ibexa_country`). REST hash: list of alpha-2 codes, or null when empty; input
 * takes names, alpha-2 or alpha-3 codes (case-insensitive), or a single one as a string; an unknown country is a
 * FieldValueError (Ibexa: InvalidArgumentException). Setting `isMultiple`. Validation (target `country`): one
 * country unless `isMultiple`. Name: country names joined with `, `. Search: lower-cased alpha-2 codes as
 * elements; lower-cased names, sorted and joined with `,`, as sort key (Legacy); names as full text.
 */
export const countryFieldType: FieldType<CountryValue> = {
  identifier: 'ezcountry',
  aliases: ['ibexa_country'],
  searchable: true,
  searchFamily: 'collection',

  emptyValue: () => [],
  isEmpty: (value) => value.length === 0,
  fromHash: (input) => (input === null || input === undefined ? [] : countriesFrom(input)),
  toHash: (value) => (value.length === 0 ? null : [...value]),

  validate(value, definition) {
    const errors: ValidationError[] = [];
    if (settingOf(definition, 'isMultiple') !== true && value.length > 1) {
      errors.push({ target: 'country', message: 'Field definition does not allow multiple countries to be selected.' });
    }
    for (const alpha2 of value) {
      if (countryByAlpha2(alpha2) === undefined) {
        errors.push({
          target: 'country',
          message: `Country with Alpha2 code '${alpha2}' is not defined in FieldType settings.`,
        });
      }
    }
    return errors;
  },

  toStorage: (value) => [...value],
  fromStorage(data) {
    if (Array.isArray(data) && data.every((code) => typeof code === 'string' && countryByAlpha2(code) !== undefined)) {
      return data.filter((code): code is string => typeof code === 'string');
    }
    throw new FieldValueError('Invalid country storage data: expected a list of alpha-2 codes');
  },
  getName: (value) => countryNames(value).join(', '),
  toSearchData(value) {
    if (value.length === 0) return { ...NO_SEARCH_DATA, elements: [] };
    const names = countryNames(value);
    return {
      sortKeyInt: null,
      sortKeyString: toSortKeyString(names.map((name) => name.toLowerCase()).sort().join(',')),
      fullText: names.join(' '),
      elements: value.map((alpha2) => alpha2.toLowerCase()),
    };
  },

  defaultFieldSettings: () => ({ isMultiple: false }),
  defaultValidatorConfiguration: () => ({}),
  validateFieldSettings: (settings) => validateSettingsSchema(settings, { isMultiple: settingChecks.bool }),
  validateValidatorConfiguration: (configuration) => validateValidatorSchema(configuration, {}),
};
