/**
 * Days and times as a reader reads them: in their language, in the digits the school writes it
 * in (`digits`, a numbering system: Latin unless the school chose the language's own, contract
 * admin/digits.ts). One place, so a receipt, a report card, an admission letter and a notification
 * write the same day the same way.
 */

/**
 * "5 April 2026", "5 أبريل 2026", "2026 ഏപ്രിൽ 5": a calendar day (YYYY-MM-DD, the same day
 * everywhere) or an instant (the day it is at the school, in `timeZone`).
 */
export function dayText(language: string, timeZone: string, day: Date | string, digits = "latn"): string {
  const calendarDay = typeof day === "string";
  return new Intl.DateTimeFormat(`${language}-u-nu-${digits}`, { dateStyle: "long", timeZone: calendarDay ? "UTC" : timeZone }).format(
    calendarDay ? new Date(`${day}T12:00:00Z`) : day,
  );
}

/** A time of day (HH:MM, seconds ignored) the reader's way: "10:30 AM", "10:30 ص", "10:30". */
export function timeText(language: string, time: string, digits = "latn"): string {
  return new Intl.DateTimeFormat(`${language}-u-nu-${digits}`, { timeStyle: "short", timeZone: "UTC" }).format(new Date(`1970-01-01T${time.slice(0, 5)}:00Z`));
}
