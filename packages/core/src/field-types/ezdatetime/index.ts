import type { Hash } from '../../api/values/content-type.js';
import type { FieldType } from '../field-type.js';
import { dateFromHash, dateFromStorage, dateToHash, formatDateTimeName, toTimestamp } from '../shared/date.js';
import { intSearchData, NO_SEARCH_DATA } from '../shared/search.js';
import {
  settingChecks,
  validateSettingsSchema,
  validateValidatorSchema,
  type HashMap,
  type SettingCheck,
} from '../shared/settings.js';

/** Value of a Date and time field: the instant (whole seconds), or null when empty. */
export type DateTimeValue = Date | null;

/** `defaultType` names of the Date and time type, in order of Ibexa's integer constants. */
export const DATE_TIME_DEFAULT_TYPES = [
  'DEFAULT_EMPTY',
  'DEFAULT_CURRENT_DATE',
  'DEFAULT_CURRENT_DATE_ADJUSTED',
] as const;

/** ISO 8601 duration as PHP's `DateInterval` prints it for REST, e.g. `P0Y0M1DT0H0M0S` or `P1D`. */
const DURATION = /^P(?=-?\d|T-?\d)(?:-?\d+Y)?(?:-?\d+M)?(?:-?\d+W)?(?:-?\d+D)?(?:T(?=-?\d)(?:-?\d+H)?(?:-?\d+M)?(?:-?\d+S)?)?$/;

function isZeroDuration(duration: string): boolean {
  return !/[1-9]/.test(duration);
}

function isAdjustedDefault(defaultType: Hash | undefined): boolean {
  return defaultType === 'DEFAULT_CURRENT_DATE_ADJUSTED' || defaultType === 2;
}

const dateIntervalCheck: SettingCheck = (value, _name, all: HashMap) => {
  if (value === null) return null;
  if (typeof value !== 'string' || !DURATION.test(value)) {
    return "Setting 'dateInterval' value must be an ISO 8601 duration such as 'P1D' (or null)";
  }
  if (all['defaultType'] !== undefined && !isAdjustedDefault(all['defaultType']) && !isZeroDuration(value)) {
    return "Setting 'dateInterval' can be used only when setting 'defaultType' is set to 'DEFAULT_CURRENT_DATE_ADJUSTED'";
  }
  return null;
};

/**
 * Date and time (`ezdatetime` / `ibexa_datetime`). REST hash `{timestamp, rfc850}` or null; input
 * per `dateFromHash`. Settings `useSeconds`, `defaultType` (`DEFAULT_EMPTY` | `DEFAULT_CURRENT_DATE` |
 * `DEFAULT_CURRENT_DATE_ADJUSTED`) and `dateInterval` (ISO 8601 duration, only with the adjusted default).
 * Storage: Unix seconds. Search: integer sort key.
 */
export const dateTimeFieldType: FieldType<DateTimeValue> = {
  identifier: 'ezdatetime',
  aliases: ['ibexa_datetime'],
  searchable: true,
  searchFamily: 'integer',

  emptyValue: () => null,
  isEmpty: (value) => value === null,
  fromHash: (input) => dateFromHash(input, 'date and time'),
  toHash: (value) => dateToHash(value),
  validate: () => [],
  toStorage: (value) => (value === null ? null : toTimestamp(value)),
  fromStorage: (data) => dateFromStorage(data, 'date and time'),
  getName: (value) => (value === null ? '' : formatDateTimeName(value)),
  toSearchData: (value) => (value === null ? NO_SEARCH_DATA : intSearchData(toTimestamp(value))),

  defaultFieldSettings: () => ({ useSeconds: false, defaultType: 'DEFAULT_EMPTY', dateInterval: null }),
  defaultValidatorConfiguration: () => ({}),
  validateFieldSettings: (settings) =>
    validateSettingsSchema(settings, {
      useSeconds: settingChecks.bool,
      defaultType: settingChecks.choice(DATE_TIME_DEFAULT_TYPES),
      dateInterval: dateIntervalCheck,
    }),
  validateValidatorConfiguration: (configuration) => validateValidatorSchema(configuration, {}),
};
