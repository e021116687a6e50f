import { Alert, Anchor, Badge, Button, Group, Paper, Select, Stack, Switch, Table, Text, Title } from "@mantine/core";
import { IconFileSpreadsheet } from "@tabler/icons-react";
import { attendancePercentages, PERCENTAGE_MAX_RANGE_DAYS } from "@taleem/contract";
import { type ReactNode, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useAuth } from "../../../lib/auth-store";
import { formatDate, formatNumber, schoolDay } from "../../../lib/format";
import { directionOf } from "../../../lib/i18n";
import { notify } from "../../../lib/notify";
import { useActionQuery } from "../../../lib/use-action";
import { useClassrooms } from "../../../lib/use-classrooms";
import { useErrorText } from "../../../ui/api-error";
import { ListPagination } from "../../../ui/list-pagination";
import { EmptyList, FailureState, LoadingState } from "../../../ui/list-states";
import { downloadSpreadsheet } from "../../../ui/resource/list-spreadsheet";
import { SchoolDateInput } from "../../../ui/school-date-input";
import { daysBetween, monthStart } from "../student/calendar-days";

const PAGE = 25;
const percentText = (p: number | null) => (p === null ? "–" : `${formatNumber(p)}%`);

/** The range a page opens on: the year's start when it is near enough to read at once, else the month's. */
function startOfRange(today: string, batchStart: string | undefined): string {
  if (batchStart && batchStart <= today && daysBetween(batchStart, today) < PERCENTAGE_MAX_RANGE_DAYS) return batchStart;
  return monthStart(today.slice(0, 7));
}

/**
 * Attendance percentages of a range under the school's rules: the school's figure, each class,
 * and every student with a badge when below the minimum or unable to reach it this year.
 */
