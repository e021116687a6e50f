import { Badge, Button, Group, Paper, Stack, Text, Title, UnstyledButton } from "@mantine/core";
import { IconChecks, IconDeviceFloppy, IconUserPlus } from "@tabler/icons-react";
import { GENERAL_MARKS, type GeneralMark, generalAttendanceEntries, getGeneralAttendance, saveGeneralRecords, updateGeneralAttendance } from "@taleem/contract";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { schoolDay } from "../../../lib/format";
import { notify } from "../../../lib/notify";
import { useAction, useActionQuery } from "../../../lib/use-action";
import { useErrorText } from "../../../ui/api-error";
import { EmptyList, FailureState, LoadingState } from "../../../ui/list-states";
import { SchoolDateInput } from "../../../ui/school-date-input";
import { StudentPicker } from "../../../ui/student-picker";
import { useCan } from "../../../ui/use-can";

const COLOR: Record<GeneralMark, string> = { present: "teal", absent: "red", late: "yellow", excused: "gray" };
const next = (m: GeneralMark | undefined) => GENERAL_MARKS[(GENERAL_MARKS.indexOf(m ?? "excused") + 1) % GENERAL_MARKS.length]!;

/** One day of a register of the school's own, on a phone: a tap per student, all present, save in one call. */
export function GeneralRegisterDayPage() {
  const { t } = useTranslation("salaah");
  const errorText = useErrorText();
  const can = useCan();
  const id = Number(useParams().id);
  const [date, setDate] = useState(schoolDay());
  const [marks, setMarks] = useState<Record<number, GeneralMark>>({});
  const [adding, setAdding] = useState<string | null>(null);
  const register = useActionQuery(getGeneralAttendance, { params: { id } });
  const entries = useActionQuery(generalAttendanceEntries, { params: { id }, query: { date } });
  const save = useAction(saveGeneralRecords);
  const update = useAction(updateGeneralAttendance);
  const rows = entries.data?.rows ?? [];
  const mayMark = can("attendance", "add");

  useEffect(() => {
    setMarks(Object.fromEntries((entries.data?.rows ?? []).flatMap((r) => (r.mark ? [[r.studentId, r.mark]] : []))));
  }, [entries.data]);

  const addStudent = (studentId: string | null) => {
    setAdding(null);
    const have = register.data?.data.studentIds ?? [];
    if (!studentId || have.includes(Number(studentId))) return;
    update.mutate({ params: { id }, body: { studentIds: [...have, Number(studentId)] } }, { onError: (e) => notify.error(errorText(e)) });
  };
  const onSave = () => {
    const list = Object.entries(marks).map(([studentId, mark]) => ({ studentId: Number(studentId), mark }));
    if (!list.length) return notify.warning(t("grid.nothingMarked"));
    save.mutate(
      { params: { id }, body: { generalAttendanceId: id, date, entries: list } },
      {
        onSuccess: (r) => notify.success(r.changed ? t("grid.saved", { count: r.changed }) : t("grid.unchanged")),
        onError: (e) => notify.error(errorText(e)),
      },
    );
  };

  let body: ReactNode;
  if (entries.isPending) body = <LoadingState text={t("grid.loading")} />;
  else if (entries.isError) body = <FailureState reason={errorText(entries.error)} onRetry={() => void entries.refetch()} />;
  else if (!rows.length) body = <EmptyList title={t("registers.empty")} description={t("registers.emptyText")} />;
  else
    body = (
      <Stack gap={6}>
        {rows.map((r) => (
          <Paper key={r.studentId} withBorder p="xs" radius="md">
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600} truncate>
                {r.name}
              </Text>
              <UnstyledButton
                disabled={!mayMark}
                style={{ minWidth: 120, minHeight: 48 }}
                aria-label={t("grid.tapFor", { name: r.name, option: marks[r.studentId] ? t(`marks.${marks[r.studentId]}`) : t("grid.notMarked") })}
                onClick={() => setMarks((m) => ({ ...m, [r.studentId]: next(m[r.studentId]) }))}
              >
                <Badge
                  fullWidth
                  size="xl"
                  radius="sm"
                  h={48}
                  color={marks[r.studentId] ? COLOR[marks[r.studentId]!] : "gray"}
                  variant={marks[r.studentId] ? "filled" : "light"}
                >
                  {marks[r.studentId] ? t(`marks.${marks[r.studentId]}`) : t("grid.notMarked")}
                </Badge>
              </UnstyledButton>
            </Group>
          </Paper>
        ))}
      </Stack>
    );

  return (
    <Stack gap="sm" maw={720}>
      <Title order={2}>{register.data?.data.name ?? t("registers.title")}</Title>
      {register.data && (
        <Text size="sm" c="dimmed">
          {register.data.data.typeName}
        </Text>
      )}
      <Group grow align="flex-end" gap="xs">
        <SchoolDateInput label={t("grid.date")} value={date} onChange={(v) => v && setDate(v)} past />
        {can("attendance", "edit") && (
          <StudentPicker
            label={t("registers.addStudent")}
            leftSection={<IconUserPlus size={16} />}
            value={adding}
            onChange={addStudent}
            exclude={register.data?.data.studentIds ?? []}
          />
        )}
      </Group>
      {body}
      {rows.length > 0 && mayMark && (
        <Group grow style={{ position: "sticky", bottom: 8 }}>
          <Button
            variant="default"
            leftSection={<IconChecks size={18} />}
            onClick={() => setMarks(Object.fromEntries(rows.map((r) => [r.studentId, "present" as const])))}
          >
            {t("registers.allPresent")}
          </Button>
          <Button leftSection={<IconDeviceFloppy size={18} />} loading={save.isPending} onClick={onSave}>
            {t("grid.save")}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
