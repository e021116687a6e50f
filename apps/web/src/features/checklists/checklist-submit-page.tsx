import { Alert, Badge, Button, Card, Group, NumberInput, SegmentedControl, Stack, Text, Textarea, Title, UnstyledButton } from "@mantine/core";
import { IconChecklist, IconCircleCheck } from "@tabler/icons-react";
import { type ChecklistLogRow, type ChecklistRow, checklistLogResource, checklistResource, type Period, periodOf } from "@taleem/contract";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAuth } from "../../lib/auth-store";
import { formatDate, schoolDay } from "../../lib/format";
import { useFieldErrors } from "../../ui/api-error";
import { EmptyList, FailureState, LoadingState } from "../../ui/list-states";
import { useResourceList, useResourceMutations } from "../../ui/resource";
import { UploadField } from "../../ui/upload-field";
import { AnswerText } from "./checklist-review-dialog";

type Value = boolean | number | string | null;
interface Draft {
  values: Record<number, Value>;
  photos: Record<number, string>;
  comments: string;
}

const PeriodText = ({ p }: { p: Period }) => (
  <bdi>
    {formatDate(p.startDate)}
    {p.endDate !== p.startDate ? ` – ${formatDate(p.endDate)}` : ""}
  </bdi>
);

/** One checklist to fill in for the current period: each item, a photo where asked (the camera on a phone), comments, submit. */
function SubmitForm({ checklist, period, onDone }: { checklist: ChecklistRow; period: Period; onDone: () => void }) {
  const { t } = useTranslation("checklists");
  const userId = useAuth((s) => s.user?.id);
  const fieldErrors = useFieldErrors();
  const { create } = useResourceMutations<ChecklistLogRow>(checklistLogResource);
  const sent = useResourceList<ChecklistLogRow>(checklistLogResource, {
    checklistId: String(checklist.id),
    submittedBy: String(userId),
    startDateFrom: period.startDate,
    startDateTo: period.startDate,
    limit: 1,
  });
  const before = sent.data?.rows[0];
  const [draft, setDraft] = useState<Draft>({ values: {}, photos: {}, comments: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  // What was sent before fills the form, so sending again corrects it.
  useEffect(() => {
    if (before?.answers.length)
      setDraft({
        values: Object.fromEntries(before.answers.map((a) => [a.itemId, a.value])),
        photos: Object.fromEntries(before.answers.flatMap((a) => (a.photo ? [[a.itemId, a.photo]] : []))),
        comments: before.comments ?? "",
      });
  }, [before]);
  const set = (id: number, v: Value) => setDraft((d) => ({ ...d, values: { ...d.values, [id]: v } }));
  const submit = () => {
    const answers = checklist.items.map((i) => ({ itemId: i.id, value: draft.values[i.id] ?? null, photo: draft.photos[i.id] || null }));
    create.mutate(
      { checklistId: checklist.id, startDate: period.startDate, answers, comments: draft.comments || null },
      {
        // The list's own toasts say it was sent or why not; the form marks the item named.
        onSuccess: onDone,
        onError: (e) => setErrors(fieldErrors(e)),
      },
    );
  };
  const locked = before?.status === "approved";
  return (
    <Stack gap="md">
      <div>
        <Title order={3}>
          <bdi>{checklist.name}</bdi>
        </Title>
        <Text size="sm" c="dimmed">
          <PeriodText p={period} />
        </Text>
        {before ? (
          <Badge mt={4} color={{ approved: "teal", rejected: "red", missed: "orange", submitted: "blue" }[before.status]} data-testid="log-status">
            {t(`logs.options.status.${before.status}`)}
          </Badge>
        ) : null}
        {before?.reviewComments ? (
          <Alert mt="xs" color={before.status === "rejected" ? "red" : "teal"}>
            <Text size="sm" dir="auto">
              {before.reviewComments}
            </Text>
          </Alert>
        ) : null}
      </div>
      {checklist.items.map((item, n) => {
        const error = errors[`answers.${n}`] ?? errors[`answers.${n}.value`];
        const v = draft.values[item.id];
        return (
          <Card key={item.id} withBorder radius="md" p="sm" data-testid={`answer-${n}`}>
            <Stack gap="xs">
              <Text fw={600} dir="auto">
                {item.question}
              </Text>
              {locked ? (
                <AnswerText answer={{ value: v ?? null }} />
              ) : item.kind === "yesno" ? (
                <SegmentedControl
                  fullWidth
                  size="md"
                  value={v === true ? "yes" : v === false ? "no" : ""}
                  onChange={(x) => set(item.id, x === "yes")}
                  data={[
                    { value: "yes", label: t("yes") },
                    { value: "no", label: t("no") },
                  ]}
                />
              ) : item.kind === "number" ? (
                <NumberInput
                  size="md"
                  inputMode="decimal"
                  value={typeof v === "number" ? v : ""}
                  onChange={(x) => set(item.id, typeof x === "number" ? x : null)}
                  aria-label={item.question}
                />
              ) : (
                <Textarea
                  size="md"
                  autosize
                  minRows={2}
                  maxLength={2000}
                  value={typeof v === "string" ? v : ""}
                  onChange={(e) => set(item.id, e.currentTarget.value)}
                  aria-label={item.question}
                />
              )}
              {error ? (
                <Text size="sm" c="red">
                  {error}
                </Text>
              ) : null}
              {/* A photo on any item; on those that ask for one, it is required. */}
              <UploadField
                label={t("photo")}
                required={item.photoRequired}
                disabled={locked}
                module="checklists"
                value={draft.photos[item.id] ?? ""}
                error={errors[`answers.${n}.photo`]}
                onChange={(path) => setDraft((d) => ({ ...d, photos: { ...d.photos, [item.id]: path } }))}
              />
            </Stack>
          </Card>
        );
      })}
      <Textarea
        label={t("logs.fields.comments")}
        disabled={locked}
        value={draft.comments}
        maxLength={1000}
        autosize
        minRows={2}
        onChange={(e) => setDraft({ ...draft, comments: e.currentTarget.value })}
      />
      {!locked ? (
        <Button size="md" fullWidth onClick={submit} loading={create.isPending} data-testid="checklist-submit">
          {before && before.status !== "missed" ? t("sendAgain") : t("submit")}
        </Button>
      ) : null}
    </Stack>
  );
}

/** The checklists this person submits, each with the current period; one opened to fill in. Made for a phone. */
export function ChecklistSubmitPage() {
  const { t } = useTranslation("checklists");
  const mine = useResourceList<ChecklistRow>(checklistResource, { mine: "true", status: "active", limit: 100 });
  const [chosen, setChosen] = useState<ChecklistRow | null>(null);
  // The period is the school's, whatever zone the phone is set to.
  const today = schoolDay();
  if (mine.isPending) return <LoadingState text={t("loading")} />;
  if (mine.isError) return <FailureState onRetry={() => mine.refetch()} />;
  const due = mine.data.rows.flatMap((c) => {
    const period = periodOf({ frequency: c.frequency, startsOn: c.startsOn ?? today, endsOn: c.endsOn }, today);
    return period ? [{ c, period }] : [];
  });
  const open = chosen && due.find((d) => d.c.id === chosen.id);
  if (open) {
    return (
      <Stack gap="sm" maw={560}>
        <Button variant="subtle" onClick={() => setChosen(null)} style={{ alignSelf: "flex-start" }}>
          {t("back")}
        </Button>
        <SubmitForm checklist={open.c} period={open.period} onDone={() => setChosen(null)} />
      </Stack>
    );
  }
  return (
    <Stack gap="sm" maw={560}>
      <Title order={2}>{t("submitTitle")}</Title>
      {due.length === 0 ? <EmptyList title={t("nothingDue")} /> : null}
      {due.map(({ c, period }) => (
        <UnstyledButton key={c.id} onClick={() => setChosen(c)} data-testid={`due-${c.id}`}>
          <Card withBorder radius="md" p="md">
            <Group wrap="nowrap" gap="sm">
              <IconChecklist size={28} />
              <div style={{ flex: 1 }}>
                <Text fw={600}>
                  <bdi>{c.name}</bdi>
                </Text>
                <Text size="sm" c="dimmed">
                  {t(`checklists.options.frequency.${c.frequency}`)} · <PeriodText p={period} />
                </Text>
              </div>
              <IconCircleCheck size={22} opacity={0.4} />
            </Group>
          </Card>
        </UnstyledButton>
      ))}
    </Stack>
  );
}
