import { Button, Group, Modal, Select, Stack, Switch, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconAdjustments, IconBellOff } from "@tabler/icons-react";
import { linkedChildren, NOTIFICATION_KINDS, type NotificationRow } from "@taleem/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { formatNumber } from "../../lib/format";
import { useActionQuery } from "../../lib/use-action";
import { ListPagination } from "../../ui/list-pagination";
import { EmptyList, FailureState, LoadingState } from "../../ui/list-states";
import { NotificationChannels } from "./notification-channels";
import { NotificationItem } from "./notification-item";
import { useMarkRead, useNotifications } from "./use-notifications";

const PAGE_SIZE = 20;

/** Everything the school told the signed-in person: filters by unread, kind and child, paged. */
export function NotificationsPage() {
  const { t } = useTranslation("communication");
  const navigate = useNavigate();
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [kind, setKind] = useState<string | null>(null);
  const [student, setStudent] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [expanded, setExpanded] = useState<number | null>(null);
  const [settings, setSettings] = useState(false);
  const phone = useMediaQuery("(max-width: 48em)");
  const children = useActionQuery(linkedChildren).data?.rows ?? [];
  const list = useNotifications({
    unread: unreadOnly ? "true" : undefined,
    kind: kind ?? undefined,
    student: student ? Number(student) : undefined,
    page,
    limit: PAGE_SIZE,
  });
  const markRead = useMarkRead();
  const filtered = unreadOnly || !!kind || !!student;

  const open = (item: NotificationRow) => {
    if (!item.readAt) markRead.mutate({ body: { ids: [item.id] } });
    if (item.link) void navigate(item.link);
    else setExpanded((open) => (open === item.id ? null : item.id));
  };
  const refilter = (apply: () => void) => {
    apply();
    setPage(1);
  };

  return (
    <Stack gap="md" maw={720}>
      <Group justify="space-between">
        <Title order={2}>{t("title")}</Title>
        <Group gap="xs">
          {(list.data?.unread ?? 0) > 0 && (
            <Button variant="light" size="xs" loading={markRead.isPending} onClick={() => markRead.mutate({ body: { all: true } })}>
              {t("markAllRead")} ({formatNumber(list.data?.unread)})
            </Button>
          )}
          <Button variant="default" size="xs" leftSection={<IconAdjustments size={14} />} onClick={() => setSettings(true)}>
            {t("channels.open")}
          </Button>
        </Group>
      </Group>
      <Modal opened={settings} onClose={() => setSettings(false)} title={t("channels.title")} size="lg" fullScreen={phone}>
        <NotificationChannels />
      </Modal>
      <Group gap="sm" align="flex-end">
        <Switch label={t("unreadOnly")} checked={unreadOnly} onChange={(e) => refilter(() => setUnreadOnly(e.currentTarget.checked))} />
        <Select
          label={t("kind")}
          placeholder={t("allKinds")}
          clearable
          data={NOTIFICATION_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
          value={kind}
          onChange={(v) => refilter(() => setKind(v))}
          w={180}
        />
        {children.length > 1 && (
          <Select
            label={t("child")}
            placeholder={t("allChildren")}
            clearable
            data={children.map((c) => ({ value: String(c.id), label: c.name }))}
            value={student}
            onChange={(v) => refilter(() => setStudent(v))}
            w={200}
          />
        )}
      </Group>
      {list.isLoading ? (
        <LoadingState text={t("loading")} />
      ) : list.isError ? (
        <FailureState reason={list.error.message} onRetry={() => void list.refetch()} />
      ) : !list.data?.rows.length ? (
        <EmptyList
          icon={<IconBellOff size={32} stroke={1.5} />}
          title={filtered ? t("emptyFiltered") : t("empty")}
          description={filtered ? undefined : t("emptyHint")}
          extra={
            filtered && (
              <Button
                variant="light"
                onClick={() =>
                  refilter(() => {
                    setUnreadOnly(false);
                    setKind(null);
                    setStudent(null);
                  })
                }
              >
                {t("clearFilters")}
              </Button>
            )
          }
        />
      ) : (
        <Stack gap={4}>
          {list.data.rows.map((item) => (
            <NotificationItem key={item.id} item={item} onOpen={open} expanded={expanded === item.id} />
          ))}
          <Group justify="space-between" mt="sm">
            <Text size="sm" c="dimmed">
              {t("count", { count: list.data.count, n: formatNumber(list.data.count) })}
            </Text>
            {list.data.count > PAGE_SIZE && <ListPagination total={Math.ceil(list.data.count / PAGE_SIZE)} value={page} onChange={setPage} size="sm" />}
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
