import { Badge, Group, Paper, Select, Stack, Text, Title } from "@mantine/core";
import { linkedChildren } from "@taleem/contract";
import { type ReactNode, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAuth } from "../../../lib/auth-store";
import { formatDate, schoolDay } from "../../../lib/format";
import { useActionQuery } from "../../../lib/use-action";
import { useErrorText } from "../../../ui/api-error";
import { useChosenChild } from "../../../ui/child-chooser";
import { EmptyList, FailureState, LoadingState } from "../../../ui/list-states";
import { useWorkingDays } from "../../../ui/school-country";
import { StaffPunchCard } from "../office/attendance-today-page";

import { AttendanceCalendar, CALENDAR_COLOR } from "../student/attendance-calendar";
import { isoWeekday, monthOf, weekOf, weekOrder } from "../student/calendar-days";
import { MonthTotals } from "../student/student-attendance-page";
import { type DayMark, useMonthAttendance } from "../student/use-month-attendance";

/** This week's school days up to today, each with its mark. */
function WeekMarks({ marks }: { marks: DayMark[] }) {
  const { t } = useTranslation("attendance");
  const working = useWorkingDays();
  const today = schoolDay();
  const days = useMemo(() => weekOf(today, weekOrder(working)).filter((d) => d <= today && working.includes(isoWeekday(d))), [today, working]);
  const byDate = new Map(marks.map((m) => [m.date, m]));
  return (
    <Paper withBorder p="xs" radius="md" data-testid="week-marks">
      <Stack gap={6}>
        <Text fw={600}>{t("child.thisWeek")}</Text>
        {days.map((d) => {
          const mark = byDate.get(d);
          return (
            <Group key={d} justify="space-between" wrap="nowrap">
              <Text size="sm">{formatDate(d)}</Text>
              {mark ? (
                <Badge color={CALENDAR_COLOR[mark.meaning]}>{t(`meanings.${mark.meaning}`)}</Badge>
              ) : (
                <Text size="sm" c="dimmed">
                  {t("calendar.notMarked")}
                </Text>
              )}
            </Group>
          );
        })}
      </Stack>
    </Paper>
  );
}

/** The parent area's attendance: a parent's child by month on a calendar; staff and Muawin mark themselves in and out. */
export function ChildAttendancePage() {
  const { t } = useTranslation("attendance");
  const errorText = useErrorText();
  const staff = useAuth((s) => s.user?.role.builtin !== "parent");
  const kids = useActionQuery(linkedChildren).data?.rows ?? [];
  // The child the home (or an earlier visit) chose, else the first.
  const { chosen, choose } = useChosenChild(kids);
  const studentId = chosen ? String(chosen.id) : kids[0] ? String(kids[0].id) : null;
  const thisMonth = monthOf(schoolDay());
  const [month, setMonth] = useState(thisMonth);
  const shown = useMonthAttendance(studentId ? Number(studentId) : null, month);
  // The week's marks come from this month (a week that began last month shows only this month's days).
  const current = useMonthAttendance(studentId ? Number(studentId) : null, thisMonth);
  if (staff && !kids.length) {
    return (
      <Stack gap="sm" maw={560}>
        <Title order={2}>{t("staff.title")}</Title>
        <StaffPunchCard />
      </Stack>
    );
  }
  let body: ReactNode;
  if (!studentId) body = <EmptyList title={t("child.noChildren")} />;
  else if (shown.isError) body = <FailureState reason={errorText(shown.error)} onRetry={() => void shown.refetch()} />;
  else
    body = (
      <Stack gap="sm">
        {month === thisMonth && <WeekMarks marks={current.marks} />}
        <AttendanceCalendar month={month} marks={shown.marks} onMonth={setMonth} />
        {shown.isPending ? (
          <LoadingState text={t("child.loading")} />
        ) : (
          <MonthTotals marks={shown.marks} present={shown.data.presentCount} total={shown.data.totalCount} percent={shown.data.present} />
        )}
      </Stack>
    );
  return (
    <Stack gap="sm" maw={560}>
      <Title order={2}>{t("child.title")}</Title>
      {kids.length > 1 && (
        <Select
          label={t("child.child")}
          data={kids.map((c) => ({ value: String(c.id), label: c.name }))}
          value={studentId}
          onChange={(v) => {
            const child = kids.find((c) => String(c.id) === v);
            if (child) choose(child);
            setMonth(thisMonth);
          }}
        />
      )}
      {body}
    </Stack>
  );
}
