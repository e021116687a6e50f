import { ActionIcon, Anchor, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { IconPlus, IconUserMinus } from "@tabler/icons-react";
import { bulkUpdateStudentGroup, removeFromStudentGroup, type StudentGroupRow, studentGroupMembers } from "@taleem/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatNumber } from "../../lib/format";
import { iso } from "../../lib/isolate";
import { notify } from "../../lib/notify";
import { useAction, useActionQuery } from "../../lib/use-action";
import { useErrorText } from "../../ui/api-error";
import { useAreaPath } from "../../ui/area-path";
import { EmptyList, FailureState, LoadingState } from "../../ui/list-states";
import { NativeName } from "../../ui/native-name";
import { StudentPicker } from "../../ui/student-picker";
import { useCan } from "../../ui/use-can";

/** A group's students: listed, added one by one (found by search), removed. */
export function GroupMembersDialog({ group, onClose }: { group: StudentGroupRow | null; onClose: () => void }) {
  const { t } = useTranslation(["students", "admin"]);
  const to = useAreaPath();
  const allowed = useCan();
  const errorText = useErrorText();
  const [adding, setAdding] = useState<string | null>(null);
  const id = group?.id ?? 0;
  // Each change refreshes the groups' counts (its declaration) and this list (every action reply).
  const members = useActionQuery(studentGroupMembers, { params: { id } }, { enabled: !!group });
  const addMember = useAction(bulkUpdateStudentGroup);
  const removeMember = useAction(removeFromStudentGroup);
  const add = (studentId: number) =>
    addMember.mutate(
      { body: { id, studentIds: [studentId] } },
      {
        onSuccess: () => {
          notify.success(t("students:groups.members.added"));
          setAdding(null);
        },
        onError: (e) => notify.error(errorText(e)),
      },
    );
  const remove = (studentId: number) =>
    removeMember.mutate(
      { body: { id, studentIds: [studentId] } },
      { onSuccess: () => notify.success(t("students:groups.members.removed")), onError: (e) => notify.error(errorText(e)) },
    );
  const rows = members.data?.rows ?? [];
  const mayEdit = allowed("students", "edit");
  return (
    <Modal opened={!!group} onClose={onClose} title={t("students:groups.members.title", { name: iso(group?.name) })} size="lg">
      <Stack gap="md">
        {mayEdit && (
          <Group align="flex-end" wrap="nowrap">
            <StudentPicker style={{ flex: 1 }} label={t("students:groups.members.add")} value={adding} onChange={setAdding} exclude={rows.map((r) => r.id)} />
            <Button leftSection={<IconPlus size={16} />} disabled={!adding} loading={addMember.isPending} onClick={() => adding && add(Number(adding))}>
              {t("students:groups.members.addButton")}
            </Button>
          </Group>
        )}
        {members.isPending ? (
          <LoadingState text={t("students:groups.members.loading")} />
        ) : members.isError ? (
          <FailureState reason={errorText(members.error)} onRetry={() => void members.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyList title={t("students:groups.members.empty")} />
        ) : (
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              {t("students:groups.members.count", { n: formatNumber(rows.length) })}
            </Text>
            {rows.map((s) => (
              <Group key={s.id} justify="space-between" wrap="nowrap">
                <Group gap="sm" wrap="nowrap">
                  <Text size="xs" c="dimmed" dir="ltr" w={80}>
                    {s.admissionNo}
                  </Text>
                  <Anchor component={Link} to={to(`students/${s.id}`)} size="sm">
                    <bdi>{s.name}</bdi>
                  </Anchor>
                  {s.nameNative && <NativeName value={s.nameNative} size="sm" c="dimmed" />}
                </Group>
                {mayEdit && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t("students:groups.members.remove", { name: s.name })}
                    loading={removeMember.isPending && removeMember.variables?.body?.studentIds?.[0] === s.id}
                    onClick={() => remove(s.id)}
                  >
                    <IconUserMinus size={16} />
                  </ActionIcon>
                )}
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
