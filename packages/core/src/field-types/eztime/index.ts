import { FieldValueError, type FieldType } from '../field-type.js';
import { invalidInput, toInteger } from '../shared/decode.js';
import { intSearchData, NO_SEARCH_DATA } from '../shared/search.js';
import { settingChecks, validateSettingsSchema, validateValidatorSchema } from '../shared/settings.js';

/** Value of a Time field: seconds since midnight (0–86399), or null when empty. */
export type TimeValue = number | null;

/** `defaultType` names of the Time type, in order of Ibexa's integer constants. */
export const TIME_DEFAULT_TYPES = ['DEFAULT_EMPTY', 'DEFAULT_CURRENT_TIME'] as const;

const SECONDS_PER_DAY = 86_400;
const CLOCK = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

function checkedSeconds(seconds: number, input: unknown): number {
  if (seconds < 0 || seconds >= SECONDS_PER_DAY) {
    throw invalidInput('a time as seconds since midnight (0 to 86399)', input);
  }
  return seconds;
}

/** `HH:MM:SS` of seconds since midnight. */
export function formatTime(seconds: number): string {
  const pad = (part: number): string => String(part).padStart(2, '0');
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
}

/**
 * Time (`eztime` / `ibexa_time`). REST hash: integer seconds since midnight or null; input also takes
 * numeric strings and `HH:MM` / `HH:MM:SS`. Settings `useSeconds`, `defaultType` (`DEFAULT_EMPTY` |
 * `DEFAULT_CURRENT_TIME`). Name `HH:MM:SS`; search: integer sort key.
 */
export const timeFieldType: FieldType<TimeValue> = {
  identifier: 'eztime',
  aliases: ['ibexa_time'],
  searchable: true,
  searchFamily: 'integer',

  emptyValue: () => null,
  isEmpty: (value) => value === null,
  fromHash(input) {
    if (input === null || input === undefined) return null;
    if (typeof input === 'string') {
      const text = input.trim();
      if (text === '') return null;
      const clock = CLOCK.exec(text);
      if (clock !== null) {
        const [hours, minutes, seconds] = [Number(clock[1]), Number(clock[2]), Number(clock[3] ?? '0')];
        if (hours > 23 || minutes > 59 || seconds > 59) throw invalidInput('a time of day', input);
        return hours * 3600 + minutes * 60 + seconds;
      }
    }
    const seconds = toInteger(input);
    if (seconds === undefined) throw invalidInput('a time as seconds since midnight', input);
    return checkedSeconds(seconds, input);
  },
  toHash: (value) => value,
  validate: () => [],
  toStorage: (value) => value,
  fromStorage(data) {
    if (data === null) return null;
    if (typeof data === 'number' && Number.isInteger(data) && data >= 0 && data < SECONDS_PER_DAY) return data;
    throw new FieldValueError('Invalid time storage data: expected seconds since midnight or null');
  },
  getName: (value) => (value === null ? '' : formatTime(value)),
  toSearchData: (value) => (value === null ? NO_SEARCH_DATA : intSearchData(value)),

  defaultFieldSettings: () => ({ useSeconds: false, defaultType: 'DEFAULT_EMPTY' }),
  defaultValidatorConfiguration: () => ({}),
  validateFieldSettings: (settings) =>
    validateSettingsSchema(settings, {
      useSeconds: settingChecks.bool,
      defaultType: settingChecks.choice(TIME_DEFAULT_TYPES),
    }),
  validateValidatorConfiguration: (configuration) => validateValidatorSchema(configuration, {}),
};
