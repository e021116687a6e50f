import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconUserMinus, IconUserPlus } from "@tabler/icons-react";
import { type HallStudent, hallStudents, removeHallStudent } from "@taleem/contract";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { formatDate, formatNumber } from "../../lib/format";
import { notify } from "../../lib/notify";
import { useAction, useActionQuery } from "../../lib/use-action";
import { useErrorText } from "../../ui/api-error";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { EmptyList, FailureState, LoadingState } from "../../ui/list-states";
import { useCan } from "../../ui/use-can";
import { AddStudentsDialog } from "./add-students-dialog";

/** One hall: how full it is, its students (added many at once, taken out one by one). */
export function HallPage() {
  const { t } = useTranslation(["halls", "admin"]);
  const id = Number(useParams().id);
  const can = useCan();
  const errorText = useErrorText();
  const reply = useActionQuery(hallStudents, { params: { id } });
  const remove = useAction(removeHallStudent);
  const [adding, setAdding] = useState(false);
  const [leaving, setLeaving] = useState<HallStudent | null>(null);
  const rows = reply.data?.rows ?? [];
  const inHall = useMemo(() => new Set(rows.map((r) => r.id)), [rows]);
  const mayEdit = can("halls", "edit");

  if (reply.isPending) return <LoadingState text={t("students.loading")} />;
  if (reply.isError) return <FailureState reason={errorText(reply.error)} onRetry={() => void reply.refetch()} />;
  const hall = reply.data.hall;
  const full = hall.studentCount >= hall.capacity;
  return (
    <Stack gap="sm" maw={720}>
      <Group justify="space-between" gap="xs">
        <Stack gap={0}>
          <Title order={2}>
            <bdi>{hall.name}</bdi>
          </Title>
          <Text size="sm" c="dimmed">
            {t(`hall.options.kind.${hall.kind}`)}
            {hall.wardenName && (
              <>
                {" · "}
                {t("students.warden")} <bdi>{hall.wardenName}</bdi>
              </>
            )}
          </Text>
        </Stack>
        <Badge size="lg" color={full ? "red" : "teal"} variant="light" data-testid="hall-fill">
          {t("students.fill", { count: formatNumber(hall.studentCount), capacity: formatNumber(hall.capacity) })}
        </Badge>
      </Group>
      {mayEdit && (
        <Button leftSection={<IconUserPlus size={18} />} onClick={() => setAdding(true)} disabled={full} style={{ alignSelf: "flex-start" }}>
          {t("students.add")}
        </Button>
      )}
      {rows.length === 0 ? (
        <EmptyList title={t("students.empty")} />
      ) : (
        <Stack gap={6}>
          {rows.map((s) => (
            <Paper key={s.id} withBorder p="xs" radius="md">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text fw={600} truncate>
                    <bdi>{s.name}</bdi>
                  </Text>
                  <Text size="xs" c="dimmed">
                    <bdi>{s.admissionNo}</bdi> · {t("students.since", { date: formatDate(s.since) })}
                  </Text>
                </Stack>
                {mayEdit && (
                  <ActionIcon variant="subtle" color="red" size="lg" aria-label={t("students.remove", { name: s.name })} onClick={() => setLeaving(s)}>
                    <IconUserMinus size={18} />
                  </ActionIcon>
                )}
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <AddStudentsDialog hall={hall} inHall={inHall} opened={adding} onClose={() => setAdding(false)} />
      <ConfirmDialog
        opened={!!leaving}
        title={t("students.removeTitle", { name: leaving?.name ?? "", hall: hall.name })}
        confirmLabel={t("students.removeConfirm")}
        onClose={() => setLeaving(null)}
        onConfirm={() =>
          leaving &&
          remove.mutate(
            { body: { id: hall.id, studentId: leaving.id } },
            {
              onSuccess: () => {
                notify.success(t("students.removed", { name: leaving.name, hall: hall.name }));
                setLeaving(null);
              },
              onError: (e) => notify.error(errorText(e)),
            },
          )
        }
      >
        <Text size="sm">{t("students.removeText")}</Text>
      </ConfirmDialog>
    </Stack>
  );
}
