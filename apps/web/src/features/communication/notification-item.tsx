import { Badge, Group, Stack, Text, UnstyledButton } from "@mantine/core";
import type { NotificationRow } from "@taleem/contract";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../lib/format";

/**
 * One notification: unread ones stand out; the child it is about is named, in its own direction.
 * Expanded, the whole text shows (an announcement is read here, not elsewhere).
 */
export function NotificationItem({ item, onOpen, expanded = false }: { item: NotificationRow; onOpen: (item: NotificationRow) => void; expanded?: boolean }) {
  const { t } = useTranslation("communication");
  const unread = !item.readAt;
  return (
    <UnstyledButton
      onClick={() => onOpen(item)}
      p="xs"
      w="100%"
      style={{ borderRadius: 8, background: unread ? "var(--mantine-color-blue-light)" : undefined }}
    >
      <Stack gap={2}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={unread ? 700 : 500} size="sm" lineClamp={expanded ? undefined : 1}>
            {item.title}
          </Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
            {formatDateTime(item.createdAt)}
          </Text>
        </Group>
        <Text size="sm" c="dimmed" lineClamp={expanded ? undefined : 2} style={expanded ? { whiteSpace: "pre-wrap" } : undefined}>
          {item.body}
        </Text>
        <Group gap={6}>
          <Badge size="xs" variant="dot">
            {t(`kinds.${item.kind}`)}
          </Badge>
          {item.studentName && (
            <Badge size="xs" variant="outline" color="gray">
              <bdi>{item.studentName}</bdi>
            </Badge>
          )}
        </Group>
      </Stack>
    </UnstyledButton>
  );
}
