import { Alert, Badge, Group, Select, Stack, Text, Title } from "@mantine/core";
import { IconCloudUpload, IconWifiOff } from "@tabler/icons-react";
import { ATTENDANCE_MEANINGS, type AttendanceMeaning } from "@taleem/contract";
import { type ReactNode, useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { schoolDay } from "../../../lib/format";
import { notify } from "../../../lib/notify";
import { dropSave, newBatchId, type PendingSave, queueSave, replaceSave, saveIsOf } from "../../../lib/register-store";
import { useClassrooms } from "../../../lib/use-classrooms";
import { reportOutcomes, type SyncOutcome, useRegisterSync } from "../../../lib/use-register-sync";
import { useErrorText } from "../../../ui/api-error";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { EmptyList, FailureState, LoadingState } from "../../../ui/list-states";
import { RegisterLine } from "../../../ui/register/register-line";
import { nextCode, tapCycle, totalsOf } from "../../../ui/register/register-marks";
import { CodeMenu, ConfirmTotals, RegisterBar, RegisterCounts } from "../../../ui/register/register-parts";
import { SchoolDateInput } from "../../../ui/school-date-input";
import { useCan } from "../../../ui/use-can";
import { PeriodChooser, useHourRegister } from "./period-chooser";
import { OtherConflicts, RegisterConflicts } from "./register-conflicts";
import { type Choice, chosenCode, resumedMarks, seenMarks, unmarkedChildren } from "./register-resume";
import { useKeptClassrooms, useRegister } from "./use-register";

/** Before saving, the class register also names on leave, even at nought. */
const CONFIRM_ALWAYS: AttendanceMeaning[] = ["present", "absent", "on_leave"];

/**
 * The register, made for a phone and for a room without signal: the class as a list, one tap per
 * child through the common codes, a long press for the rest, the counts on top, everyone present
 * at once, then the totals to confirm. A confirmed register is first written to the phone
 * (IndexedDB) and then sent as one call under its own batch id, so a closed tab, a lost reply or
 * a second send neither loses nor doubles a mark. A save that crossed someone else's marks stays
 * on the phone; the register then shows their mark beside the teacher's for each such child, to
 * keep one and save again.
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
  const [choices, setChoices] = useState<Record<number, Choice>>({});

  const onOutcome = useCallback((outcomes: SyncOutcome[]) => reportOutcomes(outcomes), []);
  const sync = useRegisterSync(onOutcome);
  // The save of this register still on the phone (to be sent, or waiting for the teacher's choice), if any.
  const pending = reply && sync.saves.find((s) => saveIsOf(s, reply.classroom.id, reply.date, reply.hourId));
  const conflicts = pending?.conflicts ?? [];

  useEffect(() => {
    if (reply) setMarks(resumedMarks(reply, pending));
    setChoices({});
  }, [reply, pending]);
  useEffect(() => {
    if (classroomId) localStorage.setItem("taleem_register_classroom", classroomId);
  }, [classroomId]);

  const codes = reply?.codes ?? [];
  const byId = useMemo(() => new Map(codes.map((c) => [c.id, c])), [codes]);
  const cycle = useMemo(() => tapCycle(codes), [codes]);
  const totals = useMemo(() => totalsOf(marks, codes), [marks, codes]);
  const unresolved = useMemo(() => new Set(conflicts.filter((c) => !choices[c.studentId]).map((c) => c.studentId)), [conflicts, choices]);
  const choose = useCallback(
    (studentId: number, choice: Choice) => {
      const c = conflicts.find((x) => x.studentId === studentId);
      if (!c) return;
      setChoices((old) => ({ ...old, [studentId]: choice }));
      setMarks((m) => ({ ...m, [studentId]: chosenCode(c, choice) }));
    },
    [conflicts],
  );
  const openSave = (save: PendingSave) => {
    setClassroomId(String(save.body.classroomId));
    setDate(save.body.date);
    setHourId(save.body.hourId ? String(save.body.hourId) : null);
  };
  const editable = !!reply?.editable && can("attendance", "add");
  const onTap = useCallback((id: number) => setMarks((m) => ({ ...m, [id]: nextCode(cycle, m[id]) ?? m[id]! })), [cycle]);
  const present = codes.find((c) => c.meaning === "present");
  const allPresent = () =>
    present && reply && setMarks((m) => ({ ...m, ...Object.fromEntries(unmarkedChildren(reply, pending).map((id) => [id, present.id])) }));

  const confirm = async () => {
    if (!reply) return;
    const batchId = newBatchId();
    const seen = seenMarks(reply, pending);
    const save: PendingSave = {
      batchId,
      label: reply.classroom.label,
      queuedAt: Date.now(),
      body: {
        classroomId: reply.classroom.id,
        date: reply.date,
        hourId: reply.hourId,
        clientBatchId: batchId,
        marks: Object.entries(marks).map(([studentId, codeId]) => ({ studentId: Number(studentId), codeId, ...seen.get(Number(studentId)) })),
      },
    };
    // Chosen, the save takes the place of the one that waited: the phone never sends both.
    await (pending ? replaceSave(pending.batchId, save) : queueSave(save));
    setConfirming(false);
    if (!navigator.onLine) notify.info(t("register.keptOffline"));
    await sync.sync();
  };

  const roomChoices = rooms.grouped.length ? rooms.grouped : keptRooms;
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
            conflict={unresolved.has(line.studentId)}
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
          data={roomChoices}
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
      <OtherConflicts saves={sync.conflicted.filter((s) => s !== pending)} onOpen={openSave} />
      {reply && pending && conflicts.length > 0 && (
        <RegisterConflicts
          conflicts={conflicts}
          lines={reply.lines}
          choices={choices}
          onChoose={choose}
          onDiscard={editable ? undefined : () => void dropSave(pending.batchId).then(sync.sync)}
        />
      )}
      {reply && reply.lines.length > 0 && <RegisterCounts meanings={ATTENDANCE_MEANINGS} totals={totals} testId="register-counts" />}
      {body}
      {reply && reply.lines.length > 0 && editable && (
        <RegisterBar
          allLabel={t("register.allPresent")}
          saveLabel={t("register.save")}
          saving={sync.sending}
          blocked={unresolved.size > 0 ? t("register.chooseFirst", { count: unresolved.size }) : null}
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
