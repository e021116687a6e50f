import { Anchor, Avatar, Badge, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { IconArrowLeft, IconBook2, IconCash, IconChecklist, IconMoon, IconUserCheck } from "@tabler/icons-react";
import { studentDashboard } from "@taleem/contract";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { formatDate, formatNumber } from "../../lib/format";
import { useActionQuery } from "../../lib/use-action";
import { useErrorText } from "../../ui/api-error";
import { useAreaPath } from "../../ui/area-path";
import { chartFigure } from "../../ui/charts/day-bars";
import { EmptyList, FailureState, LoadingState } from "../../ui/list-states";
import mirror from "../../ui/mirror.module.css";
import { formatMinor } from "../../ui/resource";
import { FigureCard } from "./figure-card";

function Block({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Title order={3} size="h5" mb="xs">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** One child's year in one page for the office: attendance, prayers, memorisation, results, fees and tasks. */
export function StudentDashboardPage() {
  const { t } = useTranslation(["dashboard", "exams"]);
  const { id } = useParams();
  const to = useAreaPath();
  const errorText = useErrorText();
  const dash = useActionQuery(studentDashboard, { query: { student: Number(id) } }, { enabled: Number(id) > 0 });
  if (dash.isPending) return <LoadingState text={t("loading")} />;
  if (dash.isError) return <FailureState reason={errorText(dash.error)} onRetry={() => void dash.refetch()} />;
  const d = dash.data.data;
  const n = (v: number) => formatNumber(v);
  const money = (minor: number) => <bdi dir="ltr">{formatMinor(minor, d.fees?.currency)}</bdi>;
  return (
    <Stack gap="lg" data-testid="student-dashboard">
      <Anchor component={Link} to={to(`students/${d.student.id}`)} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} className={mirror.mirror} aria-hidden />
          {t("student.back")}
        </Group>
      </Anchor>
      <Group gap="md" wrap="nowrap">
        <Avatar src={d.student.photo ?? undefined} size={56} radius="xl" alt="" />
        <div style={{ minWidth: 0 }}>
          <Title order={2}>
            <bdi>{d.student.name}</bdi>
          </Title>
          <Group gap="xs">
            {d.student.nameNative && (
              <Text c="dimmed">
                <bdi>{d.student.nameNative}</bdi>
              </Text>
            )}
            <Badge variant="outline" tt="none" dir="ltr">
              {d.student.admissionNo}
            </Badge>
            {d.student.classroomLabel && (
              <Badge variant="outline" tt="none" color="indigo.9">
                <bdi>{d.student.classroomLabel}</bdi>
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {t("student.title")} · {t("student.year", { from: formatDate(d.from), to: formatDate(d.to) })}
          </Text>
        </div>
      </Group>

      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        {d.attendance && (
          <FigureCard
            testId="student-attendance"
            label={t("student.attendance")}
            value={chartFigure(d.attendance.presentPercent)}
            sub={`${t("student.presentDays", { present: n(d.attendance.present), marked: n(d.attendance.marked) })} · ${t("student.absentDays", { n: n(d.attendance.absent) })}`}
            icon={<IconUserCheck size={22} />}
            color="teal"
            to={to(`attendance-student?studentId=${d.student.id}`)}
          />
        )}
        {d.prayers && (
          <FigureCard
            testId="student-prayers"
            label={t("student.prayers")}
            value={chartFigure(d.prayers.percent)}
            sub={t("student.prayedOf", { prayed: n(d.prayers.prayed), missed: n(d.prayers.missed) })}
            icon={<IconMoon size={22} />}
            color="indigo"
            to={to("salaah")}
          />
        )}
        {d.tasks && (
          <FigureCard
            testId="student-tasks"
            label={t("student.tasks")}
            value={t("student.tasksDone", { done: n(d.tasks.done), set: n(d.tasks.set) })}
            icon={<IconChecklist size={22} />}
            color="cyan"
            to={to("task-logs")}
          />
        )}
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {d.hifz && (
          <Block title={t("student.hifz")} testId="student-hifz">
            {d.hifz.enrolled ? (
              <Stack gap={4}>
                <Group gap="xs">
                  <IconBook2 size={18} aria-hidden />
                  <Text fw={700} fz="xl">
                    {formatNumber(d.hifz.memorisedPages, { maximumFractionDigits: 1 })}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t("student.memorised")}
                  </Text>
                  {d.hifz.behindTarget !== null && (
                    <Badge color={d.hifz.behindTarget ? "red.9" : "teal.9"} variant="outline" tt="none">
                      {d.hifz.behindTarget ? t("student.behind") : t("student.onTrack")}
                    </Badge>
                  )}
                </Group>
                <Text size="sm">{t("student.thisMonth", { n: formatNumber(d.hifz.pagesThisMonth, { maximumFractionDigits: 1 }) })}</Text>
                {d.hifz.position && (
                  <Text size="sm">
                    {t("student.position")}: <bdi dir="ltr">{d.hifz.position}</bdi>
                  </Text>
                )}
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                {t("student.notEnrolled")}
              </Text>
            )}
          </Block>
        )}
        {d.fees && (
          <Block title={t("student.fees")} testId="student-fees">
            <Group gap="xs" mb={6}>
              <IconCash size={18} aria-hidden />
              <Anchor component={Link} to={to(`fees/student/${d.student.id}`)} size="sm">
                {t("student.balance")}: {money(d.fees.balance)}
              </Anchor>
            </Group>
            <SimpleGrid cols={3} spacing="xs">
              {(
                [
                  ["due", d.fees.due],
                  ["paid", d.fees.paid],
                  ["overdue", d.fees.overdue],
                ] as const
              ).map(([k, v]) => (
                <div key={k}>
                  <Text size="xs" c="dimmed">
                    {t(`student.${k}`)}
                  </Text>
                  <Text fw={600} c={k === "overdue" && v > 0 ? "red.8" : undefined}>
                    {money(v)}
                  </Text>
                </div>
              ))}
            </SimpleGrid>
          </Block>
        )}
      </SimpleGrid>

      {d.results && (
        <Block title={t("student.results")} testId="student-results">
          {d.results.length ? (
            <Table.ScrollContainer minWidth={420}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("student.exam")}</Table.Th>
                    <Table.Th>{t("student.subject")}</Table.Th>
                    <Table.Th>{t("student.marks")}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {d.results.map((r) => (
                    <Table.Tr key={r.examId}>
                      <Table.Td>
                        <bdi>{r.examName}</bdi>
                      </Table.Td>
                      <Table.Td>
                        <bdi>{r.subject}</bdi>
                      </Table.Td>
                      <Table.Td>
                        <bdi dir="ltr">
                          {r.marks === null
                            ? t(`exams:status.${r.status}`, { defaultValue: r.status })
                            : `${formatNumber(r.marks)} / ${formatNumber(r.maxMarks)}`}
                        </bdi>
                      </Table.Td>
                      <Table.Td>
                        <Badge variant="outline" tt="none" color={r.published ? "teal.9" : "gray.7"}>
                          {r.published ? t("student.published") : t("student.unpublished")}
                        </Badge>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ) : (
            <EmptyList title={t("student.noResults")} />
          )}
        </Block>
      )}
    </Stack>
  );
}
