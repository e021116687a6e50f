import { ActionIcon, Button, Divider, Group, Indicator, Popover, ScrollArea, Stack, Text } from "@mantine/core";
import { IconBell } from "@tabler/icons-react";
import type { NotificationRow } from "@taleem/contract";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { formatNumber } from "../../lib/format";
import { notify } from "../../lib/notify";
import { NotificationItem } from "./notification-item";
import { useLiveNotifications, useMarkRead, useNotifications } from "./use-notifications";

/** How many of the latest the bell shows (the server-drawn home asks for the same, src/ssr). */
export const BELL_LATEST = 6;

/**
 * The header's bell in both areas: how many are unread, and the latest few. Opening one marks it
 * read and goes where it leads; the full list is one click further.
 */
export function NotificationBell({ listPath }: { listPath: string }) {
  const { t } = useTranslation("communication");
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const latest = useNotifications({ limit: BELL_LATEST }, true);
  const markRead = useMarkRead();
  useLiveNotifications(useCallback((n: NotificationRow) => notify.info(n.title), []));
  const unread = latest.data?.unread ?? 0;

  const open = (item: NotificationRow) => {
    setOpened(false);
    if (!item.readAt) markRead.mutate({ body: { ids: [item.id] } });
    if (item.link) void navigate(item.link);
  };

  return (
    // The target is the button itself: the popover's aria-expanded is not allowed on the indicator's div.
    <Indicator label={formatNumber(unread)} size={18} disabled={unread === 0} offset={4}>
      <Popover opened={opened} onChange={setOpened} width={340} position="bottom-end" shadow="md">
        <Popover.Target>
          <ActionIcon variant="subtle" size="lg" aria-label={t("bell", { count: unread })} onClick={() => setOpened((o) => !o)}>
            <IconBell size={20} />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p="xs">
          <Group justify="space-between" mb={4}>
            <Text fw={700} size="sm">
              {t("title")}
            </Text>
            {unread > 0 && (
              <Button size="compact-xs" variant="subtle" loading={markRead.isPending} onClick={() => markRead.mutate({ body: { all: true } })}>
                {t("markAllRead")}
              </Button>
            )}
          </Group>
          <ScrollArea.Autosize mah={380}>
            {latest.data?.rows.length ? (
              <Stack gap={4}>
                {latest.data.rows.map((item) => (
                  <NotificationItem key={item.id} item={item} onOpen={open} />
                ))}
              </Stack>
            ) : (
              <Text size="sm" c="dimmed" py="md" ta="center">
                {latest.isLoading ? t("loading") : t("empty")}
              </Text>
            )}
          </ScrollArea.Autosize>
          <Divider my={6} />
          <Button
            variant="subtle"
            size="xs"
            fullWidth
            onClick={() => {
              setOpened(false);
              void navigate(listPath);
            }}
          >
            {t("seeAll")}
          </Button>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
