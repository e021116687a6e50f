import { Badge, Button, Divider, Group, Modal, MultiSelect, ScrollArea, Select, Stack, Text, TextInput, UnstyledButton } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { chatContacts, openChatRoom } from "@taleem/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { notify } from "../../../lib/notify";
import { useAction, useActionQuery } from "../../../lib/use-action";
import { useClassrooms } from "../../../lib/use-classrooms";
import { useErrorText } from "../../../ui/api-error";
import { useCan } from "../../../ui/use-can";

type Body = { kind: "direct"; userId: number } | { kind: "classroom"; classroomId: number } | { kind: "staff"; name: string; userIds: number[] };

/**
 * Whom to write to: a person (direct), and for staff a class's parents or a staff group. The
 * server decides who may talk to whom; this only offers what it lists.
 */
export function NewChatDialog({
  opened,
  onClose,
  onOpened,
  refreshRooms,
}: {
  opened: boolean;
  onClose: () => void;
  onOpened: (roomId: number) => void;
  refreshRooms: () => Promise<void>;
}) {
  const { t } = useTranslation("chat");
  const text = useErrorText();
  const can = useCan();
  const [q, setQ] = useState("");
  const [search] = useDebouncedValue(q, 250);
  const contacts = useActionQuery(chatContacts, { query: search ? { q: search } : {} }, { enabled: opened });
  const staffAll = contacts.data?.people.filter((p) => p.staff) ?? [];
  const isStaff = contacts.data?.staff === true;
  const classrooms = useClassrooms(opened && can("academics", "view"));
  const [classroomId, setClassroomId] = useState<string | null>(null);
  const [groupName, setGroupName] = useState("");
  const [members, setMembers] = useState<string[]>([]);
  const openRoom = useAction(openChatRoom);

  const start = (body: Body) =>
    openRoom.mutate(
      { body },
      {
        onSuccess: async (reply) => {
          await refreshRooms();
          onOpened(reply.data.id);
          onClose();
        },
        onError: (e) => notify.error(text(e)),
      },
    );

  return (
    <Modal opened={opened} onClose={onClose} title={t("newChat")} fullScreen={false} size="md">
      <Stack gap="sm">
        <TextInput
          leftSection={<IconSearch size={16} aria-hidden />}
          placeholder={t("search")}
          aria-label={t("search")}
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
        />
        <ScrollArea.Autosize mah={260}>
          <Stack gap={2} role="group" aria-label={t("chatOptions")}>
            {(contacts.data?.people ?? []).map((p) => (
              <UnstyledButton
                key={p.userId}
                p={6}
                onClick={() => start({ kind: "direct", userId: p.userId })}
                disabled={openRoom.isPending}
                style={{ borderRadius: 6 }}
              >
                <Group justify="space-between" wrap="nowrap">
                  <Text size="sm" dir="auto" lineClamp={1}>
                    {p.name}
                  </Text>
                  {p.staff && (
                    <Badge size="xs" variant="light">
                      {t("staffBadge")}
                    </Badge>
                  )}
                </Group>
              </UnstyledButton>
            ))}
            {contacts.data && contacts.data.people.length === 0 && (
              <Text size="sm" c="dimmed">
                {t("noPeople")}
              </Text>
            )}
          </Stack>
        </ScrollArea.Autosize>
        {isStaff && classrooms.grouped.length > 0 && (
          <>
            <Divider label={t("classRoom")} />
            <Select label={t("chooseClassroom")} data={classrooms.grouped} value={classroomId} onChange={setClassroomId} searchable />
            <Group justify="flex-end">
              <Button disabled={!classroomId || openRoom.isPending} onClick={() => start({ kind: "classroom", classroomId: Number(classroomId) })}>
                {t("openClassroom")}
              </Button>
            </Group>
          </>
        )}
        {isStaff && (
          <>
            <Divider label={t("newGroup")} />
            <TextInput label={t("groupName")} value={groupName} onChange={(e) => setGroupName(e.currentTarget.value)} maxLength={100} />
            <MultiSelect
              label={t("groupMembers")}
              data={staffAll.map((p) => ({ value: String(p.userId), label: p.name }))}
              value={members}
              onChange={setMembers}
              searchable
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t("cancel")}
              </Button>
              <Button
                disabled={!groupName.trim() || members.length === 0 || openRoom.isPending}
                onClick={() => start({ kind: "staff", name: groupName.trim(), userIds: members.map(Number) })}
              >
                {t("create")}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
