import { Group, Paper, Stack, Text, UnstyledButton } from "@mantine/core";
import { IconChevronRight } from "@tabler/icons-react";
import { type HafizRow, hafizResource } from "@taleem/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useAuth } from "../../lib/auth-store";
import { useErrorText } from "../../ui/api-error";
import { useAreaPath } from "../../ui/area-path";
import { EmptyList, FailureState, LoadingState } from "../../ui/list-states";
import mirror from "../../ui/mirror.module.css";
import { useResourceList } from "../../ui/resource";

/**
 * A teacher's own hafiz students (those whose teacher they are), by halqa and name: each opens the
 * child's profile, with the heat map and the open mistakes.
 */
export function TaughtHafizList() {
  const { t } = useTranslation("hifz");
  const errorText = useErrorText();
  const to = useAreaPath();
  const me = useAuth((s) => s.user?.id);
  const list = useResourceList<HafizRow>(hafizResource, { teacherId: me, status: "active", limit: 500 }, !!me);
  if (list.isError) return <FailureState reason={errorText(list.error)} onRetry={() => void list.refetch()} />;
  if (!list.data) return <LoadingState text={t("progress.loading")} />;
  const rows = [...list.data.rows].sort(
    (a, b) => (a.recitationGroupName ?? "").localeCompare(b.recitationGroupName ?? "") || a.studentName.localeCompare(b.studentName),
  );
  if (!rows.length) return <EmptyList title={t("progress.noneTaught")} />;
  return (
    <Stack gap="xs" data-testid="taught-hafiz">
      {rows.map((h) => (
        <Paper key={h.id} withBorder radius="md">
          <UnstyledButton component={Link} to={to(`hafiz/${h.id}`)} display="block" p="sm" w="100%">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <div>
                <Text fw={600}>
                  <bdi>{h.studentName}</bdi>
                </Text>
                {h.recitationGroupName && (
                  <Text size="sm" c="dimmed">
                    <bdi>{h.recitationGroupName}</bdi>
                  </Text>
                )}
              </div>
              <IconChevronRight size={18} className={mirror.mirror} aria-hidden />
            </Group>
          </UnstyledButton>
        </Paper>
      ))}
    </Stack>
  );
}
