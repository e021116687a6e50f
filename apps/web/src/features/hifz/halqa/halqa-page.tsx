import { Accordion, Alert, Badge, Button, Group, Stack, Text, Title } from "@mantine/core";
import { IconCloudUpload, IconDeviceFloppy, IconWifiOff } from "@tabler/icons-react";
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { formatDate } from "../../../lib/format";
import { notify } from "../../../lib/notify";
import { useErrorText } from "../../../ui/api-error";
import { useAreaPath } from "../../../ui/area-path";
import { EmptyList, FailureState, LoadingState } from "../../../ui/list-states";
import { useCan } from "../../../ui/use-can";
import { ATTENDANCE_COLOR, HafizCard } from "./hafiz-card";
import { draftProblems, type HafizDraft, type SittingDraft, sittingBody, startingDraft } from "./halqa-draft";
import { dropUnsaved, keepUnsaved, sendWaitingSittings, unsavedSitting, useWaitingSitting, waitingSitting } from "./sitting-outbox";
import { SittingPicker } from "./sitting-picker";
import { useRecitationMetrics, useRecitationTypes, useSitting } from "./use-halqa-data";
import { useSittingSave } from "./use-sitting-save";

/** The texts of one hafiz's problems, by `${typeId}.${field}` (or "attendance"). */
const problemsOf = (all: Record<string, string>, hafizId: number) =>
  Object.fromEntries(
    Object.entries(all)
      .filter(([k]) => k.startsWith(`${hafizId}.`))
      .map(([k, v]) => [k.slice(String(hafizId).length + 1), v]),
  );

/**
 * The halqa: a teacher logs a whole group at one sitting from a phone in class. Each child is a
 * card (attendance, then each stream's range, status, grade, metrics and the mistakes pinned on
 * the mushaf), pre-filled from what was saved or where each stream carries on; "Save all" sends
 * the sitting in one call, which waits on the phone when there is no connection.
 */
