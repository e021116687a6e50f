import { Text, VisuallyHidden } from "@mantine/core";
import { dateFormatter, formatNumber } from "../../lib/format";
import grid from "./chart-grid.module.css";
import classes from "./day-bars.module.css";

/** One day of a series: its figure and, when there is one, the figure to compare with (the class average). */
export interface DayPoint {
  /** The day, YYYY-MM-DD (a calendar day, read in local time). */
  date: string;
  /** The day's figure: a whole-number percentage (0-100) or, with `unit="count"`, a count; null when there is none (not marked). */
  value: number | null;
  /** The comparison figure in the same unit (e.g. the class average); null or absent when there is none. */
  compare?: number | null;
}

export interface DayBarsProps {
  days: DayPoint[];
  /** The chart's accessible name and the hidden table's caption ("Attendance this week"). */
  label: string;
  /** What `value` is ("Present"); shown in the legend when there is a comparison, and as the table's column. */
  valueLabel: string;
  /** What `compare` is ("Class average"); the comparison bars are drawn only when this is given. */
  compareLabel?: string;
  /** The hidden table's first column ("Day"). */
  dayLabel: string;
  /** Percentages (default, 0-100, whole numbers) or counts (scaled to the largest). */
  unit?: "percent" | "count";
  /** Height of the bars' area in px (default 120). */
  height?: number;
  /** How a day is named under its bar; by default the short weekday for a week or less, else the day of the month. */
  dayName?: (date: string) => string;
  /** Shown instead of the chart when there are no days. */
  emptyText?: string;
  /** Show each figure above its bar (default true for up to 10 days). */
  showValues?: boolean;
  testId?: string;
}

const localDay = (iso: string) => {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};

/** A figure in the page's language (its own digits, never mirrored), percentages as whole numbers. */
export function chartFigure(value: number | null | undefined, unit: "percent" | "count" = "percent"): string {
  if (value == null || Number.isNaN(value)) return "—";
  if (unit === "percent") return formatNumber(Math.round(value) / 100, { style: "percent", maximumFractionDigits: 0 });
  return formatNumber(Math.round(value));
}

/** The day's name as the page's language writes it (weekday and date for the hidden table). */
export function chartDay(date: string, style: "weekday" | "day" | "full"): string {
  const d = localDay(date);
  const options: Intl.DateTimeFormatOptions =
    style === "weekday" ? { weekday: "short" } : style === "day" ? { day: "numeric" } : { weekday: "long", day: "numeric", month: "long" };
  return dateFormatter({ ...options, calendar: "gregory" }).format(d);
}

/**
 * A labelled series of days as columns, oldest first in the reading direction (left to right in
 * English, right to left in Arabic and Urdu, by the grid's own flow), each with an optional
 * comparison column. The drawing is hidden from screen readers; a visually hidden table carries the
 * same figures.
 */
export function DayBars({
  days,
  label,
  valueLabel,
  compareLabel,
  dayLabel,
  unit = "percent",
  height = 120,
  dayName,
  emptyText,
  showValues,
  testId,
}: DayBarsProps) {
  if (!days.length) {
    return (
      <Text c="dimmed" size="sm" data-testid={testId}>
        {emptyText ?? "—"}
      </Text>
    );
  }
  const withCompare = compareLabel !== undefined;
  const top = unit === "percent" ? 100 : Math.max(1, ...days.map((d) => Math.max(d.value ?? 0, d.compare ?? 0)));
  const share = (v: number) => `${Math.max(2, Math.min(100, (v / top) * 100))}%`;
  const nameOf = dayName ?? ((date: string) => chartDay(date, days.length <= 7 ? "weekday" : "day"));
  const values = showValues ?? days.length <= 10;
  return (
    <figure className={classes.chart} style={{ margin: 0 }} data-testid={testId} aria-label={label}>
      {withCompare && (
        <div className={classes.legend} aria-hidden>
          <span>
            <span className={grid.key} style={{ background: "var(--day-bars-color, var(--mantine-color-teal-6))" }} />
            {valueLabel}
          </span>
          <span>
            <span className={grid.key} style={{ background: "var(--day-bars-compare, var(--mantine-color-gray-4))" }} />
            {compareLabel}
          </span>
        </div>
      )}
      <ul className={`${grid.columns} ${classes.days}`} aria-hidden>
        {days.map((d) => (
          <li key={d.date} className={`${grid.column} ${classes.day}`} title={`${chartDay(d.date, "full")}: ${chartFigure(d.value, unit)}`}>
            {values && (
              <bdi className={classes.value} data-value={d.value ?? ""}>
                {chartFigure(d.value, unit)}
              </bdi>
            )}
            <div className={classes.pair} style={{ blockSize: height }}>
              {d.value == null ? <div className={classes.empty} /> : <div className={classes.bar} style={{ blockSize: share(d.value) }} />}
              {withCompare &&
                (d.compare == null ? <div className={classes.empty} /> : <div className={classes.compare} style={{ blockSize: share(d.compare) }} />)}
            </div>
            <span className={classes.dayName}>{nameOf(d.date)}</span>
          </li>
        ))}
      </ul>
      <VisuallyHidden>
        <table>
          <caption>{label}</caption>
          <thead>
            <tr>
              <th scope="col">{dayLabel}</th>
              <th scope="col">{valueLabel}</th>
              {withCompare && <th scope="col">{compareLabel}</th>}
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.date}>
                <th scope="row">{chartDay(d.date, "full")}</th>
                <td>{chartFigure(d.value, unit)}</td>
                {withCompare && <td>{chartFigure(d.compare, unit)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </figure>
  );
}
