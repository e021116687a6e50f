import { Alert, Button, Chip, Group, Select, Stack, Text, TextInput } from "@mantine/core";
import { TimeInput } from "@mantine/dates";
import { IconTrash } from "@tabler/icons-react";
import type { ClassroomRow, HourRow, TimetableRow } from "@taleem/contract";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../lib/api";
import { formatNumber } from "../../lib/format";
import { notify } from "../../lib/notify";
import { useStaffOptions } from "../../lib/people-options";
import { DAYS, formatTimeRange, useDayName } from "../../lib/time-text";
import { useErrorText } from "../../ui/api-error";
import { FormDialog } from "../../ui/form-dialog";
import { resourceUrl, useResourceOptions } from "../../ui/resource";
import { useWorkingDays } from "../../ui/school-country";
import { useCan } from "../../ui/use-can";
import { useCourseSubjects } from "./classroom-subjects-dialog";

/**
 * One slot of the grid: the subject taught in it and by whom. Choosing a subject the classroom
 * already has a teacher for fills the teacher in.
 */
export function SlotDialog({
  classroom,
  hour,
  entry,
  onClose,
  onChanged,
}: {
  classroom: ClassroomRow;
  hour: HourRow | null;
  entry: TimetableRow | undefined;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation(["timetable", "admin"]);
  const errorText = useErrorText();
  const allowed = useCan();
  const day = useDayName();
  const all = useCourseSubjects(classroom.courseId);
  const staff = useStaffOptions();
  const [subject, setSubject] = useState<string | null>(null);
  const [teacher, setTeacher] = useState<string | null>(null);
  useEffect(() => {
    setSubject(entry ? String(entry.subjectId) : null);
    setTeacher(entry?.teacherId ? String(entry.teacherId) : null);
  }, [entry]);
  const own = useMemo(() => new Set(classroom.subjects.map((s) => String(s.subjectId))), [classroom.subjects]);
  const subjects = useMemo(() => {
    const mine = all.filter((s) => own.has(s.value));
    const rest = all.filter((s) => !own.has(s.value));
    return [
      ...(mine.length ? [{ group: t("timetable:grid.classSubjects"), items: mine }] : []),
      ...(rest.length ? [{ group: t("timetable:grid.otherSubjects"), items: rest }] : []),
    ];
  }, [all, own, t]);

  const done = (key: string) => () => {
    notify.success(t(key));
    onChanged();
    onClose();
  };
  const failed = (e: unknown) => notify.error(`${t("timetable:grid.failed")} ${errorText(e)}`);
  const save = useMutation({
    mutationFn: () => {
      const body = { subjectId: Number(subject), teacherId: teacher ? Number(teacher) : null };
      return entry ? api.put(resourceUrl("timetable"), { id: entry.id, ...body }) : api.post(resourceUrl("timetable"), { hourId: hour!.id, ...body });
    },
    onSuccess: done("timetable:grid.saved"),
    onError: failed,
  });
  const clear = useMutation({
    mutationFn: () => api.delete(`${resourceUrl("timetable")}/${entry!.id}`),
    onSuccess: done("timetable:grid.cleared"),
    onError: failed,
  });
  const removeHour = useMutation({
    mutationFn: async () => {
      if (entry) await api.delete(`${resourceUrl("timetable")}/${entry.id}`);
      await api.delete(`${resourceUrl("hour")}/${hour!.id}`);
    },
    onSuccess: done("timetable:grid.hourRemoved"),
    onError: (e) => {
      onChanged();
      failed(e);
    },
  });
  const busy = save.isPending || clear.isPending || removeHour.isPending;
  const title = hour ? `${day(hour.dayOfWeek)}, ${formatTimeRange(hour.startTime, hour.endTime)}` : "";

  return (
    <FormDialog opened={!!hour} onClose={onClose} title={title} centered>
      <Stack gap="md">
        <Select
          label={t("timetable:grid.subject")}
          data={subjects}
          value={subject}
          onChange={(v) => {
            setSubject(v);
            const assigned = classroom.subjects.find((s) => String(s.subjectId) === v);
            if (assigned?.teacherId) setTeacher(String(assigned.teacherId));
          }}
          searchable
          withAsterisk
          nothingFoundMessage={t("timetable:grid.noSubjects")}
        />
        <Select label={t("timetable:grid.teacher")} data={staff.options} value={teacher} onChange={setTeacher} searchable clearable />
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="xs">
            {entry && allowed("academics", "delete") && (
              <Button variant="subtle" color="red" size="xs" onClick={() => clear.mutate()} loading={clear.isPending} disabled={busy}>
                {t("timetable:grid.clear")}
              </Button>
            )}
            {allowed("academics", "delete") && (
              <Button
                variant="subtle"
                color="red"
                size="xs"
                leftSection={<IconTrash size={14} />}
                onClick={() => removeHour.mutate()}
                loading={removeHour.isPending}
                disabled={busy}
              >
                {t("timetable:grid.removeHour")}
              </Button>
            )}
          </Group>
          <Group gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t("admin:actions.cancel")}
            </Button>
            <Button onClick={() => save.mutate()} disabled={!subject || busy} loading={save.isPending}>
              {t("admin:actions.saveChanges")}
            </Button>
          </Group>
        </Group>
      </Stack>
    </FormDialog>
  );
}

