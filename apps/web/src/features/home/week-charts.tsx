import { Anchor, Card, Group, Stack, Text, Title } from "@mantine/core";
import { attendanceTotals, type HomeData } from "@taleem/contract";
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
        <div>
          <Group justify="space-between" wrap="nowrap" mb={6}>
            <Title order={4} size="h6">
              {t("homeCards.week.attendance")}
            </Title>
            <Anchor component={Link} to={forChild("/parent/attendance", id)} size="sm" style={{ whiteSpace: "nowrap" }}>
              {t("homeCards.week.seeAll")}
            </Anchor>
          </Group>
          <DayBars
            days={attendance}
            label={t("homeCards.week.attendance")}
            emptyText={t("homeCards.week.noAttendance")}
            testId="home-week-attendance"
            {...common}
          />
          <AttendanceTotals home={home} />
        </div>
        <div>
          <Group justify="space-between" wrap="nowrap" mb={6}>
            <Title order={4} size="h6">
              {t("homeCards.week.prayers")}
            </Title>
            <Anchor component={Link} to={forChild("/parent/salaah-week", id)} size="sm" style={{ whiteSpace: "nowrap" }}>
              {t("homeCards.week.seeAll")}
            </Anchor>
          </Group>
          <DayBars days={prayers} label={t("homeCards.week.prayers")} emptyText={t("homeCards.week.noPrayers")} testId="home-week-prayers" {...common} />
        </div>
      </Stack>
    </Card>
  );
}
