import { Group, Modal, SimpleGrid, Stack, Table, Text } from "@mantine/core";
import { type MeetingAnswer, meetingReplies } from "@taleem/contract";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../../lib/format";
import { useActionQuery } from "../../lib/use-action";
import { FailureState, LoadingState } from "../../ui/list-states";
import { AnswerBadge } from "./answer-badge";

const COUNTS = ["coming", "not_coming", "another_time", "none"] as const;

/** Who was invited to a meeting and what each family answered; those who have not answered are listed too. */
export function MeetingRepliesDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation("meetings");
  const replies = useActionQuery(meetingReplies, { params: { id: id ?? 0 } }, { enabled: !!id });
  return (
    <Modal opened={!!id} onClose={onClose} title={replies.data?.data.title ?? t("replies.title")} size="lg">
      {replies.isPending && <LoadingState text={t("replies.loading")} />}
      {replies.isError && <FailureState onRetry={() => void replies.refetch()} />}
      {replies.data && (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            {COUNTS.map((k) => (
              <div key={k}>
                <Text size="xl" fw={700}>
                  {formatNumber(replies.data.counts[k])}
                </Text>
                <Text size="sm" c="dimmed">
                  {t(`answer.${k}`)}
                </Text>
              </div>
            ))}
          </SimpleGrid>
          <Table.ScrollContainer minWidth={480}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("replies.family")}</Table.Th>
                  <Table.Th>{t("replies.children")}</Table.Th>
                  <Table.Th>{t("replies.answer")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {replies.data.rows.map((r) => (
                  <Table.Tr key={r.userId}>
                    <Table.Td>
                      <bdi>{r.name}</bdi>
                      {r.mobile && (
                        <Text size="xs" c="dimmed" dir="ltr" ta="start">
                          {r.mobile}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <bdi>{r.children.join(", ")}</bdi>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        <AnswerBadge answer={r.answer as MeetingAnswer | null} />
                      </Group>
                      {(r.suggestedTime || r.note) && (
                        <Text size="xs" c="dimmed">
                          {[r.suggestedTime, r.note].filter(Boolean).join(" · ")}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
    </Modal>
  );
}
