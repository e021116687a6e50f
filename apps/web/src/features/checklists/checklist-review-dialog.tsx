import { Anchor, Badge, Button, Group, Image, Modal, SegmentedControl, SimpleGrid, Stack, Text, Textarea } from "@mantine/core";
import { type ChecklistAnswer, type ChecklistLogRow, reviewChecklistLog } from "@taleem/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDate, formatNumber } from "../../lib/format";
import { notify } from "../../lib/notify";
import { useAction } from "../../lib/use-action";
import { useErrorText } from "../../ui/api-error";

/** An answer as a person reads it: yes or no in their language, a number in their digits. */
export function AnswerText({ answer }: { answer: Pick<ChecklistAnswer, "value"> }) {
  const { t } = useTranslation("checklists");
  const v = answer.value;
  if (typeof v === "boolean")
    return (
      <Badge color={v ? "teal" : "red"} variant="light">
        {t(v ? "yes" : "no")}
      </Badge>
    );
  if (typeof v === "number") return <bdi>{formatNumber(v)}</bdi>;
  return (
    <Text size="sm" dir="auto">
      {v ?? "—"}
    </Text>
  );
}

/** A submission's answers and photos, and the reviewer's decision with comments. */
export function ChecklistReviewDialog({ log, onClose, canReview }: { log: ChecklistLogRow | null; onClose: () => void; canReview: boolean }) {
  const { t } = useTranslation("checklists");
  const errorText = useErrorText();
  const review = useAction(reviewChecklistLog);
  const [status, setStatus] = useState<"approved" | "rejected">("approved");
  const [comments, setComments] = useState("");
  if (!log) return null;
  const send = () =>
    review.mutate(
      { params: { id: log.id }, body: { status, comments: comments || null } },
      {
        onSuccess: () => {
          notify.success(t(`reviewed.${status}`));
          setComments("");
          onClose();
        },
        onError: (e) => notify.error(errorText(e)),
      },
    );
  return (
    <Modal opened onClose={onClose} title={<bdi>{log.checklistName}</bdi>} size="lg">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          <bdi>{log.submitterName}</bdi> · <bdi>{formatDate(log.startDate)}</bdi>
          {log.endDate !== log.startDate ? (
            <>
              {" "}
              – <bdi>{formatDate(log.endDate)}</bdi>
            </>
          ) : null}
        </Text>
        {log.answers.map((a) => (
          <SimpleGrid key={a.itemId} cols={{ base: 1, xs: 2 }} spacing="xs">
            <Text size="sm" fw={500} dir="auto">
              {a.question}
            </Text>
            <Stack gap={4}>
              <AnswerText answer={a} />
              {a.photo ? (
                <Anchor href={a.photo} target="_blank" rel="noreferrer">
                  <Image src={a.photo} alt={a.question} h={120} w="auto" fit="contain" radius="sm" />
                </Anchor>
              ) : null}
            </Stack>
          </SimpleGrid>
        ))}
        {log.comments ? (
          <Text size="sm" dir="auto">
            {t("logs.fields.comments")}: {log.comments}
          </Text>
        ) : null}
        {log.reviewComments ? (
          <Text size="sm" dir="auto" c="dimmed">
            {t("logs.fields.reviewComments")}: {log.reviewComments}
          </Text>
        ) : null}
        {canReview && log.status !== "missed" ? (
          <>
            <SegmentedControl
              value={status}
              onChange={(v) => setStatus(v as typeof status)}
              data={[
                { value: "approved", label: t("logs.options.status.approved") },
                { value: "rejected", label: t("logs.options.status.rejected") },
              ]}
            />
            <Textarea label={t("reviewComments")} value={comments} maxLength={1000} autosize minRows={2} onChange={(e) => setComments(e.currentTarget.value)} />
            <Group justify="flex-end">
              <Button onClick={send} loading={review.isPending} data-testid="review-send">
                {t("review")}
              </Button>
            </Group>
          </>
        ) : null}
      </Stack>
    </Modal>
  );
}
