/** Unix seconds of a Date (storage keeps second precision, like Ibexa's integer timestamp columns). */
export function toSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

/** Unix seconds of a Date or null. */
export function toSecondsOrNull(date: Date | null): number | null {
  return date === null ? null : toSeconds(date);
}

/** A Date as it reads back from storage: truncated to whole seconds. */
export function storedDate(date: Date): Date {
  return new Date(toSeconds(date) * 1000);
}