interface AddSlotProps {
  classroomId: number;
  opened: boolean;
  onClose: () => void;
  onChanged: () => void;
}

/** A new time of day for several days at once (08:00-08:45, the school's working days); each opening starts empty. */
export function AddSlotDialog(props: AddSlotProps) {
  const { t } = useTranslation("timetable");
  return (
    <FormDialog opened={props.opened} onClose={props.onClose} title={t("timetable:grid.addSlot")} centered size="lg">
      <AddSlotForm {...props} />
    </FormDialog>
  );
}

/** The add-a-time-slot form; its state lives only while the dialog is open. */
function AddSlotForm({ classroomId, opened, onClose, onChanged }: AddSlotProps) {
  const { t } = useTranslation(["timetable", "admin"]);
  const errorText = useErrorText();
  const day = useDayName();
  const sessions = useResourceOptions("session", "name", opened);
  const [start, setStart] = useState("");
  const [end, setEnd] = useState("");
  const [session, setSession] = useState<string | null>(null);
  const [label, setLabel] = useState("");
  const working = useWorkingDays();
  const [days, setDays] = useState<string[]>(() => working.map(String));
  const [problems, setProblems] = useState<string[]>([]);
  const valid = /^\d{2}:\d{2}$/.test(start) && /^\d{2}:\d{2}$/.test(end) && end > start && days.length > 0;
  const add = useMutation({
    mutationFn: async () => {
      const failures: string[] = [];
      let made = 0;
      // One hour per day; a day that clashes is reported and the others still get theirs.
      for (const d of [...days].sort()) {
        try {
          await api.post(resourceUrl("hour"), {
            classroomId,
            dayOfWeek: Number(d),
            startTime: start,
            endTime: end,
            sessionId: session ? Number(session) : undefined,
            label: label.trim() || undefined,
          });
          made++;
        } catch (e) {
          failures.push(`${day(d)}: ${errorText(e)}`);
        }
      }
      return { made, failures };
    },
    onSuccess: ({ made, failures }) => {
      onChanged();
      if (made) notify.success(t("timetable:grid.slotsAdded", { n: formatNumber(made) }));
      setProblems(failures);
      if (!failures.length) onClose();
    },
  });
  return (
    <Stack gap="md">
      <Group grow>
        <TimeInput
          dir="ltr"
          label={t("timetable:hours.fields.startTime")}
          withAsterisk
          value={start}
          onChange={(e) => setStart(e.currentTarget.value)}
          data-autofocus
        />
        <TimeInput
          dir="ltr"
          label={t("timetable:hours.fields.endTime")}
          withAsterisk
          value={end}
          onChange={(e) => setEnd(e.currentTarget.value)}
          error={start && end && end <= start ? t("timetable:grid.endAfterStart") : undefined}
        />
      </Group>
      <Chip.Group multiple value={days} onChange={setDays}>
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {t("timetable:grid.days")}
          </Text>
          <Group gap="xs">
            {[...working, ...DAYS.filter((d) => !working.includes(d))].map((d) => (
              <Chip key={d} value={String(d)} size="sm">
                {day(d)}
              </Chip>
            ))}
          </Group>
        </Stack>
      </Chip.Group>
      <Group grow align="flex-end">
        <Select label={t("timetable:hours.fields.sessionId")} data={sessions.options} value={session} onChange={setSession} clearable />
        <TextInput
          label={t("timetable:hours.fields.label")}
          description={t("timetable:grid.labelHint")}
          value={label}
          onChange={(e) => setLabel(e.currentTarget.value)}
          maxLength={60}
        />
      </Group>
      {problems.length > 0 && (
        <Alert color="red" title={t("timetable:grid.someFailed")} role="alert">
          <Stack gap={2}>
            {problems.map((p) => (
              <Text key={p} size="sm">
                {p}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={add.isPending}>
          {t("admin:actions.close")}
        </Button>
        <Button disabled={!valid} loading={add.isPending} onClick={() => add.mutate()}>
          {t("timetable:grid.addSlotSubmit")}
        </Button>
      </Group>
    </Stack>
  );
}
