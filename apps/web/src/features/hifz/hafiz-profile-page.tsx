import { Anchor, Button, Checkbox, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { hafizFeedback, hafizProgress, hifzDashboard, resolveFeedback, resolveFeedbackMany } from "@taleem/contract";
import { useTranslation } from "react-i18next";
import { Link, useParams, useSearchParams } from "react-router";
import { formatDate } from "../../lib/format";
import { notify } from "../../lib/notify";
import { useAction, useActionQuery } from "../../lib/use-action";
import { useErrorText } from "../../ui/api-error";
import { useAreaBase, useAreaPath } from "../../ui/area-path";
import { EmptyList, FailureState, LoadingState } from "../../ui/list-states";
import { useCan } from "../../ui/use-can";
import { useSelection } from "../../ui/use-selection";
import { HifzDashboardView } from "./hifz-dashboard";

/**
 * A hafiz's open mistakes, newest first. A teacher who may edit resolves one with a tap, or ticks
 * several (a page heard cleanly) and resolves them in one go.
 */
function OpenMistakes({ hafizId }: { hafizId: number }) {
  const { t } = useTranslation("hifz");
  const errorText = useErrorText();
  const list = useActionQuery(hafizFeedback, { params: { hafizId }, query: {} });
  const resolve = useAction(resolveFeedback);
  const resolveMany = useAction(resolveFeedbackMany);
  const { chosen, toggle, toggleAll, reset } = useSelection();
  const canEdit = useCan()("hifz", "edit");
  const rows = list.data?.rows ?? [];
  const ids = rows.map((m) => m.id);
  const picked = ids.filter((id) => chosen.has(id));
  const resolvePicked = () =>
    resolveMany.mutate(
      { body: { ids: picked } },
      {
        onSuccess: (reply) => {
          reset();
          notify.success(t("progress.resolvedMany", { n: reply.count }));
        },
        onError: (e) => notify.error(errorText(e)),
      },
    );
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" mb="xs" gap="xs">
        <Title order={3} size="h4">
          {t("progress.openList")}
        </Title>
        {canEdit && rows.length > 0 && (
          <Button size="compact-sm" disabled={!picked.length} loading={resolveMany.isPending} onClick={resolvePicked} data-testid="resolve-chosen">
            {t("progress.resolveChosen", { n: picked.length })}
          </Button>
        )}
      </Group>
      {list.isError ? (
        <FailureState reason={errorText(list.error)} onRetry={() => void list.refetch()} />
      ) : !rows.length ? (
        <Text c="dimmed">{t("progress.noMistakes")}</Text>
      ) : (
        <Table data-testid="open-mistakes">
          <Table.Thead>
            <Table.Tr>
              {canEdit && (
                <Table.Th w={40}>
                  <Checkbox
                    aria-label={t("progress.chooseAll")}
                    checked={picked.length === ids.length}
                    indeterminate={picked.length > 0 && picked.length < ids.length}
                    onChange={() => toggleAll(ids)}
                  />
                </Table.Th>
              )}
              <Table.Th>{t("progress.ayah")}</Table.Th>
              <Table.Th visibleFrom="sm">{t("progress.kind")}</Table.Th>
              <Table.Th visibleFrom="sm">{t("progress.date")}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((m) => (
              <Table.Tr key={m.id}>
                {canEdit && (
                  <Table.Td>
                    <Checkbox
                      aria-label={t("progress.choose", { ayah: m.reference })}
                      checked={chosen.has(m.id)}
                      onChange={(e) => toggle(m.id, e.currentTarget.checked)}
                    />
                  </Table.Td>
                )}
                <Table.Td>
                  <bdi>{m.reference}</bdi>
                  {/* A phone has no room for the kind and date columns: they go under the ayah. */}
                  <Text size="xs" hiddenFrom="sm">
                    {m.metricName} · {formatDate(m.date)}
                  </Text>
                  {m.note && (
                    <Text size="xs" c="dimmed">
                      <bdi>{m.note}</bdi>
                    </Text>
                  )}
                </Table.Td>
                <Table.Td visibleFrom="sm">{m.metricName}</Table.Td>
                <Table.Td visibleFrom="sm">{formatDate(m.date)}</Table.Td>
                <Table.Td>
                  {canEdit && (
                    <Button
                      size="compact-sm"
                      variant="default"
                      loading={resolve.isPending && resolve.variables?.params?.id === m.id}
                      onClick={() =>
                        resolve.mutate(
                          { params: { id: m.id } },
                          { onSuccess: () => notify.success(t("progress.resolved", { ayah: m.reference })), onError: (e) => notify.error(errorText(e)) },
                        )
                      }
                    >
                      {t("progress.resolve")}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

/**
 * Where the profile goes back to: the sitting it was opened from (`?fromSitting=`), else the
 * office's list of hafiz students, or a teacher's own (the parent area's memorisation page).
 */
function useBackLink() {
  const { t } = useTranslation("hifz");
  const to = useAreaPath();
  const area = useAreaBase();
  const sitting = Number(useSearchParams()[0].get("fromSitting")) || null;
  if (sitting) return { to: to(`halqa?sessionId=${sitting}`), label: t("progress.backToSitting") };
  return area === "/parent" ? { to: to("hifz"), label: t("progress.backToMine") } : { to: to("hafiz"), label: t("progress.backToList") };
}

/**
 * /admin/hafiz/:id, and /parent/hafiz/:id for a teacher: a hafiz's dashboard with the heat map on
 * their own mushaf, and their open mistakes (resolved by those who may edit).
 */
export function HafizProfilePage() {
  const { t } = useTranslation("hifz");
  const errorText = useErrorText();
  const back = useBackLink();
  const id = Number(useParams().id);
  const progress = useActionQuery(hafizProgress, { params: { id } }, { enabled: id > 0 });
  const studentId = progress.data?.hafiz.studentId;
  const dashboard = useActionQuery(hifzDashboard, { query: { studentId: studentId ?? 0, layoutMode: "page" } }, { enabled: !!studentId });
  const failed = progress.isError ? progress : dashboard.isError ? dashboard : null;
  if (!id) return <EmptyList title={t("progress.notFound")} />;
  if (failed) return <FailureState reason={errorText(failed.error)} onRetry={() => void failed.refetch()} />;
  if (!dashboard.data) return <LoadingState text={t("progress.loading")} />;
  const h = dashboard.data.hafiz;
  return (
    <Stack gap="md">
      <div>
        <Anchor component={Link} to={back.to} size="sm" display="inline-block" py={12}>
          {back.label}
        </Anchor>
        <Title order={2}>
          <bdi>{h.studentName}</bdi>
        </Title>
        <Group gap="md">
          {h.teacherName && (
            <Text size="sm" c="dimmed">
              {t("progress.teacher")}: <bdi>{h.teacherName}</bdi>
            </Text>
          )}
          {h.recitationGroupName && (
            <Text size="sm" c="dimmed">
              {t("progress.group")}: <bdi>{h.recitationGroupName}</bdi>
            </Text>
          )}
          <Text size="sm" c="dimmed">
            {t(`progress.direction.${h.direction}`)}
          </Text>
        </Group>
      </div>
      <HifzDashboardView dashboard={dashboard.data} mistakes={<OpenMistakes hafizId={id} />} />
    </Stack>
  );
}
