import { FieldValueError } from '../field-type.js';
import { invalidInput, isRecord, toInteger } from './decode.js';

/**
 * Date input and output of the date field types: REST hash `{timestamp, rfc850}` out;
 * `{rfc850}`, `{timestring}` or `{timestamp}` in (tried in that order), a bare timestamp or a bare time string.
 * Times are whole Unix seconds; everything is interpreted and printed in UTC.
 */

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const MONTH_NAMES = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
] as const;
const MAX_TIME_MS = 8.64e15;

const pad2 = (value: number): string => String(value).padStart(2, '0');
const dayName = (date: Date): string => DAY_NAMES[date.getUTCDay()] ?? '';
const monthName = (date: Date): string => MONTH_NAMES[date.getUTCMonth()] ?? '';
const clock = (date: Date): string =>
  `${pad2(date.getUTCHours())}:${pad2(date.getUTCMinutes())}:${pad2(date.getUTCSeconds())}`;

/** PHP `DateTime::RFC850` in UTC: `Monday, 06-Feb-23 00:00:00 UTC`. */
export function formatRfc850(date: Date): string {
  const year = pad2(((date.getUTCFullYear() % 100) + 100) % 100);
  return `${dayName(date)}, ${pad2(date.getUTCDate())}-${monthName(date).slice(0, 3)}-${year} ${clock(date)} UTC`;
}

/** PHP `l d F Y` in UTC (Ibexa Date name): `Monday 06 February 2023`. */
export function formatLongDate(date: Date): string {
  return `${dayName(date)} ${pad2(date.getUTCDate())} ${monthName(date)} ${date.getUTCFullYear()}`;
}

/** PHP `D Y-d-m H:i:s` in UTC (Ibexa DateAndTime name, day before month): `Mon 2023-06-02 10:00:00`. */
export function formatDateTimeName(date: Date): string {
  const day = `${date.getUTCFullYear()}-${pad2(date.getUTCDate())}-${pad2(date.getUTCMonth() + 1)}`;
  return `${dayName(date).slice(0, 3)} ${day} ${clock(date)}`;
}

