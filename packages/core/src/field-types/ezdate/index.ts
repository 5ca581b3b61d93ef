import type { FieldType } from '../field-type.js';
import { dateFromHash, dateFromStorage, dateToHash, formatLongDate, toTimestamp } from '../shared/date.js';
import { intSearchData, NO_SEARCH_DATA } from '../shared/search.js';
import { settingChecks, validateSettingsSchema, validateValidatorSchema } from '../shared/settings.js';

/** Value of a Date field: midnight UTC of the day, or null when empty. */
export type DateValue = Date | null;

/** `defaultType` names of the Date type, in order of Ibexa's integer constants. */
export const DATE_DEFAULT_TYPES = ['DEFAULT_EMPTY', 'DEFAULT_CURRENT_DATE'] as const;

const DAY_MS = 86_400_000;

/** Midnight UTC of the day of `date`. */
function startOfDay(date: Date): Date {
  return new Date(Math.floor(date.getTime() / DAY_MS) * DAY_MS);
}

/**
 * Date (`ezdate` / `ibexa_date`). REST hash `{timestamp, rfc850}` (e.g. `Monday, 06-Feb-23 00:00:00
 * UTC`) or null; input per `dateFromHash`, normalised to midnight UTC. Setting `defaultType`
 * (`DEFAULT_EMPTY` | `DEFAULT_CURRENT_DATE`). Storage: Unix seconds. Search: integer sort key.
 */
export const dateFieldType: FieldType<DateValue> = {
  identifier: 'ezdate',
  aliases: ['ibexa_date'],
  searchable: true,
  searchFamily: 'integer',

  emptyValue: () => null,
  isEmpty: (value) => value === null,
  fromHash(input) {
    const date = dateFromHash(input, 'date');
    return date === null ? null : startOfDay(date);
  },
  toHash: (value) => dateToHash(value),
  validate: () => [],
  toStorage: (value) => (value === null ? null : toTimestamp(value)),
  fromStorage: (data) => dateFromStorage(data, 'date'),
  getName: (value) => (value === null ? '' : formatLongDate(value)),
  toSearchData: (value) => (value === null ? NO_SEARCH_DATA : intSearchData(toTimestamp(value))),

  defaultFieldSettings: () => ({ defaultType: 'DEFAULT_EMPTY' }),
  defaultValidatorConfiguration: () => ({}),
  validateFieldSettings: (settings) =>
    validateSettingsSchema(settings, { defaultType: settingChecks.choice(DATE_DEFAULT_TYPES) }),
  validateValidatorConfiguration: (configuration) => validateValidatorSchema(configuration, {}),
};
