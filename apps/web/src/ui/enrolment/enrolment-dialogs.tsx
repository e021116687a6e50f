import { Button, Group, Modal, NumberInput, Select, Stack, Text, TextInput } from "@mantine/core";
import { type EnrolmentRow, enrolmentResource, transferEnrolment, updateEnrolmentClass } from "@taleem/contract";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatNumber, localeOf } from "../../lib/format";
import { iso } from "../../lib/isolate";
import { notify } from "../../lib/notify";
import { withoutFilters } from "../../lib/resource-view";
import { useAction } from "../../lib/use-action";
import { filterGroups, useClassrooms } from "../../lib/use-classrooms";
import { useErrorText } from "../api-error";
import { useResourceMutations } from "../resource";
import { StudentPicker } from "../student-picker";
import { EnrolmentDateInput } from "./enrolment-date-input";

// The list's own screens pick a student by search, not by a filter of ids.
export const enrolments = withoutFilters(enrolmentResource, ["studentId"]);

/** Enrols a student in a classroom; either side may be fixed by the page it is opened from. */
export function EnrolDialog({ opened, onClose, studentId, classroomId }: { opened: boolean; onClose: () => void; studentId?: number; classroomId?: number }) {
  const { t } = useTranslation(["academics", "admin"]);
  const rooms = useClassrooms(opened);
  const { create } = useResourceMutations<EnrolmentRow>(enrolments);
  const [student, setStudent] = useState<string | null>(null);
  const [room, setRoom] = useState<string | null>(null);
  const [rollNo, setRollNo] = useState<number | string>("");
  const [startedOn, setStartedOn] = useState<string | null>(null);
  useEffect(() => {
    if (!opened) return;
    setStudent(studentId ? String(studentId) : null);
    setRoom(classroomId ? String(classroomId) : null);
    setRollNo("");
    setStartedOn(null);
  }, [opened, studentId, classroomId]);
  const submit = () =>
    create.mutate(
      { studentId: Number(student), classroomId: Number(room), rollNo: rollNo === "" ? undefined : Number(rollNo), startedOn: startedOn ?? undefined },
      {
        onSuccess: () => {
          onClose();
        },
      },
    );
  return (
    <Modal opened={opened} onClose={onClose} title={t("academics:enrolments.enrol.title")} centered>
      <Stack gap="md">
        {!studentId && <StudentPicker label={t("academics:enrolments.fields.studentId")} withAsterisk value={student} onChange={setStudent} data-autofocus />}
        {!classroomId && (
          <Select
            label={t("academics:enrolments.fields.classroomId")}
            withAsterisk
            data={rooms.grouped}
            value={room}
            onChange={setRoom}
            searchable
            nothingFoundMessage={t("admin:form.nothingFound")}
          />
        )}
        <Group grow>
          <NumberInput label={t("academics:enrolments.fields.rollNo")} min={1} max={100000} value={rollNo} onChange={setRollNo} />
          <EnrolmentDateInput label={t("academics:enrolments.fields.startedOn")} value={startedOn} onChange={setStartedOn} />
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={create.isPending}>
            {t("admin:actions.cancel")}
          </Button>
          <Button disabled={!student || !room} loading={create.isPending} onClick={submit}>
            {t("academics:enrolments.enrol.submit")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** One student's active enrolment, for the dialogs that move it. */
export interface EnrolmentTarget {
  id: number;
  studentName: string;
  classroomId: number;
}

/**
 * Transfer: the enrolment ends as transferred and a new one starts in the other classroom, so the
 * student's history shows both.
 */
export function TransferDialog({ enrolment, onClose }: { enrolment: EnrolmentTarget | null; onClose: () => void }) {
  const { t } = useTranslation(["academics", "admin"]);
  const errorText = useErrorText();
  const rooms = useClassrooms(!!enrolment);
  const [room, setRoom] = useState<string | null>(null);
  const [date, setDate] = useState<string | null>(null);
  const [reason, setReason] = useState("");
  // A new enrolment to transfer starts from an empty form.
  // biome-ignore lint/correctness/useExhaustiveDependencies: resets on purpose when the enrolment changes.
  useEffect(() => {
    setRoom(null);
    setDate(null);
    setReason("");
  }, [enrolment]);
  const transfer = useAction(transferEnrolment);
  const submit = () =>
    transfer.mutate(
      { body: { id: enrolment!.id, toClassroomId: Number(room), date: date ?? undefined, reason: reason.trim() || undefined } },
      {
        onSuccess: () => {
          notify.success(t("academics:enrolments.transfer.done", { name: iso(enrolment?.studentName) }));
          onClose();
        },
        onError: (e) => notify.error(`${t("academics:enrolments.transfer.failed")} ${errorText(e)}`),
      },
    );
  return (
    <Modal opened={!!enrolment} onClose={onClose} title={t("academics:enrolments.transfer.title", { name: iso(enrolment?.studentName) })} centered>
      <Stack gap="md">
        <Text size="sm">{t("academics:enrolments.transfer.text")}</Text>
        <Select
          label={t("academics:enrolments.transfer.to")}
          withAsterisk
          data={filterGroups(rooms.grouped, (id) => id !== enrolment?.classroomId)}
          value={room}
          onChange={setRoom}
          searchable
          nothingFoundMessage={t("admin:form.nothingFound")}
        />
        <EnrolmentDateInput label={t("academics:enrolments.transfer.date")} value={date} onChange={setDate} />
        <TextInput label={t("academics:enrolments.transfer.reason")} value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={500} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={transfer.isPending}>
            {t("admin:actions.cancel")}
          </Button>
          <Button disabled={!room} loading={transfer.isPending} onClick={submit}>
            {t("academics:enrolments.transfer.submit")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * Bulk class change: corrects the classroom of several active enrolments in place (no history),
 * all or none; for a student who really moved mid-year, transfer keeps the history instead.
 */
export function UpdateClassDialog({ targets, onClose }: { targets: EnrolmentTarget[]; onClose: () => void }) {
  const { t } = useTranslation(["academics", "admin"]);
  const errorText = useErrorText();
  const opened = targets.length > 0;
  const rooms = useClassrooms(opened);
  const [room, setRoom] = useState<string | null>(null);
  useEffect(() => {
    if (opened) setRoom(null);
  }, [opened]);
  const current = new Set(targets.map((x) => x.classroomId));
  const move = useAction(updateEnrolmentClass);
  const submit = () =>
    move.mutate(
      { body: { ids: targets.map((x) => x.id), classroomId: Number(room) } },
      {
        onSuccess: (r) => {
          notify.success(t("academics:enrolments.updateClass.done", { n: formatNumber(r.updated) }));
          onClose();
        },
        onError: (e) => notify.error(`${t("academics:enrolments.updateClass.failed")} ${errorText(e)}`),
      },
    );
  return (
    <Modal opened={opened} onClose={onClose} title={t("academics:enrolments.updateClass.title", { n: formatNumber(targets.length) })} centered>
      <Stack gap="md">
        <Text size="sm">{t("academics:enrolments.updateClass.text")}</Text>
        <Text size="sm" c="dimmed">
          {new Intl.ListFormat(localeOf(), { type: "conjunction" }).format(targets.map((x) => x.studentName))}
        </Text>
        <Select
          label={t("academics:enrolments.updateClass.to")}
          withAsterisk
          data={filterGroups(rooms.grouped, (id) => !(current.size === 1 && current.has(id)))}
          value={room}
          onChange={setRoom}
          searchable
          nothingFoundMessage={t("admin:form.nothingFound")}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={move.isPending}>
            {t("admin:actions.cancel")}
          </Button>
          <Button disabled={!room} loading={move.isPending} onClick={submit}>
            {t("academics:enrolments.updateClass.submit")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
