import { Button, Card, Chip, Group, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { IconSend } from "@tabler/icons-react";
import { addDays, type TaskRow, type TaskTypeRow, taskResource, taskTypeResource } from "@taleem/contract";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { schoolDay } from "../../lib/format";
import { useAreaPath } from "../../ui/area-path";
import { ClassroomPicker } from "../../ui/classroom-picker";
import { useReferenceName } from "../../ui/reference-name";
import { useResourceList, useResourceMutations } from "../../ui/resource";
import { SchoolDateInput } from "../../ui/school-date-input";

function Step({ n, label, children }: { n: number; label: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="sm">
      <Text fw={700} size="sm" mb="xs" id={`set-task-step-${n}`}>
        <bdi>{n}.</bdi> {label}
      </Text>
      {children}
    </Card>
  );
}

/**
 * Setting a task on a phone in three taps: the classroom, the type, the title (due tomorrow
 * unless changed). Instructions are optional, typed in the teacher's own language.
 */
export function SetTaskPage() {
  const { t } = useTranslation("tasks");
  const typeName = useReferenceName("taskTypes");
  const navigate = useNavigate();
  const to = useAreaPath();
  const types = useResourceList<TaskTypeRow>(taskTypeResource, { status: "active", limit: 100 }).data?.rows ?? [];
  const { create } = useResourceMutations<TaskRow>(taskResource);
  const [classroomId, setClassroomId] = useState<string | null>(null);
  const [typeId, setTypeId] = useState<string | null>(null);
  const [title, setTitle] = useState("");
  const [instructions, setInstructions] = useState("");
  const [dueOn, setDueOn] = useState<string | null>(addDays(schoolDay(), 1));
  const ready = !!classroomId && !!typeId && title.trim() !== "" && !!dueOn;

  const send = () =>
    create.mutate(
      { title: title.trim(), taskTypeId: Number(typeId), classroomId: Number(classroomId), dueOn, instructions: instructions.trim() || null },
      { onSuccess: (reply) => navigate(to(`tasks/${reply.data.id}`)) },
    );

  return (
    <Stack gap="sm" maw={560}>
      <Title order={2}>{t("set.title")}</Title>
      <Step n={1} label={t("set.classroom")}>
        <ClassroomPicker aria-labelledby="set-task-step-1" value={classroomId} onChange={setClassroomId} />
      </Step>
      <Step n={2} label={t("set.type")}>
        <Chip.Group value={typeId} onChange={(v) => setTypeId(v as string)}>
          <Group gap={6} role="radiogroup" aria-labelledby="set-task-step-2">
            {types.map((ty) => (
              <Chip key={ty.id} value={String(ty.id)} radius="sm">
                <bdi>{typeName(ty)}</bdi>
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </Step>
      <Step n={3} label={t("set.what")}>
        <Stack gap="xs">
          <TextInput label={t("tasks.fields.title")} value={title} onChange={(e) => setTitle(e.currentTarget.value)} dir="auto" maxLength={200} required />
          <SchoolDateInput label={t("tasks.fields.dueOn")} value={dueOn} onChange={setDueOn} minDate={schoolDay()} required />
          <Textarea
            label={t("tasks.fields.instructions")}
            value={instructions}
            onChange={(e) => setInstructions(e.currentTarget.value)}
            dir="auto"
            autosize
            minRows={2}
            maxLength={4000}
          />
        </Stack>
      </Step>
      <Button size="md" leftSection={<IconSend size={18} />} disabled={!ready} loading={create.isPending} onClick={send}>
        {t("set.send")}
      </Button>
    </Stack>
  );
}
