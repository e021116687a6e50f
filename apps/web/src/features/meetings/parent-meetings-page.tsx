import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconCalendarEvent, IconMapPin, IconVideo } from "@tabler/icons-react";
import { answerMeeting, type MeetingAnswer, type MeetingInvitation, myMeetingInvitations } from "@taleem/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../lib/format";
import { notify } from "../../lib/notify";
import { formatTimeRange } from "../../lib/time-text";
import { useAction, useActionQuery } from "../../lib/use-action";
import { useErrorText } from "../../ui/api-error";
import { EmptyList, FailureState, LoadingState } from "../../ui/list-states";
import { AnswerBadge } from "./answer-badge";

const ANSWERS: MeetingAnswer[] = ["coming", "not_coming", "another_time"];

/** One invitation: when and where, what about, and the family's answer with the three buttons. */
function InvitationCard({ m }: { m: MeetingInvitation }) {
  const { t } = useTranslation("meetings");
  const errorText = useErrorText();
  const answer = useAction(answerMeeting);
  const [other, setOther] = useState(false);
  const [time, setTime] = useState(m.suggestedTime ?? "");
  const [note, setNote] = useState("");
  const send = (a: MeetingAnswer) => {
    if (a === "another_time" && !other) return setOther(true);
    answer.mutate(
      {
        body: {
          meetingId: m.meetingId,
          answer: a,
          ...(a === "another_time" && time.trim() ? { suggestedTime: time.trim() } : {}),
          ...(note.trim() ? { note: note.trim() } : {}),
        },
      },
      {
        onSuccess: () => {
          notify.success(t("invitations.saved"));
          setOther(false);
        },
        onError: (e) => notify.error(errorText(e)),
      },
    );
  };
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={700}>
            <bdi>{m.title}</bdi>
          </Text>
          <AnswerBadge answer={m.answer} />
        </Group>
        <Group gap={6} wrap="nowrap">
          <IconCalendarEvent size={16} aria-hidden />
          <Text size="sm">
            {formatDate(m.date)} · {formatTimeRange(m.startTime, m.endTime)}
          </Text>
        </Group>
        {m.place && (
          <Group gap={6} wrap="nowrap">
            <IconMapPin size={16} aria-hidden />
            <Text size="sm">
              <bdi>{m.place}</bdi>
            </Text>
          </Group>
        )}
        {m.link && (
          <Group gap={6} wrap="nowrap">
            <IconVideo size={16} aria-hidden />
            <Anchor href={m.link} target="_blank" rel="noopener noreferrer" size="sm">
              {t("invitations.join")}
            </Anchor>
          </Group>
        )}
        {m.agenda && (
          <Text size="sm" dir="auto" style={{ whiteSpace: "pre-wrap" }}>
            {m.agenda}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {t("invitations.for")} <bdi>{m.children.join(", ")}</bdi>
        </Text>
        {other && (
          <>
            <TextInput label={t("invitations.suggestedTime")} value={time} onChange={(e) => setTime(e.currentTarget.value)} maxLength={100} />
            <TextInput label={t("invitations.note")} value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={500} />
          </>
        )}
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
          {ANSWERS.map((a) => (
            <Button
              key={a}
              size="sm"
              variant={m.answer === a ? "filled" : "light"}
              color={a === "not_coming" ? "red" : a === "another_time" ? "yellow" : "teal"}
              autoContrast
              loading={answer.isPending && answer.variables?.body?.answer === a}
              disabled={a === "another_time" && other && !time.trim() && !note.trim()}
              onClick={() => send(a)}
            >
              {t(`answer.${a}`)}
            </Button>
          ))}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

/** The parent area: the meetings the family is invited to, each with its answer. */
export function ParentMeetingsPage() {
  const { t } = useTranslation("meetings");
  const list = useActionQuery(myMeetingInvitations, { query: {} });
  return (
    <Stack gap="md">
      <Title order={2}>{t("invitations.title")}</Title>
      {list.isPending && <LoadingState text={t("invitations.loading")} />}
      {list.isError && <FailureState onRetry={() => void list.refetch()} />}
      {list.data && !list.data.rows.length && <EmptyList title={t("invitations.emptyTitle")} description={t("invitations.emptyText")} />}
      {list.data?.rows.map((m) => (
        <InvitationCard key={m.meetingId} m={m} />
      ))}
    </Stack>
  );
}
