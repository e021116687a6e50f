import { Alert, Group, SegmentedControl, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import {
  type AttendanceMeaning,
  getHallRegister,
  HALL_MEANINGS,
  HALL_TAP_MEANINGS,
  type HallCheckRow,
  type HallCheckSlot,
  type HallRegisterReply,
  hallCheckResource,
} from "@taleem/contract";
import { type ReactNode, useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { schoolDay } from "../../lib/format";
import { useActionQuery } from "../../lib/use-action";
import { useErrorText } from "../../ui/api-error";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { EmptyList, FailureState, LoadingState } from "../../ui/list-states";
import { RegisterLine } from "../../ui/register/register-line";
import { nextCode } from "../../ui/register/register-marks";
import { CodeMenu, ConfirmTotals, RegisterBar, RegisterCounts } from "../../ui/register/register-parts";
import { useResourceMutations, useResourceOptions } from "../../ui/resource";
import { SchoolDateInput } from "../../ui/school-date-input";
import { useCan } from "../../ui/use-can";

const SLOTS: HallCheckSlot[] = ["night", "study_hour", "other"];

/** Where each student starts: the saved mark, else the school's default code (everyone in). */
function startingMarks(reply: HallRegisterReply): Record<number, number> {
  const fallback = reply.codes.find((c) => c.isDefault) ?? reply.codes.find((c) => c.meaning === "present");
  return Object.fromEntries(reply.lines.map((l) => [l.studentId, l.mark?.codeId ?? fallback?.id ?? 0]));
}

/**
 * A hall's roll call, made for a warden's phone and worked like the class register: the hall's
 * students as a list, everyone in by default, one tap per child through present, absent and on
 * leave (a long press for every code), a note for who is not in, then one call for the whole
 * hall. Sending it again replaces the check. It needs a connection: the class register's offline
 * outbox is bound to that register's call and is not shared.
 */
export function HallCheckPage() {
  const { t } = useTranslation(["halls", "attendance"]);
  const errorText = useErrorText();
  const can = useCan();
  const [search] = useSearchParams();
  const halls = useResourceOptions("hall", "name");
  const [hallId, setHallId] = useState<string | null>(() => search.get("hallId") ?? localStorage.getItem("taleem_hall_check"));
  const [date, setDate] = useState(() => search.get("date") ?? schoolDay());
  const [slot, setSlot] = useState<HallCheckSlot>(() => (SLOTS.find((s) => s === search.get("slot")) ?? "night") as HallCheckSlot);
  const [time, setTime] = useState("");
  const register = useActionQuery(getHallRegister, { query: { hallId: Number(hallId), date, slot } }, { enabled: !!hallId });
  const reply = register.data;
  const [marks, setMarks] = useState<Record<number, number>>({});
  const [notes, setNotes] = useState<Record<number, string>>({});
  const [choosing, setChoosing] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [saved, setSaved] = useState<HallCheckRow | null>(null);
  const { create } = useResourceMutations<HallCheckRow>(hallCheckResource);

  useEffect(() => {
    if (!reply) return;
    setMarks(startingMarks(reply));
    setNotes(Object.fromEntries(reply.lines.flatMap((l) => (l.mark?.note ? [[l.studentId, l.mark.note]] : []))));
    setTime(reply.check?.time ?? "");
    setSaved(null);
  }, [reply]);
  useEffect(() => {
    if (hallId) localStorage.setItem("taleem_hall_check", hallId);
  }, [hallId]);

  const codes = reply?.codes ?? [];
  const byId = useMemo(() => new Map(codes.map((c) => [c.id, c])), [codes]);
  const cycle = useMemo(() => HALL_TAP_MEANINGS.flatMap((m) => codes.find((c) => c.meaning === m) ?? []), [codes]);
  const onTap = useCallback((id: number) => setMarks((m) => ({ ...m, [id]: nextCode(cycle, m[id]) ?? m[id]! })), [cycle]);
  const totals = useMemo(() => {
    const out = Object.fromEntries(HALL_MEANINGS.map((m) => [m, 0])) as Record<AttendanceMeaning, number>;
    for (const id of Object.values(marks)) {
      const m = byId.get(id)?.meaning;
      if (m) out[m]++;
    }
    return out;
  }, [marks, byId]);
  const editable = can("halls", "add");
  const present = codes.find((c) => c.meaning === "present");
  const allIn = () => present && reply && setMarks(Object.fromEntries(reply.lines.map((l) => [l.studentId, present.id])));

  const save = () => {
    if (!reply) return;
    const body = {
      hallId: reply.hall.id,
      date: reply.date,
      slot: reply.slot,
      time: time || null,
      marks: reply.lines.map((l) => ({ studentId: l.studentId, codeId: marks[l.studentId]!, note: notes[l.studentId]?.trim() || null })),
    };
    create.mutate(body, {
      onSuccess: (r) => {
        setConfirming(false);
        setSaved(r.data ?? null);
      },
    });
  };

  let body: ReactNode;
  if (!hallId) body = <EmptyList title={t("register.chooseHall")} />;
  else if (register.isPending) body = <LoadingState text={t("register.loading")} />;
  else if (register.isError) body = <FailureState reason={errorText(register.error)} onRetry={() => void register.refetch()} />;
  else if (!reply?.lines.length) body = <EmptyList title={t("register.empty")} />;
  else
    body = (
      <Stack gap={6} data-testid="hall-register-lines">
        {reply.lines.map((line) => {
          const code = byId.get(marks[line.studentId] ?? 0);
          return (
            <Stack key={line.studentId} gap={4}>
              <RegisterLine line={line} code={code} disabled={!editable} conflict={false} onTap={onTap} onMore={setChoosing} />
              {code && code.meaning !== "present" && (
                <TextInput
                  size="xs"
                  aria-label={t("register.noteFor", { name: line.name })}
                  placeholder={t("register.note")}
                  value={notes[line.studentId] ?? ""}
                  maxLength={200}
                  disabled={!editable}
                  onChange={(e) => setNotes((n) => ({ ...n, [line.studentId]: e.currentTarget.value }))}
                />
              )}
            </Stack>
          );
        })}
      </Stack>
    );

  return (
    <Stack gap="sm" maw={720}>
      <Title order={2}>{t("register.title")}</Title>
      <Group grow align="flex-end" gap="xs">
        <Select label={t("register.hall")} data={halls.options} value={hallId} onChange={setHallId} searchable placeholder={t("register.chooseHall")} />
        <SchoolDateInput label={t("register.date")} value={date} onChange={(v) => v && setDate(v)} past />
      </Group>
      <SegmentedControl
        fullWidth
        value={slot}
        onChange={(v) => setSlot(v as HallCheckSlot)}
        data={SLOTS.map((s) => ({ value: s, label: t(`check.options.slot.${s}`) }))}
      />
      {slot === "other" && <TextInput label={t("check.fields.time")} type="time" value={time} onChange={(e) => setTime(e.currentTarget.value)} maw={160} />}
      {reply?.check && (
        <Text size="sm" c="dimmed">
          {t("register.takenBy", { name: reply.check.takenByName ?? "" })}
        </Text>
      )}
      {saved && (
        <Alert color={saved.absent ? "orange" : "teal"} data-testid="hall-check-saved">
          {saved.absent ? t("register.savedAbsent", { names: saved.absentees.map((a) => a.name).join(", ") }) : t("register.savedAllIn")}
        </Alert>
      )}
      {reply && reply.lines.length > 0 && <RegisterCounts meanings={HALL_MEANINGS} totals={totals} testId="hall-register-counts" />}
      {body}
      {reply && reply.lines.length > 0 && editable && (
        <RegisterBar allLabel={t("register.allIn")} saveLabel={t("register.save")} saving={create.isPending} onAll={allIn} onSave={() => setConfirming(true)} />
      )}
      <CodeMenu codes={codes} lines={reply?.lines} choosing={choosing} setMarks={setMarks} onClose={() => setChoosing(null)} />
      <ConfirmDialog
        opened={confirming}
        title={t("register.confirmTitle", { hall: reply?.hall.name ?? "" })}
        confirmLabel={t("register.confirm")}
        loading={create.isPending}
        onConfirm={save}
        onClose={() => setConfirming(false)}
      >
        <ConfirmTotals meanings={HALL_MEANINGS} totals={totals} note={t("register.alertsNote")} testId="hall-confirm-totals" />
      </ConfirmDialog>
    </Stack>
  );
}
