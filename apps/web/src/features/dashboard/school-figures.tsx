import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import {
  type Icon,
  IconAlarm,
  IconBook2,
  IconCash,
  IconCertificate,
  IconChecklist,
  IconClipboardCheck,
  IconClipboardList,
  IconFileDescription,
  IconMoon,
  IconSchool,
  IconUserCheck,
  IconUserExclamation,
  IconUserQuestion,
  IconUserX,
} from "@tabler/icons-react";
import { type SchoolDashboard, type SchoolDashboardQuery, schoolDashboard } from "@taleem/contract";
import { keepPreviousData } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDate, formatNumber } from "../../lib/format";
import { useActionQuery } from "../../lib/use-action";
import { useErrorText } from "../../ui/api-error";
import { useAreaPath } from "../../ui/area-path";
import { chartFigure, DayBars } from "../../ui/charts/day-bars";
import { FailureState, LoadingState } from "../../ui/list-states";
import { formatMinor } from "../../ui/resource";
import { FigureCard } from "./figure-card";

/** A list's address with the filters that apply to it (empty ones left out). */
export const withQuery = (path: string, q: Record<string, string | number | undefined | null>) => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== null && v !== "") params.set(k, String(v));
  const s = params.toString();
  return s ? `${path}?${s}` : path;
};

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`dash-${id}`}>
      <Title order={3} size="h4" id={`dash-${id}`} mb="sm">
        {title}
      </Title>
      {children}
    </section>
  );
}

const n = (v: number) => formatNumber(v);

/** One figure card's content; `id` names its test id (`figure-<id>`). */
interface Figure {
  id: string;
  label: string;
  value: ReactNode;
  sub?: ReactNode;
  icon: Icon;
  color?: string;
  to: string;
}

function FigureCards({ figures }: { figures: Figure[] }) {
  return figures.map((f) => (
    <FigureCard key={f.id} testId={`figure-${f.id}`} label={f.label} value={f.value} sub={f.sub} icon={<f.icon size={22} />} color={f.color} to={f.to} />
  ));
}

/** The school's figures for the filters, each linked to the list behind it. */
export function SchoolFigures({ query }: { query: SchoolDashboardQuery }) {
  const { t } = useTranslation(["dashboard", "students"]);
  const errorText = useErrorText();
  const dash = useActionQuery(schoolDashboard, { query }, { placeholderData: keepPreviousData });
  if (dash.isPending) return <LoadingState text={t("loading")} />;
  if (dash.isError && !dash.data) return <FailureState reason={errorText(dash.error)} onRetry={() => void dash.refetch()} />;
  const d = dash.data!.data;
  return (
    <Stack gap="lg" data-testid="school-figures" aria-busy={dash.isFetching}>
      {/* Isolated: a sentence that starts with a date reads back to front in an English page laid out right to left (/rtl). */}
      <Text size="sm" c="dimmed" data-testid="figures-range">
        <bdi>{t("range", { from: formatDate(d.from), to: formatDate(d.to) })}</bdi>
      </Text>
      {d.students && <StudentsBlock students={d.students} />}
      {d.attendance && <AttendanceBlock d={d} attendance={d.attendance} />}
      <OfficeBlock d={d} />
    </Stack>
  );
}

function StudentsBlock({ students }: { students: NonNullable<SchoolDashboard["students"]> }) {
  const { t } = useTranslation(["dashboard", "students"]);
  const to = useAreaPath();
  return (
    <Section id="students" title={t("sections.students")}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <FigureCard
          testId="figure-students"
          label={t("students.total")}
          value={n(students.total)}
          icon={<IconSchool size={22} />}
          to={to(withQuery("students", {}))}
          sub={
            <Group gap={6} component="span" mt={4}>
              {students.byStatus.map((s) => (
                <Badge key={s.status} variant="outline" tt="none" color={s.status === "active" ? "teal.9" : "gray.7"} component="span">
                  {t(`students:options.status.${s.status}`, { defaultValue: s.status })} {n(s.count)}
                </Badge>
              ))}
            </Group>
          }
        />
        <Paper withBorder radius="md" p="md">
          <Text size="xs" c="dimmed" fw={600} mb={6}>
            {t("students.byClass")}
          </Text>
          {students.byClass.length ? (
            <Group gap="xs" data-testid="students-by-class">
              {students.byClass.map((c) => (
                <Anchor key={c.classroomId} component={Link} to={to(`classrooms/${c.classroomId}`)} size="sm">
                  <Badge variant="outline" tt="none" size="lg" style={{ cursor: "pointer" }} component="span">
                    <bdi>{c.label}</bdi> · {n(c.count)}
                  </Badge>
                </Anchor>
              ))}
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              {t("students.noClasses")}
            </Text>
          )}
        </Paper>
      </SimpleGrid>
    </Section>
  );
}

