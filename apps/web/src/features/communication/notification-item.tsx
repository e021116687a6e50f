import { Badge, Group, Stack, Text, UnstyledButton } from "@mantine/core";
import type { NotificationRow } from "@taleem/contract";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../lib/format";

/** One notification: unread ones stand out; the child it is about is named, in its own direction. */
export function NotificationItem({ item, onOpen }: { item: NotificationRow; onOpen: (item: NotificationRow) => void }) {
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
          <Text fw={unread ? 700 : 500} size="sm" lineClamp={1}>
            {item.title}
          </Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
            {formatDateTime(item.createdAt)}
          </Text>
        </Group>
        <Text size="sm" c="dimmed" lineClamp={2}>
          {item.body}
        </Text>
        <Group gap={6}>
          <Badge size="xs" variant="light">
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
