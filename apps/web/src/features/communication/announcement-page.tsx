import { Anchor, Badge, Button, Group, Paper, Progress, SegmentedControl, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { IconArrowLeft, IconBellRinging } from "@tabler/icons-react";
import { type AnnouncementRow, announcementResource, type ClassReadStat } from "@taleem/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { formatDateTime, formatNumber } from "../../lib/format";
import { notify } from "../../lib/notify";
import { useErrorText } from "../../ui/api-error";
import { ListPagination } from "../../ui/list-pagination";
import { EmptyList, FailureState, LoadingState } from "../../ui/list-states";
import mirror from "../../ui/mirror.module.css";
import { useResourceTexts } from "../../ui/resource/resource-texts";
import { useCan } from "../../ui/use-can";
import { useAnnouncement, useAnnouncementLogs, useRemind } from "./use-announcements";

const LIMIT = 25;
const percent = (read: number, total: number) => (total ? Math.round((100 * read) / total) : 0);

/** One announcement: its text, who has read it by class, who has not, and the reminder for them. */
export function AnnouncementPage() {
  const { t } = useTranslation("announcements");
  const id = Number(useParams().id);
  const errorText = useErrorText();
  const one = useAnnouncement(id);
  if (one.isPending) return <LoadingState text={t("loading")} />;
  if (one.isError) return <FailureState reason={errorText(one.error)} onRetry={() => void one.refetch()} />;
  return <Details a={one.data.data} />;
}

function Details({ a }: { a: AnnouncementRow }) {
  const { t } = useTranslation("announcements");
  const texts = useResourceTexts(announcementResource);
  const allowed = useCan();
  const errorText = useErrorText();
  const remind = useRemind();
  const [read, setRead] = useState<"false" | "true">("false");
  const [classroom, setClassroom] = useState<number | undefined>();
  const [page, setPage] = useState(1);
  const logs = useAnnouncementLogs(a.id, { read, classroom, page, limit: LIMIT });
  const byClass = logs.data?.byClass ?? [];
  const pages = Math.max(1, Math.ceil((logs.data?.logs.count ?? 0) / LIMIT));
  const unread = (logs.data?.total ?? 0) - (logs.data?.read ?? 0);

  const sendReminder = () =>
    remind.mutate(
      { params: { id: a.id } },
      {
        onSuccess: (r) => (r.reminded ? notify.success(t("reminded", { n: formatNumber(r.reminded) })) : notify.info(t("nobodyToRemind"))),
        onError: (e) => notify.error(errorText(e)),
      },
    );
  const pickClass = (c: ClassReadStat) => {
    setClassroom(c.classroomId ?? undefined);
    setPage(1);
  };

  return (
    <Stack gap="md" maw={900}>
      <Anchor component={Link} to=".." relative="path" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} className={mirror.mirror} />
          {texts.names.title}
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-start" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Title order={2}>{a.title}</Title>
          <Text size="sm" c="dimmed">
            {texts.option("audience", a.audience)} · {a.publishedAt ? t("sentAt", { at: formatDateTime(a.publishedAt) }) : texts.option("status", a.status)}
          </Text>
        </div>
        {a.publishedAt && allowed("communication", "send") && (
          <Button leftSection={<IconBellRinging size={16} />} onClick={sendReminder} loading={remind.isPending} disabled={!unread}>
            {t("remind", { n: formatNumber(unread) })}
          </Button>
        )}
      </Group>
      <Paper withBorder p="md" radius="md">
        <Text style={{ whiteSpace: "pre-wrap" }}>{a.body}</Text>
      </Paper>
      {!a.publishedAt ? (
        <Text c="dimmed">{a.scheduledAt ? t("scheduledFor", { at: formatDateTime(a.scheduledAt) }) : t("notSent")}</Text>
      ) : (
        <>
          <Title order={3}>{t("stats.title")}</Title>
          <Text size="sm" aria-live="polite">
            {t("readOf", { read: formatNumber(logs.data?.read ?? 0), total: formatNumber(logs.data?.total ?? a.recipients) })}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs">
            {byClass.map((c) => (
              <Paper
                key={c.classroomId ?? "none"}
                withBorder
                p="sm"
                radius="md"
                component="button"
                type="button"
                onClick={() => pickClass(c)}
                style={{
                  textAlign: "start",
                  cursor: "pointer",
                  outline: classroom === (c.classroomId ?? undefined) && classroom ? "2px solid var(--mantine-primary-color-filled)" : undefined,
                }}
                aria-pressed={classroom === c.classroomId}
              >
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={600} size="sm" lineClamp={1}>
                    {c.classroom ?? t("stats.noClass")}
                  </Text>
                  <Badge variant="dot" color={c.read === c.total ? "teal" : "orange"}>
                    {formatNumber(percent(c.read, c.total))}%
                  </Badge>
                </Group>
                <Progress value={percent(c.read, c.total)} size="sm" mt={6} aria-hidden />
                <Text size="xs" c="dimmed" mt={4}>
                  {t("stats.classLine", { read: formatNumber(c.read), unread: formatNumber(c.total - c.read) })}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <SegmentedControl
              value={read}
              onChange={(v) => {
                setRead(v as "true" | "false");
                setPage(1);
              }}
              data={[
                { value: "false", label: t("stats.notRead") },
                { value: "true", label: t("stats.read") },
              ]}
            />
            {classroom !== undefined && (
              <Button variant="subtle" size="xs" onClick={() => setClassroom(undefined)}>
                {t("stats.allClasses")}
              </Button>
            )}
          </Group>
          {logs.isPending ? (
            <LoadingState text={t("loading")} />
          ) : !logs.data?.logs.rows.length ? (
            <EmptyList title={read === "false" ? t("stats.everyoneRead") : t("stats.nobodyRead")} />
          ) : (
            <Table.ScrollContainer minWidth={320}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("stats.person")}</Table.Th>
                    <Table.Th>{t("stats.child")}</Table.Th>
                    <Table.Th>{read === "true" ? t("stats.readAt") : t("stats.remindedAt")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {logs.data.logs.rows.map((r) => (
                    <Table.Tr key={r.userId}>
                      <Table.Td>
                        <bdi>{r.name}</bdi>
                      </Table.Td>
                      <Table.Td>
                        {r.studentName ? <bdi>{r.studentName}</bdi> : "—"}
                        {r.classroom ? ` (${r.classroom})` : ""}
                      </Table.Td>
                      <Table.Td>{formatDateTime(read === "true" ? r.readAt : r.remindedAt) || "—"}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {pages > 1 && <ListPagination total={pages} value={page} onChange={setPage} />}
        </>
      )}
    </Stack>
  );
}
