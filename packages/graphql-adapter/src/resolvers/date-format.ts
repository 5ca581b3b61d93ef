/**
 * PHP `DateTimeInterface::format` for Ibexa's `DateTime.format(pattern:, constant:)`, in UTC (the server stores dates
 * in UTC). Supports the day, week, month, year, time and timezone letters; `\` escapes.
 */

/** Patterns of the `DateFormatConstant` values (PHP `DateTimeInterface::ATOM` …). */
export const DATE_FORMAT_CONSTANTS: Readonly<Record<string, string>> = {
  atom: 'Y-m-d\\TH:i:sP',
  cookie: 'l, d-M-Y H:i:s T',
  iso8601: 'Y-m-d\\TH:i:sO',
  rfc822: 'D, d M y H:i:s O',
  rfc850: 'l, d-M-y H:i:s T',
  rfc1036: 'D, d M y H:i:s O',
  rfc1123: 'D, d M Y H:i:s O',
  rfc2822: 'D, d M Y H:i:s O',
  rfc3339: 'Y-m-d\\TH:i:sP',
  rfc3339_extended: 'Y-m-d\\TH:i:s.vP',
  rss: 'D, d M Y H:i:s O',
  w3c: 'Y-m-d\\TH:i:sP',
};

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

const pad = (value: number, length = 2): string => String(value).padStart(length, '0');

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function dayOfYear(date: Date): number {
  return Math.floor((Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()) - Date.UTC(date.getUTCFullYear(), 0, 1)) / 86_400_000);
}

/** ISO-8601 week number and week-numbering year. */
function isoWeek(date: Date): { week: number; year: number } {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  return { week: Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7), year: day.getUTCFullYear() };
}

function ordinalSuffix(day: number): string {
  if (day % 100 >= 11 && day % 100 <= 13) return 'th';
  return ['th', 'st', 'nd', 'rd'][day % 10] ?? 'th';
}

function letter(date: Date, char: string): string {
  const day = date.getUTCDate();
  const weekday = date.getUTCDay();
  const month = date.getUTCMonth();
  const year = date.getUTCFullYear();
  const hours = date.getUTCHours();
  switch (char) {
    case 'd': return pad(day);
    case 'D': return (DAYS[weekday] ?? '').slice(0, 3);
    case 'j': return String(day);
    case 'l': return DAYS[weekday] ?? '';
    case 'N': return String(weekday || 7);
    case 'S': return ordinalSuffix(day);
    case 'w': return String(weekday);
    case 'z': return String(dayOfYear(date));
    case 'W': return pad(isoWeek(date).week);
    case 'F': return MONTHS[month] ?? '';
    case 'm': return pad(month + 1);
    case 'M': return (MONTHS[month] ?? '').slice(0, 3);
    case 'n': return String(month + 1);
    case 't': return String(new Date(Date.UTC(year, month + 1, 0)).getUTCDate());
    case 'L': return isLeapYear(year) ? '1' : '0';
    case 'o': return String(isoWeek(date).year);
    case 'Y': return String(year);
    case 'y': return pad(year % 100);
    case 'a': return hours < 12 ? 'am' : 'pm';
    case 'A': return hours < 12 ? 'AM' : 'PM';
    case 'g': return String(hours % 12 || 12);
    case 'G': return String(hours);
    case 'h': return pad(hours % 12 || 12);
    case 'H': return pad(hours);
    case 'i': return pad(date.getUTCMinutes());
    case 's': return pad(date.getUTCSeconds());
    case 'u': return pad(date.getUTCMilliseconds() * 1000, 6);
    case 'v': return pad(date.getUTCMilliseconds(), 3);
    case 'e': return 'UTC';
    case 'I': return '0';
    case 'O': return '+0000';
    case 'P': return '+00:00';
    case 'p': return 'Z';
    case 'T': return 'UTC';
    case 'Z': return '0';
    case 'c': return formatDate(date, 'Y-m-d\\TH:i:sP');
    case 'r': return formatDate(date, 'D, d M Y H:i:s O');
    case 'U': return String(Math.floor(date.getTime() / 1000));
    default: return char;
  }
}

/** Formats `date` (UTC) with a PHP date pattern, e.g. `Y-m-d` → `2024-05-01`. */
export function formatDate(date: Date, pattern: string): string {
  let result = '';
  for (let index = 0; index < pattern.length; index += 1) {
    const char = pattern.charAt(index);
    if (char === '\\') {
      index += 1;
      result += pattern.charAt(index);
    } else {
      result += letter(date, char);
    }
  }
  return result;
}