/** Unix seconds of a date. */
export function toTimestamp(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

/** The date of a Unix timestamp. @throws FieldValueError for fractions and values out of the date range. */
export function fromTimestamp(seconds: number, target: string | null = 'timestamp'): Date {
  const date = new Date(seconds * 1000);
  if (!Number.isSafeInteger(seconds) || Number.isNaN(date.getTime())) {
    throw new FieldValueError(
      `Invalid timestamp ${seconds}: expected whole Unix seconds within the date range`,
      target,
    );
  }
  return date;
}

/** Minutes east of UTC of `Z`, `UTC`, `GMT`, `+01:00`, `+0100`, or 0 when absent. */
function offsetMinutes(zone: string | undefined): number | null {
  if (zone === undefined || zone === '' || /^(?:z|utc|gmt)$/i.test(zone)) return 0;
  const match = /^([+-])(\d{2}):?(\d{2})$/.exec(zone);
  if (match === null) return null;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/** Builds a UTC date from fields, rejecting impossible ones (month 13, 31 April, hour 25, ...). */
function utcDate(fields: readonly number[], offset: number): Date | null {
  const [year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0, millisecond = 0] = fields;
  const local = new Date(Date.UTC(year, month - 1, day, hour, minute, second, millisecond));
  local.setUTCFullYear(year);
  if (
    local.getUTCFullYear() !== year || local.getUTCMonth() !== month - 1 || local.getUTCDate() !== day ||
    local.getUTCHours() !== hour || local.getUTCMinutes() !== minute || local.getUTCSeconds() !== second
  ) {
    return null;
  }
  return new Date(local.getTime() - offset * 60_000);
}

const RFC850 =
  /^\s*(?:[a-z]+,\s*)?(\d{1,2})-([a-z]{3})-(\d{2}|\d{4})\s+(\d{1,2}):(\d{2}):(\d{2})\s*(utc|gmt|z|[+-]\d{2}:?\d{2})?\s*$/i;

/**
 * Parses PHP's RFC 850 form `Monday, 06-Feb-23 00:00:00 UTC` (weekday optional and not checked; zone `UTC`,
 * `GMT`, `Z` or a numeric offset; two-digit years 00–69 → 20xx, 70–99 → 19xx, as PHP).
 * @throws FieldValueError (target `rfc850`) for anything else.
 */
export function parseRfc850(text: string): Date {
  const match = RFC850.exec(text);
  const monthAbbreviation = match?.[2]?.toLowerCase();
  const month = MONTH_NAMES.findIndex((name) => name.slice(0, 3).toLowerCase() === monthAbbreviation);
  const offset = match ? offsetMinutes(match[7]) : null;
  if (match === null || month === -1 || offset === null) {
    throw new FieldValueError(
      `Invalid RFC 850 date ${JSON.stringify(text)}; expected e.g. "Monday, 06-Feb-23 00:00:00 UTC"`,
      'rfc850',
    );
  }
  const shortYear = Number(match[3]);
  const year = (match[3] ?? '').length === 4 ? shortYear : shortYear < 70 ? 2000 + shortYear : 1900 + shortYear;
  const [day, hour, minute, second] = [match[1], match[4], match[5], match[6]].map(Number);
  const date = utcDate([year, month + 1, day ?? 0, hour ?? 0, minute ?? 0, second ?? 0], offset);
  if (date === null) throw new FieldValueError(`Invalid RFC 850 date ${JSON.stringify(text)}: no such date`, 'rfc850');
  return date;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[t ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?\s*(z|utc|gmt|[+-]\d{2}:?\d{2})?$/i;

/**
 * Parses a time string: ISO 8601 dates (`2023-02-06`, midnight UTC) and date-times (`2023-02-06T10:00:00`,
 * UTC unless an offset is given), `@<unix seconds>`, and otherwise what `Date.parse` understands when the text
 * has a four-digit year (RFC 2822 and similar; without a zone these are read in the server's time zone).
 * PHP relative forms such as `now` or `+3 days` are not supported.
 * @throws FieldValueError (target `timestring`) when the text is not a date.
 */
export function parseTimestring(text: string): Date {
  const trimmed = text.trim();
  const invalid = (): FieldValueError =>
    new FieldValueError(`Invalid date ${JSON.stringify(text)}; expected an ISO 8601 date or date-time`, 'timestring');
  const at = /^@(-?\d+)$/.exec(trimmed);
  if (at !== null) return fromTimestamp(Number(at[1]), 'timestring');
  const dateOnly = ISO_DATE.exec(trimmed);
  if (dateOnly !== null) {
    const date = utcDate([Number(dateOnly[1]), Number(dateOnly[2]), Number(dateOnly[3])], 0);
    if (date === null) throw invalid();
    return date;
  }
  const dateTime = ISO_DATE_TIME.exec(trimmed);
  if (dateTime !== null) {
    const offset = offsetMinutes(dateTime[8]);
    const fraction = Number(`0.${dateTime[7] ?? '0'}`);
    const fields = [1, 2, 3, 4, 5, 6].map((group) => Number(dateTime[group] ?? '0'));
    const date = offset === null ? null : utcDate([...fields, Math.floor(fraction * 1000)], offset);
    if (date === null) throw invalid();
    return date;
  }
  // Date.parse alone is too lenient (it reads "12" as a December date): insist on a four-digit year.
  const parsed = /\b\d{4}\b/.test(trimmed) ? Date.parse(trimmed) : Number.NaN;
  if (Number.isNaN(parsed) || Math.abs(parsed) > MAX_TIME_MS) throw invalid();
  return new Date(parsed);
}

/** A date cut to whole seconds (the storage precision). */
function wholeSeconds(date: Date): Date {
  return new Date(Math.floor(date.getTime() / 1000) * 1000);
}

/**
 * Decodes date input (see module doc): null/undefined, an empty string or a hash without any of the three
 * keys give null. A `Date` is accepted as the native value. When `rfc850` and `timestamp` are both given and
 * differ only in the century (RFC 850 years have two digits), the timestamp wins, so output hashes round-trip.
 * @throws FieldValueError naming the failing key.
 */
export function dateFromHash(input: unknown, what: string): Date | null {
  if (input === null || input === undefined) return null;
  if (input instanceof Date) {
    if (Number.isNaN(input.getTime())) throw invalidInput(`${what} (a valid Date)`, input);
    return wholeSeconds(input);
  }
  if (typeof input === 'number') return fromTimestamp(input);
  if (typeof input === 'string') {
    if (input.trim() === '') return null;
    const seconds = toInteger(input);
    return seconds !== undefined ? fromTimestamp(seconds) : wholeSeconds(parseTimestring(input));
  }
  if (!isRecord(input)) throw invalidInput(`${what} hash {rfc850} | {timestring} | {timestamp}`, input);
  const { rfc850, timestring, timestamp } = input;
  if (typeof rfc850 === 'string' && rfc850 !== '') {
    const parsed = wholeSeconds(parseRfc850(rfc850));
    // A resent output hash carries both: the two-digit RFC 850 year cannot tell 1969 from 2069, the timestamp can.
    const seconds = toInteger(timestamp);
    if (seconds !== undefined && seconds * 1000 !== parsed.getTime()) {
      const exact = fromTimestamp(seconds);
      const withoutWeekday = (date: Date): string => formatRfc850(date).replace(/^[A-Za-z]+, /, '');
      if (withoutWeekday(exact) === withoutWeekday(parsed)) return exact;
    }
    return parsed;
  }
  if (typeof timestring === 'string') return wholeSeconds(parseTimestring(timestring));
  if (timestamp !== undefined && timestamp !== null) {
    const seconds = toInteger(timestamp);
    if (seconds === undefined) throw invalidInput(`${what} 'timestamp' to be Unix seconds`, timestamp, 'timestamp');
    return fromTimestamp(seconds);
  }
  for (const key of ['rfc850', 'timestring'] as const) {
    const value = input[key];
    if (value !== undefined && value !== null && value !== '') {
      throw invalidInput(`${what} '${key}' to be a string`, value, key);
    }
  }
  const unknownKey = Object.keys(input).find((key) => !['rfc850', 'timestring', 'timestamp'].includes(key));
  if (unknownKey !== undefined) {
    throw new FieldValueError(
      `Unknown ${what} property '${unknownKey}'; expected rfc850, timestring or timestamp`,
      unknownKey,
    );
  }
  return null;
}

/** The hash of a date: `{timestamp, rfc850}`, or null. */
export function dateToHash(date: Date | null): { timestamp: number; rfc850: string } | null {
  return date === null ? null : { timestamp: toTimestamp(date), rfc850: formatRfc850(date) };
}

/** Storage data of a date: Unix seconds or null. @throws FieldValueError for anything else. */
export function dateFromStorage(data: unknown, what: string): Date | null {
  if (data === null) return null;
  if (typeof data === 'number' && Number.isSafeInteger(data)) return fromTimestamp(data, null);
  throw new FieldValueError(`Invalid ${what} storage data: expected Unix seconds or null`);
}
