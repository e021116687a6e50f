import { Alert, Badge, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { ATTENDANCE_MEANINGS, studentDayAttendance } from "@taleem/contract";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { formatDate, formatNumber, schoolDay } from "../../../lib/format";
import { useActionQuery } from "../../../lib/use-action";
import { useErrorText } from "../../../ui/api-error";
import { EmptyList, FailureState, LoadingState } from "../../../ui/list-states";
import { StudentPicker } from "../../../ui/student-picker";
import { AttendanceCalendar, CALENDAR_COLOR, markStyle } from "./attendance-calendar";
import classes from "./attendance-calendar.module.css";
import { monthOf } from "./calendar-days";
import { type DayMark, useMonthAttendance } from "./use-month-attendance";

/** The month's totals under a calendar: present of marked days, the percentage, and each meaning's count. */
export function MonthTotals({ marks, present, total, percent }: { marks: DayMark[]; present: number; total: number; percent: number }) {
  const { t } = useTranslation("attendance");
  if (!total) return <Text c="dimmed">{t("calendar.noMarks")}</Text>;
  return (
    <Stack gap={6} data-testid="month-totals">
      <Text fw={600}>{t("child.summary", { present: formatNumber(present), total: formatNumber(total), percent: formatNumber(percent) })}</Text>
      <ul className={classes.legend}>
        {ATTENDANCE_MEANINGS.map((m) => [m, marks.filter((k) => k.meaning === m).length] as const)
          .filter(([, n]) => n > 0)
          .map(([m, n]) => (
            <li key={m}>
              <span className={classes.swatch} style={markStyle(m)} aria-hidden />
              {t(`meanings.${m}`)}: {formatNumber(n)}
            </li>
          ))}
      </ul>
    </Stack>
  );
}

/** One day of a student, period by period, with the "not in class" flag. */
function DayByPeriod({ studentId, date }: { studentId: number; date: string }) {
  const { t } = useTranslation("attendance");
  const errorText = useErrorText();
  const day = useActionQuery(studentDayAttendance, { query: { studentId, date } });
  let body: ReactNode;
  if (day.isPending) body = <LoadingState text={t("student.dayLoading")} />;
  else if (day.isError) body = <FailureState reason={errorText(day.error)} onRetry={() => void day.refetch()} />;
  else
    body = (
      <Stack gap="xs">
        <Text size="sm">
          {t("student.dayMark")}:{" "}
          {day.data.day ? (
            <Badge color={CALENDAR_COLOR[day.data.day.meaning]}>
              {t(`meanings.${day.data.day.meaning}`)} ({day.data.day.code})
            </Badge>
          ) : (
            t("calendar.notMarked")
          )}
        </Text>
        {day.data.notInClass && (
          <Alert color="orange" data-testid="not-in-class">
            {t("student.notInClass")}
          </Alert>
        )}
        {day.data.attendances.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("student.noPeriods")}
          </Text>
        ) : (
          <Table withTableBorder fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("student.period")}</Table.Th>
                <Table.Th>{t("student.mark")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {day.data.attendances.map((p) => (
                <Table.Tr key={p.hourId}>
                  <Table.Td>
                    <bdi>
                      {p.startTime}–{p.endTime}
                    </bdi>{" "}
                    {p.label}
                  </Table.Td>
                  <Table.Td>
                    {p.meaning ? (
                      <Badge color={CALENDAR_COLOR[p.meaning]}>
                        {t(`meanings.${p.meaning}`)} ({p.code})
                      </Badge>
                    ) : (
                      t("calendar.notMarked")
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    );
  return (
    <Paper withBorder p="sm" radius="md" data-testid="day-by-period">
      <Stack gap="xs">
        <Title order={3} size="h4">
          {formatDate(date)}
        </Title>
        {body}
      </Stack>
    </Paper>
  );
}

/** The office's view of one student: the month's calendar, its totals, and a day by period. */
export function StudentAttendancePage() {
  const { t } = useTranslation("attendance");
  const errorText = useErrorText();
  const [search, setSearch] = useSearchParams();
  const studentId = search.get("studentId");
  const [month, setMonth] = useState(() => search.get("month") ?? monthOf(schoolDay()));
  const [day, setDay] = useState<string | null>(null);
  const data = useMonthAttendance(studentId ? Number(studentId) : null, month);
  const choose = (id: string | null) => {
    setDay(null);
    setSearch(id ? { studentId: id } : {}, { replace: true });
  };

  let body: ReactNode;
  if (!studentId) body = <EmptyList title={t("student.choose")} />;
  else if (data.isError) body = <FailureState reason={errorText(data.error)} onRetry={() => void data.refetch()} />;
  else
    body = (
      <Stack gap="sm">
        <AttendanceCalendar
          month={month}
          marks={data.marks}
          onMonth={(m) => {
            setMonth(m);
            setDay(null);
          }}
          onDay={setDay}
          selected={day}
        />
        {data.isPending && !data.future ? (
          <LoadingState text={t("child.loading")} />
        ) : (
          <MonthTotals marks={data.marks} present={data.data?.presentCount ?? 0} total={data.data?.totalCount ?? 0} percent={data.data?.present ?? 0} />
        )}
        {day && <DayByPeriod studentId={Number(studentId)} date={day} />}
      </Stack>
    );

  return (
    <Stack gap="sm" maw={560}>
      <Title order={2}>{t("student.title")}</Title>
      <StudentPicker label={t("student.student")} value={studentId} onChange={choose} status="" />
      {body}
    </Stack>
  );
}