function AttendanceBlock({ d, attendance: a }: { d: SchoolDashboard; attendance: NonNullable<SchoolDashboard["attendance"]> }) {
  const { t } = useTranslation("dashboard");
  const to = useAreaPath();
  const today = to(withQuery("attendance-today", { date: d.today }));
  return (
    <Section id="attendance" title={t("sections.attendance")}>
      {!a.workingDay && (
        <Text size="sm" c="dimmed" mb="xs">
          {t("attendance.dayOff")}
        </Text>
      )}
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
        <FigureCards
          figures={[
            {
              id: "present",
              label: t("attendance.present"),
              value: n(a.present),
              sub: t("attendance.expected", { n: n(a.expected) }),
              icon: IconUserCheck,
              color: "teal",
              to: today,
            },
            { id: "absent", label: t("attendance.absent"), value: n(a.absent), icon: IconUserX, color: "red", to: today },
            { id: "not-marked", label: t("attendance.notMarked"), value: n(a.notMarked), icon: IconUserQuestion, color: "gray", to: today },
            {
              id: "registers",
              label: t("attendance.registersNotTaken"),
              value: a.registersNotTaken === null ? "—" : n(a.registersNotTaken),
              sub: t("attendance.registersOf", { n: n(a.registers) }),
              icon: IconClipboardCheck,
              color: "orange",
              to: today,
            },
          ]}
        />
      </SimpleGrid>
      <Paper withBorder radius="md" p="md" mt="md">
        <Group justify="space-between" mb="xs" wrap="wrap">
          <Text fw={600} size="sm" id="dash-trend">
            {t("sections.trend")}
          </Text>
          <Anchor component={Link} to={to(withQuery("attendance-percentages", { from: d.from, to: d.to }))} size="sm">
            {t("attendance.trendLabel")}
          </Anchor>
        </Group>
        <div style={{ overflowX: "auto" }}>
          <div style={{ minWidth: Math.max(280, a.trend.length * 16) }}>
            <DayBars
              testId="attendance-trend"
              days={a.trend.map((day) => ({ date: day.date, value: day.marked ? day.percent : null }))}
              label={t("attendance.trendLabel")}
              valueLabel={t("attendance.present")}
              dayLabel={t("attendance.day")}
              height={110}
            />
          </div>
        </div>
      </Paper>
    </Section>
  );
}

/** Prayers, memorisation, exams, fees, admissions and staff: what the role may view of them. */
function OfficeBlock({ d }: { d: SchoolDashboard }) {
  const { t } = useTranslation("dashboard");
  const to = useAreaPath();
  const money = (minor: number) => <bdi dir="ltr">{formatMinor(minor, d.fees?.currency)}</bdi>;
  const hafiz = to(withQuery("hafiz", { status: "active", courseId: d.courseId }));
  const figures: Figure[] = [
    ...(d.prayers
      ? [
          {
            id: "prayers",
            label: t("sections.prayers"),
            value: n(d.prayers.studentsLogged),
            sub: `${t("prayers.prayed")} ${n(d.prayers.prayed)} · ${t("prayers.missed")} ${n(d.prayers.missed)}`,
            icon: IconMoon,
            color: "indigo",
            to: to("salaah"),
          },
        ]
      : []),
    ...(d.hifz
      ? [
          {
            id: "hifz-pages",
            label: t("hifz.pages"),
            value: formatNumber(d.hifz.pages, { maximumFractionDigits: 1 }),
            sub: t("hifz.huffaz", { n: n(d.hifz.students) }),
            icon: IconBook2,
            color: "green",
            to: hafiz,
          },
          { id: "hifz-behind", label: t("hifz.behind"), value: n(d.hifz.behindTarget), sub: t("hifz.pagesHint"), icon: IconAlarm, color: "orange", to: hafiz },
        ]
      : []),
    ...(d.exams
      ? [
          {
            id: "exams-running",
            label: t("exams.inProgress"),
            value: n(d.exams.inProgress.length),
            sub: d.exams.inProgress.length ? d.exams.inProgress.map((e) => e.name).join(", ") : t("exams.none"),
            icon: IconClipboardList,
            color: "grape",
            to: to(withQuery("exams/masters", { batchId: d.batchId })),
          },
          {
            id: "exams-published",
            label: t("exams.published"),
            value: n(d.exams.setsPublished),
            sub: t("exams.unpublished", { n: n(d.exams.setsUnpublished) }),
            icon: IconCertificate,
            color: "grape",
            to: to(withQuery("exams/sets", { batchId: d.batchId })),
          },
        ]
      : []),
    ...(d.fees
      ? [
          {
            id: "fees-collected",
            label: t("fees.collected"),
            value: money(d.fees.paid),
            sub: (
              <>
                {t("fees.ofDue", { due: formatMinor(d.fees.due, d.fees.currency) })} · {chartFigure(d.fees.rate)}
              </>
            ),
            icon: IconCash,
            color: "teal",
            to: to(withQuery("fees/dashboard", { batchId: d.batchId, courseId: d.courseId, from: d.from, to: d.to })),
          },
          {
            id: "fees-overdue",
            label: t("fees.overdue"),
            value: money(d.fees.overdue),
            sub: t("fees.overdueStudents", { n: n(d.fees.overdueStudents) }),
            icon: IconUserExclamation,
            color: "red",
            to: to(withQuery("fees/defaulters", { batchId: d.batchId, courseId: d.courseId })),
          },
        ]
      : []),
    ...(d.admissions
      ? [
          {
            id: "admissions",
            label: t("office.admissions"),
            value: n(d.admissions.pending),
            icon: IconFileDescription,
            to: to(withQuery("admissions", { status: "pending" })),
          },
        ]
      : []),
    ...(d.staff
      ? [
          {
            id: "staff",
            label: t("office.staff"),
            value: n(d.staff.in),
            sub: t("office.stillIn", { n: n(d.staff.stillIn) }),
            icon: IconChecklist,
            color: "cyan",
            to: to("attendance-today"),
          },
        ]
      : []),
  ];
  if (!figures.length) return null;
  return (
    <Section id="office" title={t("sections.office")}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md">
        <FigureCards figures={figures} />
      </SimpleGrid>
    </Section>
  );
}
