import { ActionIcon, Alert, Button, Group, Paper, ScrollArea, Stack, Text } from "@mantine/core";
import { IconArrowLeft, IconWifiOff } from "@tabler/icons-react";
import type { ChatRoomRow } from "@taleem/contract";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAuth } from "../../../lib/auth-store";
import mirror from "../../../ui/mirror.module.css";
import { ChatOutbox } from "./chat-outbox";
import { useChat } from "./chat-store";
import { Composer } from "./composer";
import { MessageBubble } from "./message-bubble";
import type { ChatSession } from "./use-chat-session";

/** The open room: its messages (live), who is typing, the connection, and the composer. */
export function Conversation({ session, room, onBack }: { session: ChatSession; room: ChatRoomRow; onBack?: () => void }) {
  const { t } = useTranslation("chat");
  const messages = useChat((s) => s.messages);
  const connected = useChat((s) => s.connected);
  const error = useChat((s) => s.error);
  const tenantId = useAuth((s) => s.user?.tenant.id ?? 0);
  const bottom = useRef<HTMLDivElement>(null);
  const [now, setNow] = useState(Date.now());
  const typing = session.typing[room.id];
  const typist = typing && typing.until > now ? room.members.find((m) => m.userId === typing.userId) : undefined;
  const failures = new Map(
    ChatOutbox.of(tenantId, session.me)
      .all()
      .map((p) => [p.clientId, p.error]),
  );
  const { markSeen } = session;

  // A new last message scrolls into view (an older page loaded above does not).
  const lastKey = messages.at(-1)?.clientId;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the last message changes, on purpose.
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: "end" });
  }, [lastKey]);

  // Messages count as read while the room is open and the page is seen.
  useEffect(() => {
    if (messages.length && document.visibilityState === "visible") void markSeen();
  }, [messages, markSeen]);

  // "Typing" fades on its own.
  useEffect(() => {
    if (!typing) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, typing.until - Date.now()) + 50);
    setNow(Date.now());
    return () => clearTimeout(timer);
  }, [typing]);

  const group = room.kind !== "direct";
  return (
    <Paper withBorder p="xs" h="100%">
      <Stack gap="xs" h="100%">
        <Group gap="xs" wrap="nowrap">
          {onBack && (
            <ActionIcon variant="subtle" onClick={onBack} aria-label={t("back")}>
              <IconArrowLeft size={20} className={mirror.mirror} aria-hidden />
            </ActionIcon>
          )}
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={700} lineClamp={1} dir="auto">
              {room.name}
            </Text>
            <Text size="xs" c="dimmed" aria-live="polite" data-testid="chat-typing">
              {typist ? t("typing", { name: typist.name }) : group ? t("members", { count: room.members.length }) : t(`kinds.${room.kind}`)}
            </Text>
          </Stack>
        </Group>
        {!connected && (
          <Alert color="yellow" variant="light" icon={<IconWifiOff size={16} />} p="xs" data-testid="chat-offline">
            <Text size="xs">{t("offline")}</Text>
          </Alert>
        )}
        {error && (
          <Alert color="red" variant="light" p="xs" role="alert">
            <Text size="xs">{error}</Text>
          </Alert>
        )}
        <ScrollArea h={{ base: "calc(100dvh - 330px)", sm: "55vh" }} type="auto" offsetScrollbars viewportProps={{ tabIndex: 0 }}>
          <Stack gap={6} py="xs" role="log" aria-label={room.name}>
            {session.hasOlder && (
              <Button variant="subtle" size="compact-sm" mx="auto" onClick={() => void session.loadOlder()}>
                {t("older")}
              </Button>
            )}
            {messages.map((m) => (
              <MessageBubble
                key={m.clientId || m.id}
                message={m}
                mine={m.from === session.me}
                showSender={group}
                error={failures.get(m.clientId)}
                onRetry={() => session.retry(m.clientId)}
                onDiscard={() => session.discard(m.clientId)}
              />
            ))}
            <div ref={bottom} />
          </Stack>
        </ScrollArea>
        {!room.canWrite && (
          <Text size="xs" c="dimmed">
            {t("replyOnly")}
          </Text>
        )}
        <Composer
          connected={connected}
          disabled={!room.canWrite}
          onSend={(content, attachment) => void session.send(room.id, content, attachment)}
          onTyping={() => session.typed(room.id)}
        />
      </Stack>
    </Paper>
  );
}