export function PercentagesPage() {
  const { t, i18n } = useTranslation("attendance");
  const errorText = useErrorText();
  const school = useAuth((s) => s.user?.tenant);
  const rooms = useClassrooms();
  const today = schoolDay();
  const batchStart = rooms.batches.find((b) => b.id === rooms.activeBatchId)?.startDate;
  const [range, setRange] = useState<{ from: string | null; to: string }>({ from: null, to: today });
  const from = range.from ?? startOfRange(today, batchStart);
  const to = range.to;
  const [classroomId, setClassroomId] = useState<string | null>(null);
  const [flaggedOnly, setFlaggedOnly] = useState(false);
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);

  // The server reads at most this many days at once: said here before asking.
  const rangeError =
    from > to ? t("percent.badRange") : daysBetween(from, to) >= PERCENTAGE_MAX_RANGE_DAYS ? t("percent.tooLong", { max: PERCENTAGE_MAX_RANGE_DAYS }) : null;
  // The default start waits for the year's dates (a first call on the month's start would be thrown away).
  const settled = range.from !== null || rooms.batches.length > 0 || !rooms.isPending;
  const ready = !rangeError && settled;
  const query = { from, to, ...(classroomId ? { classroomId: Number(classroomId) } : {}) };
  const reply = useActionQuery(attendancePercentages, { query }, { enabled: ready });
  // Two classrooms may share a label in different courses: the course names them apart.
  const labels = useMemo(
    () =>
      new Map(
        (reply.data?.classes ?? []).map((c) => {
          const course = rooms.byId.get(c.classroomId)?.courseName;
          return [c.classroomId, course ? `${c.label} (${course})` : c.label];
        }),
      ),
    [reply.data, rooms.byId],
  );
  const students = useMemo(() => (reply.data?.students ?? []).filter((s) => !flaggedOnly || s.flagged || s.cannotReach), [reply.data, flaggedOnly]);
  const pages = Math.max(1, Math.ceil(students.length / PAGE));
  const shown = students.slice((Math.min(page, pages) - 1) * PAGE, Math.min(page, pages) * PAGE);
  const flaggedCount = (reply.data?.students ?? []).filter((s) => s.flagged || s.cannotReach).length;

  const exportSheet = async () => {
    if (!reply.data) return;
    setExporting(true);
    try {
      await downloadSpreadsheet({
        school: { name: school?.name ?? "", logo: school?.logo ?? null },
        title: t("percent.title"),
        notes: [t("percent.rangeNote", { from: formatDate(from), to: formatDate(to) }), rulesText()],
        headers: [t("percent.student"), t("percent.classroom"), t("percent.present"), t("percent.marked"), "%", t("percent.flags")],
        rows: students.map((s) => [s.name, labels.get(s.classroomId) ?? "", s.present, s.marked, s.percent ?? "", flagsText(s)]),
        rightToLeft: directionOf(i18n.language) === "rtl",
        fileName: `attendance-percentages-${from}-${to}.xlsx`,
      });
    } catch (e) {
      notify.error(errorText(e));
    } finally {
      setExporting(false);
    }
  };
  const flagsText = (s: { flagged: boolean; cannotReach: boolean }) =>
    [s.flagged && t("percent.below"), s.cannotReach && t("percent.cannotReach")].filter(Boolean).join(", ");
  const rulesText = () =>
    t("percent.rules", {
      minimum: formatNumber(reply.data?.rules.minimumPercent ?? 0),
      excused: reply.data?.rules.excusedCountsPresent ? t("percent.excusedPresent") : t("percent.excusedAbsent"),
    });

  let body: ReactNode;
  if (rangeError) body = null;
  else if (reply.isPending) body = <LoadingState text={t("percent.loading")} />;
  else if (reply.isError) body = <FailureState reason={errorText(reply.error)} onRetry={() => void reply.refetch()} />;
  else if (!reply.data.school.marked) body = <EmptyList title={t("percent.empty")} />;
  else
    body = (
      <Stack gap="sm">
        <Paper withBorder p="sm" radius="md">
          <Text fw={700} size="lg" data-testid="school-percent">
            {t("percent.school", { percent: percentText(reply.data.school.percent), marked: formatNumber(reply.data.school.marked) })}
          </Text>
        </Paper>
        <Table.ScrollContainer minWidth={320}>
          <Table withTableBorder striped fz="sm" data-testid="class-percentages">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("percent.classroom")}</Table.Th>
                <Table.Th>{t("percent.marks")}</Table.Th>
                <Table.Th>%</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {reply.data.classes.map((c) => (
                <Table.Tr key={c.classroomId}>
                  <Table.Td>{labels.get(c.classroomId)}</Table.Td>
                  <Table.Td>{formatNumber(c.marked)}</Table.Td>
                  <Table.Td>{percentText(c.percent)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="space-between" gap="xs">
          <Switch
            label={t("percent.flaggedOnly", { count: flaggedCount })}
            checked={flaggedOnly}
            onChange={(e) => {
              setFlaggedOnly(e.currentTarget.checked);
              setPage(1);
            }}
          />
          <Button variant="default" leftSection={<IconFileSpreadsheet size={16} aria-hidden />} loading={exporting} onClick={() => void exportSheet()}>
            {t("sheet.export")}
          </Button>
        </Group>
        {students.length === 0 ? (
          <EmptyList title={t("percent.noneFlagged")} />
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table withTableBorder striped fz="sm" data-testid="student-percentages">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("percent.student")}</Table.Th>
                  <Table.Th>{t("percent.classroom")}</Table.Th>
                  <Table.Th>{t("percent.present")}</Table.Th>
                  <Table.Th>{t("percent.marked")}</Table.Th>
                  <Table.Th>%</Table.Th>
                  <Table.Th>{t("percent.flags")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((s) => (
                  <Table.Tr key={`${s.studentId}-${s.classroomId}`} data-flagged={s.flagged || undefined}>
                    <Table.Td>
                      <Anchor component={Link} to={`../attendance-student?studentId=${s.studentId}`} relative="path" size="sm">
                        {s.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{labels.get(s.classroomId)}</Table.Td>
                    <Table.Td>{formatNumber(s.present)}</Table.Td>
                    <Table.Td>{formatNumber(s.marked)}</Table.Td>
                    <Table.Td>{percentText(s.percent)}</Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {s.flagged && (
                          <Badge color="red" variant="light">
                            {t("percent.below")}
                          </Badge>
                        )}
                        {s.cannotReach && (
                          <Badge color="grape" variant="light">
                            {t("percent.cannotReach")}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {pages > 1 && <ListPagination total={pages} value={Math.min(page, pages)} onChange={setPage} />}
      </Stack>
    );

  return (
    <Stack gap="sm">
      <Title order={2}>{t("percent.title")}</Title>
      <Group align="flex-start" gap="xs">
        <SchoolDateInput label={t("percent.from")} value={from} onChange={(v) => v && setRange((r) => ({ ...r, from: v }))} past w={150} />
        <SchoolDateInput label={t("percent.to")} value={to} onChange={(v) => v && setRange((r) => ({ ...r, to: v }))} past error={rangeError} w={150} />
        <Select
          label={t("percent.classroom")}
          data={rooms.grouped}
          value={classroomId}
          onChange={(v) => {
            setClassroomId(v);
            setPage(1);
          }}
          searchable
          clearable
          placeholder={t("percent.allClasses")}
        />
      </Group>
      {reply.data && (
        <Alert color="blue" variant="light" data-testid="percent-rules">
          {rulesText()}
        </Alert>
      )}
      {body}
    </Stack>
  );
}
