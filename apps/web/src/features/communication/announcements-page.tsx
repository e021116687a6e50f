import { ActionIcon, Badge, Button, Group, Menu, Paper, Progress, Stack, Text, Title, UnstyledButton } from "@mantine/core";
import { IconDots, IconFilterOff, IconPencil, IconPlus, IconSpeakerphone, IconTrash } from "@tabler/icons-react";
import { type AnnouncementRow, announcementResource } from "@taleem/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { formatDateTime, formatNumber } from "../../lib/format";
import { useErrorText } from "../../ui/api-error";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { ListPagination } from "../../ui/list-pagination";
import { EmptyList, FailureState, LoadingState } from "../../ui/list-states";
import { ListFilters } from "../../ui/resource/list-filters";
import { useResourceTexts } from "../../ui/resource/resource-texts";
import { useSearchFilters } from "../../ui/search-filters";
import { useCan } from "../../ui/use-can";
import { AnnouncementComposer } from "./announcement-composer";
import { useAnnouncementList, useAnnouncementMutations } from "./use-announcements";

const LIMIT = 20;
const STATUS_COLOR = { draft: "gray", scheduled: "orange", published: "teal" } as const;

/**
 * The school's announcements, newest first, as cards that fit a phone: status, audience, when,
 * and how many have read it. Filters and the page live in the address, like every list.
 */
export function AnnouncementsPage() {
  const texts = useResourceTexts(announcementResource);
  const { t } = useTranslation("announcements");
  const navigate = useNavigate();
  const allowed = useCan();
  const errorText = useErrorText();
  const { search, set, reset } = useSearchFilters(["page"]);
  const [composing, setComposing] = useState<{ row?: AnnouncementRow } | null>(null);
  const [deleting, setDeleting] = useState<AnnouncementRow | null>(null);
  const { remove } = useAnnouncementMutations();
  const page = Math.max(1, Number(search.get("page")) || 1);
  const filterKeys = ["q", ...Object.keys(announcementResource.filters)];
  const params: Record<string, string | number> = { page, limit: LIMIT, sort: "-createdAt" };
  for (const k of filterKeys) {
    const v = search.get(k);
    if (v) params[k] = v;
  }
  const filtered = filterKeys.some((k) => search.get(k));
  const list = useAnnouncementList(params);
  const mayAdd = allowed("communication", "add");
  const rows = list.data?.rows ?? [];
  const pages = Math.max(1, Math.ceil((list.data?.count ?? 0) / LIMIT));

  return (
    <Stack gap="md" maw={900}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Title order={2}>{texts.names.title}</Title>
          <Text c="dimmed" size="sm" mt={4}>
            {t("description")}
          </Text>
        </div>
        {mayAdd && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setComposing({})}>
            {t("composer.newTitle")}
          </Button>
        )}
      </Group>
      <ListFilters definition={announcementResource} texts={texts} params={search} set={set} />
      {list.isPending ? (
        <LoadingState text={t("loading")} />
      ) : list.isError && !list.data ? (
        <FailureState reason={errorText(list.error)} onRetry={() => void list.refetch()} />
      ) : !rows.length ? (
        <Paper withBorder radius="md">
          {filtered ? (
            <EmptyList
              title={t("emptyFiltered")}
              extra={
                <Button variant="default" leftSection={<IconFilterOff size={16} />} onClick={reset}>
                  {t("clearFilters")}
                </Button>
              }
            />
          ) : (
            <EmptyList
              icon={<IconSpeakerphone size={32} stroke={1.5} />}
              title={t("empty")}
              description={t("emptyHint")}
              addLabel={t("composer.newTitle")}
              onAdd={mayAdd ? () => setComposing({}) : undefined}
            />
          )}
        </Paper>
      ) : (
        <Stack gap="xs">
          {rows.map((a) => (
            <Paper key={a.id} withBorder radius="md" p="sm">
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                <UnstyledButton onClick={() => void navigate(String(a.id))} style={{ flex: 1, minWidth: 0 }}>
                  <Stack gap={4}>
                    <Group gap="xs" wrap="wrap">
                      <Text fw={600} lineClamp={1}>
                        {a.title}
                      </Text>
                      <Badge color={STATUS_COLOR[a.status]} variant="dot" size="sm">
                        {texts.option("status", a.status)}
                      </Badge>
                    </Group>
                    <Text size="sm" c="dimmed" lineClamp={1}>
                      {texts.option("audience", a.audience)}
                      {a.audience !== "school" ? ` (${formatNumber(a.audienceIds?.length ?? 0)})` : ""}
                      {" · "}
                      {a.publishedAt
                        ? t("sentAt", { at: formatDateTime(a.publishedAt) })
                        : a.scheduledAt
                          ? t("scheduledFor", { at: formatDateTime(a.scheduledAt) })
                          : t("notSent")}
                    </Text>
                    {a.publishedAt && (
                      <Group gap="xs" wrap="nowrap">
                        <Progress value={a.recipients ? (100 * a.readCount) / a.recipients : 0} size="sm" style={{ flex: 1 }} aria-hidden />
                        <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
                          {t("readOf", { read: formatNumber(a.readCount), total: formatNumber(a.recipients) })}
                        </Text>
                      </Group>
                    )}
                  </Stack>
                </UnstyledButton>
                {(allowed("communication", "edit") || allowed("communication", "delete")) && (
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <ActionIcon variant="subtle" aria-label={t("actionsFor", { title: a.title })}>
                        <IconDots size={18} />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      {!a.publishedAt && allowed("communication", "edit") && (
                        <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => setComposing({ row: a })}>
                          {t("edit")}
                        </Menu.Item>
                      )}
                      {allowed("communication", "delete") && (
                        <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => setDeleting(a)}>
                          {t("delete")}
                        </Menu.Item>
                      )}
                    </Menu.Dropdown>
                  </Menu>
                )}
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      {pages > 1 && <ListPagination total={pages} value={page} onChange={(p) => set("page", String(p))} />}
      <AnnouncementComposer opened={!!composing} row={composing?.row} onClose={() => setComposing(null)} />
      <ConfirmDialog
        opened={!!deleting}
        title={t("deleteTitle")}
        danger
        loading={remove.isPending}
        confirmLabel={t("delete")}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
        onClose={() => setDeleting(null)}
      >
        <Text size="sm">{t("deleteText", { title: deleting?.title ?? "" })}</Text>
      </ConfirmDialog>
    </Stack>
  );
}