export function HalqaPage() {
  const { t } = useTranslation(["hifz", "admin"]);
  const errorText = useErrorText();
  const can = useCan();
  const to = useAreaPath();
  const [search, setSearch] = useSearchParams();
  const sessionId = Number(search.get("sessionId")) || null;
  const types = useRecitationTypes();
  const metrics = useRecitationMetrics();
  const { sitting, mistakes, isPending, error, refetch } = useSitting(sessionId);
  const reply = sitting.data;
  const [draft, setDraft] = useState<{ sessionId: number; value: SittingDraft } | null>(null);
  const [open, setOpen] = useState<string[]>([]);
  // What the teacher changed is kept for this tab until it is saved (a child's profile opened from
  // a card, then the way back, loses nothing).
  const edited = useRef(false);
  const waiting = useWaitingSitting(sessionId);
  const { save, saving, outcome, clear } = useSittingSave();

  // A sitting waiting from before goes as soon as its screen opens.
  useEffect(() => void sendWaitingSittings(), []);
  // Once it has gone (from here or from the connection's return), the server's copy is read again.
  const wasWaiting = useRef(waiting.waiting);
  useEffect(() => {
    if (wasWaiting.current && !waiting.waiting && sessionId) void refetch();
    wasWaiting.current = waiting.waiting;
  }, [waiting.waiting, sessionId, refetch]);
  // The draft is made once per sitting: a refetch never overwrites what the teacher is typing.
  useEffect(() => {
    if (!sessionId || !reply || reply.session.id !== sessionId || !types.data || mistakes === null || draft?.sessionId === sessionId) return;
    setDraft({ sessionId, value: startingDraft(reply, types.data.rows, mistakes, waitingSitting(sessionId)?.body ?? unsavedSitting(sessionId)) });
    setOpen(reply.hafiz.length === 1 ? [String(reply.hafiz[0]!.hafizId)] : []);
    edited.current = false;
    clear();
  }, [sessionId, reply, types.data, mistakes, draft?.sessionId, clear]);

  const value = draft?.sessionId === sessionId ? draft.value : null;
  useEffect(() => {
    if (edited.current && value && reply && types.data) keepUnsaved(sittingBody(reply.session.id, reply.hafiz, types.data.rows, value));
  }, [value, reply, types.data]);
  const found = useMemo(() => (value ? draftProblems(value) : {}), [value]);
  const problems = useMemo(() => {
    const texts: Record<string, string> = {};
    for (const [k, key] of Object.entries(found)) texts[k] = t(key);
    return { ...outcome.problems, ...texts };
  }, [found, outcome.problems, t]);
  const label = reply ? `${reply.session.recitationGroupName ?? t("hifz:halqa.noGroup")} · ${formatDate(reply.session.date)}` : "";
  const editable = can("hifz", "add");

  const choose = (id: number) =>
    setSearch(
      (s) => {
        s.set("sessionId", String(id));
        return s;
      },
      { replace: true },
    );
  const setHafiz = (hafizId: number, h: HafizDraft) => {
    edited.current = true;
    setDraft((d) => (d ? { ...d, value: { ...d.value, [hafizId]: h } } : d));
  };
  const saveAll = async () => {
    if (!reply || !value || !types.data) return;
    const troubled = Object.keys(found).map((k) => k.split(".")[0]!);
    if (troubled.length) {
      setOpen((o) => [...new Set([...o, ...troubled])]);
      notify.error(t("hifz:halqa.fixFirst"));
      return;
    }
    const refused = await save(sittingBody(reply.session.id, reply.hafiz, types.data.rows, value), label);
    if (refused) setOpen((o) => [...new Set([...o, ...Object.keys(refused.problems).map((k) => k.split(".")[0]!)])]);
    else {
      edited.current = false;
      // The save's declaration refreshes the sitting and the hafiz's progress.
      dropUnsaved(reply.session.id);
    }
  };

  let body: ReactNode;
  if (!sessionId) body = <EmptyList title={t("hifz:halqa.chooseFirst")} />;
  else if (error) body = <FailureState reason={errorText(error)} onRetry={() => void refetch()} />;
  else if (types.isError) body = <FailureState reason={errorText(types.error)} onRetry={() => void types.refetch()} />;
  else if (isPending || types.isPending || metrics.isPending || !value || !reply) body = <LoadingState text={t("hifz:halqa.loading")} />;
  else if (!reply.hafiz.length) body = <EmptyList title={t("hifz:halqa.nobody")} description={t("hifz:halqa.nobodyText")} />;
  else
    body = (
      <Accordion multiple value={open} onChange={setOpen} variant="separated" radius="md" chevronPosition="right" data-testid="halqa-hafiz">
        {reply.hafiz.map((h) => (
          <HafizCard
            key={h.hafizId}
            hafiz={h}
            draft={value[h.hafizId]!}
            types={types.data?.rows ?? []}
            metrics={metrics.data?.rows ?? []}
            open={open.includes(String(h.hafizId))}
            onChange={(d) => setHafiz(h.hafizId, d)}
            problems={problemsOf(problems, h.hafizId)}
            profileTo={to(`hafiz/${h.hafizId}?fromSitting=${reply.session.id}`)}
          />
        ))}
      </Accordion>
    );

  const present = value ? Object.values(value).filter((h) => h.attendance === "present" || h.attendance === "late").length : 0;

  return (
    <Stack gap="sm" maw={760}>
      <Group justify="space-between" gap="xs">
        <Title order={2}>{t("hifz:halqa.title")}</Title>
        <Group gap={6}>
          {!waiting.online && (
            <Badge color="gray" leftSection={<IconWifiOff size={14} />} data-testid="offline-badge">
              {t("hifz:halqa.offline")}
            </Badge>
          )}
          {waiting.waiting && (
            <Badge color="orange" leftSection={<IconCloudUpload size={14} />} data-testid="waiting-badge">
              {t("hifz:halqa.waiting")}
            </Badge>
          )}
        </Group>
      </Group>
      <SittingPicker value={sessionId} groupId={search.get("groupId")} onChange={choose} />
      {reply && value && (
        <Group gap="xs" justify="space-between">
          <Text fw={600}>
            <bdi>{reply.session.recitationGroupName ?? t("hifz:halqa.noGroup")}</bdi> · <bdi>{formatDate(reply.session.date)}</bdi>
          </Text>
          <Badge variant="dot" color={ATTENDANCE_COLOR.present}>
            {t("hifz:halqa.presentCount", { present, total: reply.hafiz.length })}
          </Badge>
        </Group>
      )}
      {outcome.general && (
        <Alert color="red" role="alert">
          {outcome.general}
        </Alert>
      )}
      {body}
      {value && reply && reply.hafiz.length > 0 && editable && (
        <Group grow style={{ position: "sticky", bottom: 8, zIndex: 3 }}>
          <Button size="md" leftSection={<IconDeviceFloppy size={18} />} loading={saving} onClick={() => void saveAll()} data-testid="save-all">
            {t("hifz:halqa.saveAll")}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
