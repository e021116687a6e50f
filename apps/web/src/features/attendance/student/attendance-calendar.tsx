import { Button, Group, Paper, Stack, Text } from "@mantine/core";
import { IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import { ATTENDANCE_MEANINGS } from "@taleem/contract";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { dateFormatter, formatDate, formatNumber, schoolDay } from "../../../lib/format";
import mirror from "../../../ui/mirror.module.css";
import { MEANING_COLOR } from "../../../ui/register/register-marks";
import { useWorkingDays } from "../../../ui/school-country";
import classes from "./attendance-calendar.module.css";
import { addMonths, isoWeekday, monthOf, monthStart, monthWeeks, weekOrder } from "./calendar-days";
import type { DayMark } from "./use-month-attendance";

export interface AttendanceCalendarProps {
  /** YYYY-MM. */
  month: string;
  marks: DayMark[];
  onMonth: (month: string) => void;
  /** Given: each day is a button that opens it. */
  onDay?: (date: string) => void;
  selected?: string | null;
}

// 2024-01-01 was a Monday: the ISO weekday n falls on 2024-01-0n.
const weekdayName = (iso: number, width: "short" | "long") => dateFormatter({ weekday: width, timeZone: "UTC" }).format(new Date(Date.UTC(2024, 0, iso)));

/** The register's colours, but excused in cyan: grey on a calendar reads as a day the school was closed. */
export const CALENDAR_COLOR: Record<DayMark["meaning"], string> = { ...MEANING_COLOR, excused: "cyan" };

/** The colours a mark is drawn in: a light shade of its meaning's colour, dark text on it. */
export const markStyle = (meaning: DayMark["meaning"]) => ({ background: `var(--mantine-color-${CALENDAR_COLOR[meaning]}-2)` });

/**
 * A student's month as a grid of week rows in the school's week order: each marked day in its
 * meaning's colour with its code, the school's days off greyed, today outlined. Every day is a
 * table cell whose name says the date and the mark in words.
 */
export function AttendanceCalendar({ month, marks, onMonth, onDay, selected }: AttendanceCalendarProps) {
  const { t } = useTranslation("attendance");
  const working = useWorkingDays();
  const order = useMemo(() => weekOrder(working), [working]);
  const weeks = useMemo(() => monthWeeks(month, order), [month, order]);
  const byDate = useMemo(() => new Map(marks.map((m) => [m.date, m])), [marks]);
  const today = schoolDay();
  const title = dateFormatter({ month: "long", year: "numeric", calendar: "gregory", timeZone: "UTC" }).format(new Date(`${monthStart(month)}T00:00:00Z`));

  const describe = (day: string) => {
    const mark = byDate.get(day);
    const state = mark
      ? `${t(`meanings.${mark.meaning}`)} (${mark.code})`
      : !working.includes(isoWeekday(day))
        ? t("calendar.closed")
        : day > today
          ? t("calendar.notYet")
          : t("calendar.notMarked");
    return t("calendar.dayLabel", { weekday: weekdayName(isoWeekday(day), "long"), date: formatDate(day), state });
  };

  return (
    <Paper withBorder p="xs" radius="md" data-testid="attendance-calendar">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Button variant="subtle" size="compact-md" aria-label={t("calendar.earlier")} onClick={() => onMonth(addMonths(month, -1))}>
            <IconChevronLeft size={18} className={mirror.mirror} aria-hidden />
          </Button>
          <Text fw={700} aria-live="polite">
            {title}
          </Text>
          <Button
            variant="subtle"
            size="compact-md"
            aria-label={t("calendar.later")}
            disabled={month >= monthOf(today)}
            onClick={() => onMonth(addMonths(month, 1))}
          >
            <IconChevronRight size={18} className={mirror.mirror} aria-hidden />
          </Button>
        </Group>
        <table className={classes.grid} aria-label={t("calendar.gridLabel", { month: title })}>
          <thead>
            <tr>
              {order.map((d) => (
                <th key={d} scope="col" className={classes.head} abbr={weekdayName(d, "long")}>
                  {weekdayName(d, "short")}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.find(Boolean)}>
                {week.map((day, i) => {
                  if (!day) return <td key={`empty-${order[i]}`} />;
                  const mark = byDate.get(day);
                  const closed = !mark && !working.includes(isoWeekday(day));
                  const label = describe(day);
                  const cls = [classes.day, closed && classes.closed, day === today && classes.today, day === selected && classes.selected]
                    .filter(Boolean)
                    .join(" ");
                  const inner = (
                    <>
                      <span className={classes.num}>{formatNumber(Number(day.slice(8)))}</span>
                      {mark && <span className={classes.code}>{mark.code}</span>}
                    </>
                  );
                  return (
                    <td
                      key={day}
                      className={cls}
                      style={mark ? markStyle(mark.meaning) : undefined}
                      aria-label={onDay ? undefined : label}
                      data-date={day}
                      data-meaning={mark?.meaning}
                    >
                      {onDay ? (
                        <button type="button" className={classes.button} aria-label={label} aria-pressed={day === selected} onClick={() => onDay(day)}>
                          {inner}
                        </button>
                      ) : (
                        <span className={classes.inner} aria-hidden>
                          {inner}
                        </span>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
        <ul className={classes.legend} aria-label={t("calendar.legend")}>
          {ATTENDANCE_MEANINGS.map((m) => (
            <li key={m}>
              <span className={classes.swatch} style={markStyle(m)} aria-hidden />
              {t(`meanings.${m}`)}
            </li>
          ))}
          <li>
            <span className={`${classes.swatch} ${classes.closed}`} aria-hidden />
            {t("calendar.closedLegend")}
          </li>
          <li>
            <span className={`${classes.swatch} ${classes.today}`} aria-hidden />
            {t("calendar.today")}
          </li>
        </ul>
      </Stack>
    </Paper>
  );
}
