import { Anchor, Badge, Card, Group, Loader, Stack, Text, ThemeIcon, Title, UnstyledButton } from "@mantine/core";
import { IconCalendarCheck, IconChecklist, IconChevronRight, IconNotebook, IconPencil, type IconProps } from "@tabler/icons-react";
import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDate, formatNumber } from "../../lib/format";
import mirror from "../../ui/mirror.module.css";
import touch from "../../ui/touch-target.module.css";
import { useCan } from "../../ui/use-can";
import { links, timeName } from "./teaching-links";
import { type MyClassesReply, useMyClasses } from "./use-my-classes";

interface Waiting {
  key: string;
  icon: ComponentType<IconProps>;
  title: string;
  text: string;
  to: string;
}

/** What waits for this person today, each a link to the screen that does it. */
function useWaiting(data: MyClassesReply | undefined): Waiting[] {
  const { t } = useTranslation("parent");
  const can = useCan();
  if (!data) return [];
  const registers = data.classrooms
    .filter((c) => c.register.waiting)
    .map((c) => ({
      key: `register-${c.classroomId}`,
      icon: IconCalendarCheck,
      title: t("teaching.register", { label: c.label }),
      text: `${c.courseName} · ${t("teaching.registerText", { n: formatNumber(c.students) })}`,
      to: can("attendance", "view") ? links.register(c.classroomId, data.date) : links.classes,
    }));
  const sittings = data.sittings
    .filter((s) => s.waiting)
    .map((s) => ({
      key: `sitting-${s.sessionId}`,
      icon: IconNotebook,
      title: t("teaching.sitting", { name: s.groupName ?? t("classes.sitting") }),
      text: s.startTime
        ? `${timeName(s.startTime)} · ${t("classes.seated", { n: formatNumber(s.seated) })}`
        : t("classes.seated", { n: formatNumber(s.seated) }),
      to: can("hifz", "view") ? links.sitting(s.sessionId) : links.classes,
    }));
  const marks = data.papers.map((p) => ({
    key: `marks-${p.examId}`,
    icon: IconPencil,
    title: t("teaching.marks", { subject: p.subjectName, label: p.classroomLabel }),
    text: `${p.courseName} · ${t("teaching.marksText", { exam: p.examName, n: formatNumber(p.missing) })}`,
    to: can("exams", "add") ? links.marks(p.examId) : links.classes,
  }));
  const checklists = data.checklists.map((c) => ({
    key: `checklist-${c.checklistId}`,
    icon: IconChecklist,
    title: t("teaching.checklist", { name: c.name }),
    text: c.sentBack ? t("classes.sentBack") : t("teaching.checklistText", { date: formatDate(c.endDate) }),
    to: links.checklists,
  }));
  return [...registers, ...sittings, ...marks, ...checklists];
}

function WaitingRow({ item }: { item: Waiting }) {
  return (
    <UnstyledButton component={Link} to={item.to} style={{ borderRadius: "var(--mantine-radius-md)" }} data-testid="waiting-item">
      <Group wrap="nowrap" gap="sm" py={6}>
        <ThemeIcon variant="light" color="orange" radius="xl" size={36}>
          <item.icon size={20} />
        </ThemeIcon>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={600}>
            <bdi>{item.title}</bdi>
          </Text>
          <Text size="xs" c="dimmed">
            {item.text}
          </Text>
        </div>
        <IconChevronRight size={16} className={mirror.mirror} aria-hidden />
      </Group>
    </UnstyledButton>
  );
}

/** "Waiting for you" on the home for a profile that teaches: registers not taken, sittings not logged, marks not entered, checklists due. */
export function TeacherToday() {
  const { t } = useTranslation("parent");
  const query = useMyClasses();
  const items = useWaiting(query.data?.reply);
  // Offline with nothing kept, or refused: the home's other cards still stand.
  if (!query.data && !query.isPending) return null;
  return (
    <section aria-labelledby="teacher-today" data-testid="teacher-today">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={3} size="h4" id="teacher-today">
          {t("teaching.title")}
        </Title>
        {items.length > 0 && (
          <Badge color="orange.9" size="lg" circle aria-label={t("teaching.count", { n: formatNumber(items.length) })}>
            {formatNumber(items.length)}
          </Badge>
        )}
      </Group>
      <Card withBorder radius="md" padding="sm">
        {query.isPending ? (
          <Group justify="center" py="sm" role="status" aria-label={t("classes.loading")}>
            <Loader size="sm" />
          </Group>
        ) : (
          <Stack gap={2}>
            {items.length ? (
              items.map((item) => <WaitingRow key={item.key} item={item} />)
            ) : (
              <Text size="sm" c="dimmed" py={6}>
                {t("teaching.nothing")}
              </Text>
            )}
            <Anchor component={Link} to={links.classes} size="sm" className={touch.target}>
              {t("teaching.seeAll")}
            </Anchor>
          </Stack>
        )}
      </Card>
    </section>
  );
}
