import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { formatClock } from "./format";

/** ISO days: 1 Monday ... 7 Sunday. */
export const DAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/**
 * "08:30" in the reader's way of writing a time ("8:30 am", "٨:٣٠ ص"), isolated (FSI ... PDI) so
 * a Latin "8:30 am" keeps its order inside right-to-left text.
 */
export function formatTimeOfDay(value: string | null | undefined): string {
  const clock = formatClock(value ?? "");
  return clock ? `\u2068${clock}\u2069` : "";
}

/** "08:30 – 09:15" as the reader writes times. */
export function formatTimeRange(start: string, end: string): string {
  return `${formatTimeOfDay(start)} – ${formatTimeOfDay(end)}`;
}

/** A weekday's name in the reader's language. */
export function useDayName() {
  const { t } = useTranslation("timetable");
  return useCallback((day: number | string, short = false) => t(short ? `timetable:daysShort.${day}` : `timetable:days.${day}`), [t]);
}
