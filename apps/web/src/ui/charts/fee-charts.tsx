import { Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { localeOf } from "../../lib/format";
import { currentLanguage, type Language } from "../../lib/i18n";
import { ltr } from "../money";
import { formatMinor } from "../resource";
import grid from "./chart-grid.module.css";
import classes from "./fee-charts.module.css";
import { percentText } from "./rate-ring";

/** A labelled bar of paid against due: it grows from the start of the line in either direction. */
export function PaidBar({ label, paid, due, testId }: { label: string; paid: number; due: number; testId?: string }) {
  const { t, i18n } = useTranslation("fees");
  const share = due > 0 ? Math.min(1, Math.max(0, paid / due)) : 0;
  return (
    <div className={classes.barRow} data-testid={testId}>
      <Text size="sm" className={classes.barLabel} title={label} dir="auto" ta={i18n.dir() === "rtl" ? "right" : "left"}>
        {label}
      </Text>
      <div
        className={classes.track}
        role="img"
        aria-label={t("dashboard.paidOf", { paid: ltr(formatMinor(paid)), due: ltr(formatMinor(due)), rate: percentText(due > 0 ? share : null) })}
      >
        <div className={classes.fill} style={{ inlineSize: `${share * 100}%` }} />
      </div>
      <Text size="xs" className={classes.barValue}>
        <bdi dir="ltr">{formatMinor(paid)}</bdi> / <bdi dir="ltr">{formatMinor(due)}</bdi>
      </Text>
    </div>
  );
}

const monthName = (month: string, lng: Language) => {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return new Intl.DateTimeFormat(localeOf(lng), { month: "short", calendar: "gregory" }).format(new Date(y, m - 1, 1));
};

/** Money collected and falling due by month, as pairs of columns, oldest first in the reading direction. */
export function MonthlyColumns({ rows }: { rows: { month: string; collected: number; due: number }[] }) {
  const { t } = useTranslation("fees");
  const lng = currentLanguage();
  const top = Math.max(1, ...rows.map((r) => Math.max(r.collected, r.due)));
  if (!rows.length) return <Text c="dimmed">{t("dashboard.noData")}</Text>;
  return (
    <Stack gap="xs">
      <Group gap="md">
        <Text size="xs">
          <span className={grid.key} style={{ background: "var(--mantine-color-teal-6)" }} aria-hidden />
          {t("dashboard.collected")}
        </Text>
        <Text size="xs">
          <span className={grid.key} style={{ background: "var(--mantine-color-gray-4)" }} aria-hidden />
          {t("dashboard.fellDue")}
        </Text>
      </Group>
      <ul className={`${grid.columns} ${classes.months}`} aria-label={t("dashboard.monthly")} data-testid="monthly-chart">
        {rows.map((r) => (
          <li
            key={r.month}
            className={`${grid.column} ${classes.month}`}
            aria-label={t("dashboard.monthLine", { month: monthName(r.month, lng), collected: ltr(formatMinor(r.collected)), due: ltr(formatMinor(r.due)) })}
          >
            <div className={classes.pair} aria-hidden>
              <div className={classes.collected} style={{ blockSize: `${(r.collected / top) * 100}%` }} title={formatMinor(r.collected)} />
              <div className={classes.due} style={{ blockSize: `${(r.due / top) * 100}%` }} title={formatMinor(r.due)} />
            </div>
            <span className={classes.monthName} aria-hidden>
              {monthName(r.month, lng)}
            </span>
          </li>
        ))}
      </ul>
    </Stack>
  );
}
