import { Alert, Stack, Text, Title } from "@mantine/core";
import { IconCalendarOff, IconChalkboard, IconWifiOff } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ClassList } from "../../features/teaching/class-list";
import { ChecklistCard, ClassroomCard, GroupCard, HourCard, PaperCard, SittingCard } from "../../features/teaching/teaching-cards";
import { dayName } from "../../features/teaching/teaching-links";
import { type MyClassesReply, useMyClasses } from "../../features/teaching/use-my-classes";
import { WeekDayCard, type WeekItem } from "../../features/teaching/week-card";
import { formatDate } from "../../lib/format";
import { useErrorText } from "../../ui/api-error";
import { EmptyList, FailureState, LoadingState } from "../../ui/list-states";

function Section({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Title order={3} size="h4" id={id} mb="xs">
        {title}
      </Title>
      <Stack gap="sm">{children}</Stack>
    </section>
  );
}

/** The coming days' hours and sittings, day by day in time order. */
function byDay(data: MyClassesReply) {
  const later = (d: string) => d > data.date;
  const days = [...new Set([...data.hours.map((h) => h.date), ...data.sittings.map((s) => s.date)].filter(later))].sort();
  return days.map((date) => {
    const items: WeekItem[] = [
      ...data.hours.filter((h) => h.date === date).map((hour) => ({ kind: "hour" as const, at: hour.startTime, hour })),
      ...data.sittings.filter((s) => s.date === date).map((sitting) => ({ kind: "sitting" as const, at: sitting.startTime ?? "", sitting })),
    ].sort((a, b) => a.at.localeCompare(b.at));
    return { date, items };
  });
}

function MyClasses() {
  const { t } = useTranslation("parent");
  const errorText = useErrorText();
  const query = useMyClasses();
  const data = query.data?.reply;
  const keptOn = query.data?.keptOn;
  if (query.isPending) return <LoadingState text={t("classes.loading")} />;
  if (!data) return <FailureState reason={query.error ? errorText(query.error) : undefined} onRetry={() => void query.refetch()} />;
  const nothing = !data.classrooms.length && !data.hours.length && !data.groups.length && !data.sittings.length && !data.papers.length;
  if (nothing && !data.checklists.length)
    return <EmptyList icon={<IconChalkboard size={32} stroke={1.5} />} title={t("classes.emptyTitle")} description={t("classes.emptyText")} />;

  const todayHours = data.hours.filter((h) => h.date === data.date);
  const todaySittings = data.sittings.filter((s) => s.date === data.date);
  const week = byDay(data);
  return (
    <Stack gap="lg">
      {keptOn && (
        <Alert variant="light" color="gray" icon={<IconWifiOff size={18} />} data-testid="classes-kept">
          {t("classes.keptOn", { date: formatDate(keptOn) })}
        </Alert>
      )}
      <Section
        id="classes-today"
        title={
          <>
            {t("classes.today")}
            <Text span c="dimmed" fw={400} size="sm" ms="xs">
              {dayName(data.date)}
            </Text>
          </>
        }
      >
        {!data.workingDay && (
          <Alert variant="light" color="gray" icon={<IconCalendarOff size={18} />}>
            {t("classes.dayOff")}
          </Alert>
        )}
        {data.classrooms.map((room) => (
          <ClassroomCard key={room.classroomId} room={room} date={data.date} firstPaper={data.papers.find((p) => p.classroomId === room.classroomId)} />
        ))}
        {todaySittings.map((s) => (
          <SittingCard key={s.sessionId} sitting={s} today />
        ))}
        {todayHours.map((h) => (
          <HourCard key={`${h.hourId}-${h.date}`} hour={h} today />
        ))}
        {!data.classrooms.length && !todaySittings.length && !todayHours.length && (
          <Text size="sm" c="dimmed">
            {t("classes.nothingToday")}
          </Text>
        )}
      </Section>

      {(data.papers.length > 0 || data.checklists.length > 0) && (
        <Section id="classes-due" title={t("classes.due")}>
          {data.papers.map((p) => (
            <PaperCard key={p.examId} paper={p} />
          ))}
          {data.checklists.map((c) => (
            <ChecklistCard key={c.checklistId} checklist={c} />
          ))}
        </Section>
      )}

      {week.length > 0 && (
        <Section id="classes-week" title={t("classes.thisWeek")}>
          {week.map(({ date, items }) => (
            <WeekDayCard key={date} date={date} items={items} />
          ))}
        </Section>
      )}

      {data.groups.length > 0 && (
        <Section id="classes-halqas" title={t("classes.halqas")}>
          {data.groups.map((g) => (
            <GroupCard key={g.groupId} group={g} />
          ))}
        </Section>
      )}
    </Stack>
  );
}

/**
 * A teacher's or Muawin's classes: today first (each classroom with its register, today's hours
 * and sittings), then what is due, the coming days and the halqas they lead; every action opens
 * the real screen as the role allows. `?classroom=` shows that classroom's class list.
 */
export function MyClassesPage() {
  const { t } = useTranslation("parent");
  const [search] = useSearchParams();
  const classroom = Number(search.get("classroom")) || null;
  if (classroom) return <ClassList classroomId={classroom} />;
  return (
    <Stack gap="md" maw={560}>
      <Title order={2}>{t("classes.title")}</Title>
      <MyClasses />
    </Stack>
  );
}
