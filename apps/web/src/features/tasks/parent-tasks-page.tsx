import { Anchor, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { IconCheck, IconPaperclip } from "@tabler/icons-react";
import { type ChildTask, childTasks, linkedChildren, tickTask } from "@taleem/contract";
import { useTranslation } from "react-i18next";
import { formatDate, formatNumber } from "../../lib/format";
import { notify } from "../../lib/notify";
import { useTeaches } from "../../lib/parent-access";
import { useAction, useActionQuery } from "../../lib/use-action";
import { useErrorText } from "../../ui/api-error";
import { ChildChooser, useChosenChild } from "../../ui/child-chooser";
import { EmptyList, FailureState, LoadingState } from "../../ui/list-states";
import { useReferenceName } from "../../ui/reference-name";
import { StatusBadge } from "./task-status";
import { TasksPage } from "./tasks-page";

/** The parent area's tasks: a family's child's tasks of today, or (a teacher) the tasks they set. */
export function ParentTasksPage() {
  return useTeaches() ? <TasksPage /> : <ChildTasksPage />;
}

function TaskCard({ task, studentId }: { task: ChildTask; studentId: number }) {
  const { t } = useTranslation("tasks");
  const typeName = useReferenceName("taskTypes");
  const tick = useAction(tickTask);
  const errorText = useErrorText();
  const open = task.status === null || task.status === "not_done";
  return (
    <Card withBorder radius="md" padding="sm" data-testid="child-task">
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Text fw={700} dir="auto">
              {task.title}
            </Text>
            <Text size="xs" c="dimmed">
              <bdi>{typeName({ name: task.typeName, builtinKey: task.typeKey })}</bdi> ·{" "}
              {task.repeat === "none" ? t("task.due", { date: formatDate(task.dueOn) }) : t("child.today")}
            </Text>
          </div>
          <StatusBadge status={task.status} />
        </Group>
        {task.instructions && (
          <Text size="sm" dir="auto" style={{ whiteSpace: "pre-wrap" }}>
            {task.instructions}
          </Text>
        )}
        {task.attachments.map((a, i) => (
          <Anchor key={a} href={a} target="_blank" rel="noopener" size="sm">
            <Group gap={4} wrap="nowrap">
              <IconPaperclip size={14} aria-hidden />
              {t("child.attachment", { n: formatNumber(i + 1) })}
            </Group>
          </Anchor>
        ))}
        {open && (
          <Button
            mt={4}
            leftSection={<IconCheck size={18} />}
            loading={tick.isPending}
            onClick={() =>
              tick.mutate(
                { body: { taskId: task.id, studentId, date: task.date } },
                { onSuccess: () => notify.success(t("child.ticked")), onError: (e) => notify.error(errorText(e)) },
              )
            }
          >
            {t("child.tick")}
          </Button>
        )}
      </Stack>
    </Card>
  );
}

/** The chosen child's tasks of today, each with a button to tick it done. */
function ChildTasksPage() {
  const { t } = useTranslation("tasks");
  const errorText = useErrorText();
  const list = useActionQuery(linkedChildren).data?.rows ?? [];
  const { chosen, choose } = useChosenChild(list);
  const query = useActionQuery(childTasks, { query: { student: chosen?.id ?? 0 } }, { enabled: !!chosen });
  return (
    <Stack gap="sm" maw={560}>
      <Title order={2}>{t("child.title")}</Title>
      {list.length !== 1 && <ChildChooser list={list} chosen={chosen} onChoose={choose} />}
      {chosen && (
        <>
          <Text c="dimmed" size="sm">
            <bdi>{chosen.name}</bdi> · {query.data ? t("child.pending", { count: query.data.pending, n: formatNumber(query.data.pending) }) : ""}
          </Text>
          {query.isPending && <LoadingState text={t("child.loading")} />}
          {query.isError && <FailureState reason={errorText(query.error)} onRetry={() => void query.refetch()} />}
          {query.data && !query.data.rows.length && <EmptyList title={t("child.none")} />}
          {query.data?.rows.map((task) => (
            <TaskCard key={`${task.id}-${task.date}`} task={task} studentId={chosen.id} />
          ))}
        </>
      )}
    </Stack>
  );
}
