import { Accordion, Badge, Group, Progress, Stack, Text } from "@mantine/core";
import type { LessonStatus, SubjectProgress } from "@taleem/contract";
import { useTranslation } from "react-i18next";
import { formatDate, formatNumber } from "../../lib/format";
import { EmptyList } from "../../ui/list-states";

const STATUS_COLOR: Record<LessonStatus, string> = { completed: "teal", started: "blue", continued: "indigo", not_started: "gray" };

/** Behind or ahead of the planned week, in words; nothing without planned weeks. */
function PlanBadge({ s }: { s: SubjectProgress }) {
  const { t } = useTranslation("lessons");
  if (s.behind === null) return null;
  if (s.behind > 0)
    return (
      <Badge color="red.9" style={{ flexShrink: 0 }}>
        {t("progress.behind", { n: formatNumber(s.behind) })}
      </Badge>
    );
  if (s.behind < 0)
    return (
      <Badge color="teal" variant="outline">
        {t("progress.ahead", { n: formatNumber(-s.behind) })}
      </Badge>
    );
  return (
    <Badge variant="outline" style={{ flexShrink: 0 }}>
      {t("progress.onPlan")}
    </Badge>
  );
}

/**
 * A classroom's progress per subject: a bar of lessons completed of planned, and, opened, each
 * lesson in order with its status and the days it was taught, by whom.
 */
export function ProgressView({ subjects }: { subjects: SubjectProgress[] }) {
  const { t } = useTranslation("lessons");
  if (!subjects.length) return <EmptyList title={t("progress.emptyTitle")} description={t("progress.emptyText")} />;
  return (
    <Accordion variant="separated" radius="md" multiple>
      {subjects.map((s) => (
        <Accordion.Item key={s.subjectId} value={String(s.subjectId)}>
          <Accordion.Control>
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap">
                <Text fw={700}>
                  <bdi>{s.subjectName}</bdi>
                </Text>
                <PlanBadge s={s} />
              </Group>
              <Progress value={s.percent} size="lg" radius="xl" aria-label={s.subjectName} />
              <Text size="sm" c="dimmed">
                {t("progress.done", { completed: formatNumber(s.completed), planned: formatNumber(s.planned), percent: formatNumber(s.percent) })}
              </Text>
            </Stack>
          </Accordion.Control>
          <Accordion.Panel>
            <Stack gap="xs">
              {s.lessons.map((l) => (
                <div key={l.id}>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text size="sm" fw={600}>
                      <bdi>{formatNumber(l.order)}</bdi>. <bdi>{l.title}</bdi>
                    </Text>
                    <Badge color={STATUS_COLOR[l.status]} variant={l.status === "not_started" ? "outline" : "light"} style={{ flexShrink: 0 }}>
                      {t(`status.${l.status}`)}
                      {l.status !== "completed" && l.percent > 0 ? ` · ${formatNumber(l.percent)}%` : ""}
                    </Badge>
                  </Group>
                  {l.logs.map((g) => (
                    <Text key={g.id} size="xs" c="dimmed">
                      {formatDate(g.date)} · <bdi>{g.teacherName}</bdi> · {t(`progressWord.${g.progress}`)}
                      {g.note ? ` · ${g.note}` : ""}
                    </Text>
                  ))}
                </div>
              ))}
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
