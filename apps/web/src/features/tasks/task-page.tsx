import { Badge, Button, Card, Group, NumberInput, SegmentedControl, Select, Stack, Text, Title } from "@mantine/core";
import { IconDeviceFloppy } from "@tabler/icons-react";
import { markTask, TaskLogStatus as Statuses, type TaskChild, type TaskLogStatus, taskChildren } from "@taleem/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { formatDate, formatNumber } from "../../lib/format";
import { notify } from "../../lib/notify";
import { useAction, useActionQuery } from "../../lib/use-action";
import { useErrorText } from "../../ui/api-error";
import { FailureState, LoadingState } from "../../ui/list-states";
import { useCan } from "../../ui/use-can";
import { StatusBadge } from "./task-status";

type Mark = { status: TaskLogStatus; mark: number | null };

/**
 * One task: whom it reaches, who has done it and who has not (on one of its days), and the
 * teacher's marking of each child, saved in one call.
 */
export function TaskPage() {
  const { t } = useTranslation("tasks");
  const id = Number(useParams().id);
  const [date, setDate] = useState<string | undefined>();
  const query = useActionQuery(taskChildren, { params: { id }, query: date ? { date } : {} });
  const save = useAction(markTask);
  const errorText = useErrorText();
  const can = useCan();
  const [marks, setMarks] = useState<Record<number, Mark>>({});
  if (query.isPending) return <LoadingState text={t("task.loading")} />;
  if (query.isError) return <FailureState reason={errorText(query.error)} onRetry={() => void query.refetch()} />;
  const { task, rows, done, notDone, dates } = query.data;
  const changed = Object.keys(marks).length;
  const markOf = (c: TaskChild): Mark => marks[c.studentId] ?? { status: c.status ?? "not_done", mark: c.mark };
  const change = (c: TaskChild, patch: Partial<Mark>) => setMarks((m) => ({ ...m, [c.studentId]: { ...markOf(c), ...patch } }));
  const submit = () =>
    save.mutate(
      { body: { taskId: id, date: query.data.date, entries: Object.entries(marks).map(([studentId, m]) => ({ studentId: Number(studentId), ...m })) } },
      {
        onSuccess: () => {
          setMarks({});
          notify.success(t("task.saved"));
        },
        onError: (e) => notify.error(errorText(e)),
      },
    );

  return (
    <Stack gap="sm" maw={720}>
      <div>
        <Title order={2} dir="auto">
          {task.title}
        </Title>
        <Text size="sm" c="dimmed">
          <bdi>{task.typeName}</bdi> · <bdi>{task.targetName}</bdi> · {t("task.due", { date: formatDate(task.dueOn) })}
        </Text>
        {task.instructions && (
          <Text size="sm" mt={4} dir="auto" style={{ whiteSpace: "pre-wrap" }}>
            {task.instructions}
          </Text>
        )}
      </div>
      {dates.length > 1 && (
        <Select
          label={t("task.day")}
          data={dates.map((d) => ({ value: d, label: formatDate(d) }))}
          value={query.data.date}
          onChange={(v) => {
            setMarks({});
            setDate(v ?? undefined);
          }}
          allowDeselect={false}
          maw={240}
        />
      )}
      <Group gap="xs" data-testid="task-counts">
        <Badge color="teal" variant="light">
          {t("task.doneCount", { count: done, n: formatNumber(done) })}
        </Badge>
        <Badge color="red" variant="light">
          {t("task.notDoneCount", { count: notDone, n: formatNumber(notDone) })}
        </Badge>
      </Group>
      {rows.length === 0 && <Text c="dimmed">{t("task.nobody")}</Text>}
      <Stack gap={6}>
        {rows.map((c) => (
          <Card key={c.studentId} withBorder radius="md" padding="xs" data-testid="task-child">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Text fw={600}>
                  <bdi>{c.name}</bdi>
                </Text>
                <StatusBadge status={c.status} />
              </div>
              {can("tasks", "add") && (
                <Group gap={6} wrap="nowrap">
                  <SegmentedControl
                    size="xs"
                    value={marks[c.studentId]?.status ?? c.status ?? ""}
                    onChange={(v) => change(c, { status: v as TaskLogStatus })}
                    data={Statuses.options.map((s) => ({ value: s, label: t(`logs.options.status.${s}`) }))}
                    aria-label={t("logs.fields.status")}
                  />
                  <NumberInput
                    size="xs"
                    w={72}
                    min={0}
                    max={1000}
                    value={markOf(c).mark ?? ""}
                    onChange={(v) => change(c, { mark: typeof v === "number" ? v : null })}
                    aria-label={t("logs.fields.mark")}
                    placeholder={t("logs.fields.mark")}
                  />
                </Group>
              )}
            </Group>
          </Card>
        ))}
      </Stack>
      {can("tasks", "add") && rows.length > 0 && (
        <Button leftSection={<IconDeviceFloppy size={18} />} disabled={!changed} loading={save.isPending} onClick={submit}>
          {t("task.save", { count: changed })}
        </Button>
      )}
    </Stack>
  );
}
