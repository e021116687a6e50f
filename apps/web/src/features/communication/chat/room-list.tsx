import { Badge, Button, Group, Paper, ScrollArea, Stack, Text, UnstyledButton } from "@mantine/core";
import { IconMessagePlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDate, formatNumber, formatTime } from "../../../lib/format";
import { LoadingState } from "../../../ui/list-states";
import { useChat } from "./chat-store";
import { NewChatDialog } from "./new-chat-dialog";
import type { ChatSession } from "./use-chat-session";

/** Today's messages by their time, older ones by their day. */
const when = (iso: string) => (new Date(iso).toDateString() === new Date().toDateString() ? formatTime(iso) : formatDate(iso));

/** The person's rooms, newest activity first, each with its unread badge and last message. */
export function RoomList({ session }: { session: ChatSession }) {
  const { t } = useTranslation("chat");
  const unread = useChat((s) => s.unread);
  const activeRoom = useChat((s) => s.activeRoom);
  const [adding, setAdding] = useState(false);
  return (
    <Paper withBorder p="xs">
      <Group justify="space-between" mb="xs" px={4}>
        <Text fw={700}>{t("rooms")}</Text>
        <Button size="xs" leftSection={<IconMessagePlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
          {t("newChat")}
        </Button>
      </Group>
      {session.roomsLoading ? (
        <LoadingState text={t("connecting")} />
      ) : session.rooms.length === 0 ? (
        <Text c="dimmed" size="sm" p="sm">
          {t("noRooms")}
        </Text>
      ) : (
        <ScrollArea.Autosize mah="70vh">
          <Stack gap={2} component="ul" style={{ listStyle: "none", margin: 0, padding: 0 }} aria-label={t("rooms")}>
            {session.rooms.map((room) => {
              const count = unread[room.id] ?? 0;
              const last = room.lastMessage;
              return (
                <li key={room.id}>
                  <UnstyledButton
                    w="100%"
                    p="xs"
                    onClick={() => session.open(room.id)}
                    aria-current={room.id === activeRoom ? "true" : undefined}
                    data-testid={`chat-room-${room.id}`}
                    style={{ borderRadius: 8, background: room.id === activeRoom ? "var(--mantine-color-teal-light)" : undefined }}
                  >
                    <Group justify="space-between" wrap="nowrap" gap="xs">
                      <Text fw={count ? 700 : 500} lineClamp={1} dir="auto" style={{ minWidth: 0 }}>
                        {room.name}
                      </Text>
                      {last && (
                        <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                          {when(last.timestamp)}
                        </Text>
                      )}
                    </Group>
                    <Group justify="space-between" wrap="nowrap" gap="xs">
                      <Text size="xs" c="dimmed" lineClamp={1} dir="auto" style={{ minWidth: 0 }}>
                        {last ? last.content || t("attachment") : t(`kinds.${room.kind}`)}
                      </Text>
                      {count > 0 && (
                        <Badge size="sm" circle={count < 10} color="teal" style={{ flexShrink: 0 }} aria-label={t("unreadLabel", { count })}>
                          {formatNumber(count)}
                        </Badge>
                      )}
                    </Group>
                  </UnstyledButton>
                </li>
              );
            })}
          </Stack>
        </ScrollArea.Autosize>
      )}
      <NewChatDialog opened={adding} onClose={() => setAdding(false)} onOpened={(id) => session.open(id)} refreshRooms={session.refreshRooms} />
    </Paper>
  );
}
