import { Alert, Badge, Group, Select, Stack, Text, Title } from "@mantine/core";
import { IconCloudUpload, IconWifiOff } from "@tabler/icons-react";
import { ATTENDANCE_MEANINGS, type AttendanceMeaning, type MarkConflict } from "@taleem/contract";
import { type ReactNode, useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { schoolDay } from "../../../lib/format";
import { notify } from "../../../lib/notify";
import { useErrorText } from "../../../ui/api-error";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { EmptyList, FailureState, LoadingState } from "../../../ui/list-states";
import { SchoolDateInput } from "../../../ui/school-date-input";
import { useCan } from "../../../ui/use-can";
import { useClassrooms } from "../../academics/use-classrooms";
import { PeriodChooser, useHourRegister } from "./period-chooser";
import { RegisterLine } from "./register-line";
import { nextCode, startingMarks, tapCycle, totalsOf } from "./register-marks";
import { CodeMenu, ConfirmTotals, RegisterBar, RegisterCounts } from "./register-parts";
import { newBatchId, queueSave } from "./register-store";
import { useKeptClassrooms, useRegister } from "./use-register";
import { reportOutcomes, type SyncOutcome, useRegisterSync } from "./use-register-sync";

/** Before saving, the class register also names on leave, even at nought. */
const CONFIRM_ALWAYS: AttendanceMeaning[] = ["present", "absent", "on_leave"];

/**
 * The register, made for a phone and for a room without signal: the class as a list, one tap per
 * child through the common codes, a long press for the rest, the counts on top, everyone present
 * at once, then the totals to confirm. A confirmed register is first written to the phone
 * (IndexedDB) and then sent as one call under its own batch id, so a closed tab, a lost reply or
 * a second send neither loses nor doubles a mark; marks changed on the server meanwhile come back
 * as conflicts and are shown, not overwritten.
 */
export function RegisterPage() {
  const { t } = useTranslation("attendance");
  const errorText = useErrorText();
  const can = useCan();
  const rooms = useClassrooms();
  const keptRooms = useKeptClassrooms();
  // A link to a missing register names the exact classroom and day.
  const [search] = useSearchParams();
  const [classroomId, setClassroomId] = useState<string | null>(() => search.get("classroomId") ?? localStorage.getItem("taleem_register_classroom"));
  const [date, setDate] = useState(() => search.get("date") ?? schoolDay());
  // "Whole day" (no hour) or one timetable hour of that weekday; a link may name the hour.
  const [hourId, setHourId] = useState<string | null>(() => search.get("hourId"));
  const dayRegister = useRegister(classroomId && !hourId ? Number(classroomId) : null, date);
  const hourRegister = useHourRegister(classroomId, date, hourId);
  const register = hourId ? hourRegister : dayRegister;
  const reply = register.data?.reply;
  const [marks, setMarks] = useState<Record<number, number>>({});
  const [choosing, setChoosing] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [conflicts, setConflicts] = useState<MarkConflict[]>([]);

  const onOutcome = useCallback((outcomes: SyncOutcome[]) => {
    setConflicts(outcomes.flatMap((o) => o.reply?.conflicts ?? []));
    reportOutcomes(outcomes);
  }, []);
  const sync = useRegisterSync(onOutcome);

  useEffect(() => {
    if (reply) setMarks(startingMarks(reply));
  }, [reply]);
  useEffect(() => {
    if (classroomId) localStorage.setItem("taleem_register_classroom", classroomId);
  }, [classroomId]);

  const codes = reply?.codes ?? [];
  const byId = useMemo(() => new Map(codes.map((c) => [c.id, c])), [codes]);
  const cycle = useMemo(() => tapCycle(codes), [codes]);
  const totals = useMemo(() => totalsOf(marks, codes), [marks, codes]);
  const conflictIds = useMemo(() => new Set(conflicts.map((c) => c.studentId)), [conflicts]);
  const editable = !!reply?.editable && can("attendance", "add");
  const onTap = useCallback((id: number) => setMarks((m) => ({ ...m, [id]: nextCode(cycle, m[id]) ?? m[id]! })), [cycle]);
  const present = codes.find((c) => c.meaning === "present");
  const allPresent = () => present && reply && setMarks(Object.fromEntries(reply.lines.map((l) => [l.studentId, present.id])));

  const confirm = async () => {
    if (!reply) return;
    const batchId = newBatchId();
    const seen = new Map(reply.lines.map((l) => [l.studentId, l.mark?.updatedAt ?? null]));
    await queueSave({
      batchId,
      label: reply.classroom.label,
      queuedAt: Date.now(),
      body: {
        classroomId: reply.classroom.id,
        date: reply.date,
        hourId: reply.hourId,
        clientBatchId: batchId,
        marks: Object.entries(marks).map(([studentId, codeId]) => ({ studentId: Number(studentId), codeId, seen: seen.get(Number(studentId)) ?? null })),
      },
    });
    setConfirming(false);
    setConflicts([]);
    if (!navigator.onLine) notify.info(t("register.keptOffline"));
    await sync.sync();
  };

  const choices = rooms.grouped.length ? rooms.grouped : keptRooms;
  let body: ReactNode;
  if (!classroomId) body = <EmptyList title={t("register.chooseClass")} />;
  else if (register.isPending) body = <LoadingState text={t("register.loading")} />;
  else if (register.isError) body = <FailureState reason={errorText(register.error)} onRetry={() => void register.refetch()} />;
  else if (!reply?.lines.length) body = <EmptyList title={t("register.empty")} />;
  else
    body = (
      <Stack gap={6} data-testid="register-lines">
        {reply.lines.map((line) => (
          <RegisterLine
            key={line.studentId}
            line={line}
            code={byId.get(marks[line.studentId] ?? 0)}
            disabled={!editable}
            conflict={conflictIds.has(line.studentId)}
            onTap={onTap}
            onMore={setChoosing}
          />
        ))}
      </Stack>
    );

  return (
    <Stack gap="sm" maw={720}>
      <Group justify="space-between" gap="xs">
        <Title order={2}>{t("register.title")}</Title>
        <Group gap={6}>
          {!sync.online && (
            <Badge color="gray" leftSection={<IconWifiOff size={14} />} data-testid="offline-badge">
              {t("register.offline")}
            </Badge>
          )}
          {sync.waiting > 0 && (
            <Badge color="orange" leftSection={<IconCloudUpload size={14} />} data-testid="waiting-badge">
              {t("register.waiting", { count: sync.waiting })}
            </Badge>
          )}
        </Group>
      </Group>
      <Group grow align="flex-end" gap="xs">
        <Select
          label={t("register.classroom")}
          data={choices}
          value={classroomId}
          onChange={setClassroomId}
          searchable
          placeholder={t("register.chooseClass")}
        />
        <SchoolDateInput label={t("register.date")} value={date} onChange={(v) => v && setDate(v)} past />
      </Group>
      <PeriodChooser classroomId={classroomId} date={date} value={hourId} onChange={setHourId} />
      {register.data?.kept && <Alert color="gray">{t("register.keptCopy")}</Alert>}
      {reply && !reply.editable && <Alert color="yellow">{t(`register.locked.${reply.lockedReason ?? "attendance.too_old"}`)}</Alert>}
      {reply?.taken && (
        <Text size="sm" c="dimmed">
          {t("register.takenBy", { name: reply.taken.byName })}
        </Text>
      )}
      {conflicts.length > 0 && (
        <Alert color="orange" title={t("register.conflictTitle")} data-testid="conflicts">
          {conflicts.map((c) => (
            <Text key={c.studentId} size="sm">
              {t("register.conflictLine", {
                name: reply?.lines.find((l) => l.studentId === c.studentId)?.name ?? c.studentId,
                meaning: t(`meanings.${c.meaning}`),
                by: c.byName,
              })}
            </Text>
          ))}
        </Alert>
      )}
      {reply && reply.lines.length > 0 && <RegisterCounts meanings={ATTENDANCE_MEANINGS} totals={totals} testId="register-counts" />}
      {body}
      {reply && reply.lines.length > 0 && editable && (
        <RegisterBar
          allLabel={t("register.allPresent")}
          saveLabel={t("register.save")}
          saving={sync.sending}
          onAll={allPresent}
          onSave={() => setConfirming(true)}
        />
      )}
      <CodeMenu codes={codes} lines={reply?.lines} choosing={choosing} setMarks={setMarks} onClose={() => setChoosing(null)} />
      <ConfirmDialog
        opened={confirming}
        title={t("register.confirmTitle", { label: reply?.classroom.label ?? "" })}
        confirmLabel={t("register.confirm")}
        onConfirm={() => void confirm()}
        onClose={() => setConfirming(false)}
      >
        <ConfirmTotals meanings={ATTENDANCE_MEANINGS} totals={totals} always={CONFIRM_ALWAYS} note={t("register.alertsNote")} testId="confirm-totals" />
      </ConfirmDialog>
    </Stack>
  );
}
