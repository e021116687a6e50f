import { Anchor, Card, Group, Stack, Text, Title } from "@mantine/core";
import { attendanceTotals, type HomeData } from "@taleem/contract";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatNumber } from "../../lib/format";
import { DayBars } from "../../ui/charts/day-bars";
import { forChild } from "./home-card";

const percent = (n: number) => formatNumber(n / 100, { style: "percent", maximumFractionDigits: 0 });

/** Present and absent over the last 30 days, as counts and whole-number percentages (spec 000 §3). */
function AttendanceTotals({ home }: { home: HomeData }) {
  const { t } = useTranslation("parent");
  const totals = attendanceTotals(home);
  if (!totals.totalCount) return null;
  return (
    <Text size="sm" mt={6} data-testid="home-attendance-totals">
      {t("homeCards.week.totals", {
        days: formatNumber(30),
        present: formatNumber(totals.presentCount),
        presentPercent: percent(totals.presentPercent),
        absent: formatNumber(totals.absentCount),
        absentPercent: percent(totals.absentPercent),
        total: formatNumber(totals.totalCount),
      })}
    </Text>
  );
}

/** One chart of the week under its heading, with a link to the whole record. */
function WeekChart({ title, seeAll, children }: { title: string; seeAll: string; children: ReactNode }) {
  const { t } = useTranslation("parent");
  return (
    <div>
      <Group justify="space-between" wrap="nowrap" mb={6}>
        <Title order={4} size="h6">
          {title}
        </Title>
        <Anchor component={Link} to={seeAll} size="sm" style={{ whiteSpace: "nowrap" }}>
          {t("homeCards.week.seeAll")}
        </Anchor>
      </Group>
      {children}
    </div>
  );
}

/** The child's week of attendance and of prayers, each day beside the class average. */
export function WeekCharts({ home }: { home: HomeData }) {
  const { t } = useTranslation("parent");
  const id = home.student.id;
  const attendance = home.attendanceComparisonData.map((d) => ({ date: d.date, value: d.child, compare: d.classAverage }));
  const prayers = home.salaahComparisonData.map((d) => ({ date: d.date, value: d.child, compare: d.classAverage }));
  const common = { valueLabel: home.student.name, compareLabel: t("homeCards.week.classAverage"), dayLabel: t("homeCards.week.day") };
  return (
    <Card withBorder radius="md" padding="sm" data-testid="home-week">
      <Stack gap="md">
        <WeekChart title={t("homeCards.week.attendance")} seeAll={forChild("/parent/attendance", id)}>
          <DayBars
            days={attendance}
            label={t("homeCards.week.attendance")}
            emptyText={t("homeCards.week.noAttendance")}
            testId="home-week-attendance"
            {...common}
          />
          <AttendanceTotals home={home} />
        </WeekChart>
        <WeekChart title={t("homeCards.week.prayers")} seeAll={forChild("/parent/salaah-week", id)}>
          <DayBars days={prayers} label={t("homeCards.week.prayers")} emptyText={t("homeCards.week.noPrayers")} testId="home-week-prayers" {...common} />
        </WeekChart>
      </Stack>
    </Card>
  );
}
