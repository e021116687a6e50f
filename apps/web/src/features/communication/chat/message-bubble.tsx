import { Anchor, Box, Button, Group, Paper, Text } from "@mantine/core";
import { IconAlertCircle, IconCheck, IconChecks, IconClock, IconPaperclip } from "@tabler/icons-react";
import { actionUrl, chatAttachment } from "@taleem/contract";
import { useTranslation } from "react-i18next";
import { buildUrl } from "../../../lib/api";
import { formatTime } from "../../../lib/format";
import type { ChatMessage } from "./chat-store";

/** Where one's own message stands, as ticks: waiting (a clock), failed, sent (one tick), read (two). */
function Delivery({ message }: { message: ChatMessage }) {
  const { t } = useTranslation("chat");
  if (message.delivery === "waiting") return <IconClock size={14} aria-label={t("waiting")} data-delivery="waiting" />;
  if (message.delivery === "failed") return <IconAlertCircle size={14} color="var(--mantine-color-red-7)" aria-label={t("failed")} data-delivery="failed" />;
  if (message.read) return <IconChecks size={14} color="var(--mantine-color-blue-7)" aria-label={t("read")} data-delivery="read" />;
  return <IconCheck size={14} aria-label={t("sent")} data-delivery="sent" />;
}

/** One message: one's own at the end of the line (right in English, left in Arabic), others' at the start. */
export function MessageBubble({
  message,
  mine,
  showSender,
  error,
  onRetry,
  onDiscard,
}: {
  message: ChatMessage;
  mine: boolean;
  showSender: boolean;
  error?: string;
  onRetry: () => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation("chat");
  const file = message.attachment;
  return (
    <Group
      justify={mine ? "flex-end" : "flex-start"}
      wrap="nowrap"
      data-testid="chat-message"
      data-mine={mine ? "true" : "false"}
      data-client-id={message.clientId}
    >
      <Paper
        px="sm"
        py={6}
        radius="md"
        maw="85%"
        bg={mine ? "teal.0" : "gray.1"}
        style={{ borderEndEndRadius: mine ? 2 : undefined, borderEndStartRadius: mine ? undefined : 2 }}
      >
        {showSender && !mine && (
          <Text size="xs" fw={700} c="teal.9" dir="auto">
            {message.senderName}
          </Text>
        )}
        {message.content && (
          <Text size="sm" dir="auto" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {message.content}
          </Text>
        )}
        {file && message.id > 0 && (
          <Anchor size="sm" href={buildUrl(actionUrl(chatAttachment, { id: message.id }))} target="_blank" rel="noopener">
            <Group gap={4} wrap="nowrap">
              <IconPaperclip size={14} aria-hidden />
              <span dir="auto">{file.name}</span>
            </Group>
          </Anchor>
        )}
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Text size="xs" c="dimmed">
            {formatTime(message.time)}
          </Text>
          {mine && <Delivery message={message} />}
        </Group>
        {message.delivery === "failed" && (
          <Box>
            <Text size="xs" c="red.8">
              {error ?? t("failed")}
            </Text>
            <Group gap={4}>
              <Button size="compact-xs" variant="subtle" onClick={onRetry}>
                {t("retry")}
              </Button>
              <Button size="compact-xs" variant="subtle" color="gray" onClick={onDiscard}>
                {t("discard")}
              </Button>
            </Group>
          </Box>
        )}
      </Paper>
    </Group>
  );
}
