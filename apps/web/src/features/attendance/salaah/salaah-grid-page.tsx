import { Badge, Button, Chip, Group, Paper, Select, Stack, Text, Title, UnstyledButton } from "@mantine/core";
import { IconChecks, IconDeviceFloppy } from "@tabler/icons-react";
import { salaahBulkUpdate, salaahClassDay } from "@taleem/contract";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { schoolDay } from "../../../lib/format";
import { notify } from "../../../lib/notify";
import { useAction, useActionQuery } from "../../../lib/use-action";
import { useClassrooms } from "../../../lib/use-classrooms";
import { useErrorText } from "../../../ui/api-error";
import { EmptyList, FailureState, LoadingState } from "../../../ui/list-states";
import { useReferenceName } from "../../../ui/reference-name";
import { SchoolDateInput } from "../../../ui/school-date-input";
import { useCan } from "../../../ui/use-can";
import { MEANING_COLOR, nextOption } from "./salaah-marks";

/**
 * The salaah grid, made for a phone: choose the class, the day and the prayer; each child is one
 * row with one big button that cycles through the options at each tap, and a strip of the day's
 * other prayers. "Mark all" fills every child with the first option; Save sends the class in
 * one call (sending it twice changes nothing).
 */
export function SalaahGridPage() {
  const { t } = useTranslation("salaah");
  const prayerName = useReferenceName("prayers");
  const optionName = useReferenceName("salaahOptions");
  const errorText = useErrorText();
  const can = useCan();
  const rooms = useClassrooms();
  // The class may come in the address (`?classroom=`), so a link opens the exact register.
  const [params] = useSearchParams();
  const [classroomId, setClassroomId] = useState<string | null>(params.get("classroom"));
  const [date, setDate] = useState<string>(schoolDay());
  const [typeId, setTypeId] = useState<number | null>(null);
  const [marks, setMarks] = useState<Record<number, number>>({});
  const day = useActionQuery(salaahClassDay, { query: { classroomId: Number(classroomId), date } }, { enabled: !!classroomId });
  const save = useAction(salaahBulkUpdate);
  const types = day.data?.salaahTypes ?? [];
  const options = day.data?.options ?? [];
  const students = day.data?.students ?? [];
  const prayer = typeId ?? types[0]?.id ?? null;

  // The saved marks of the chosen prayer are where the taps start from.
  useEffect(() => {
    const saved: Record<number, number> = {};
    for (const s of day.data?.students ?? []) {
      const log = s.logs.find((l) => l.salaahTypeId === prayer);
      if (log) saved[s.id] = log.optionId;
    }
    setMarks(saved);
  }, [day.data, prayer]);

  const optionById = useMemo(() => new Map(options.map((o) => [o.id, o])), [options]);
  const counts = useMemo(() => {
    const out = new Map<number, number>();
    for (const id of Object.values(marks)) out.set(id, (out.get(id) ?? 0) + 1);
    return out;
  }, [marks]);
  const mayMark = can("attendance", "add");

  const onSave = () => {
    if (!classroomId || !prayer) return;
    const entries = Object.entries(marks).map(([studentId, optionId]) => ({ studentId: Number(studentId), optionId }));
    if (!entries.length) return notify.warning(t("grid.nothingMarked"));
    save.mutate(
      { body: { classroomId: Number(classroomId), date, salaahTypeId: prayer, entries } },
      {
        onSuccess: (r) => notify.success(r.changed ? t("grid.saved", { count: r.changed }) : t("grid.unchanged")),
        onError: (e) => notify.error(errorText(e)),
      },
    );
  };

  let body: ReactNode;
  if (!classroomId) body = <EmptyList title={t("grid.chooseClass")} />;
  else if (day.isPending) body = <LoadingState text={t("grid.loading")} />;
  else if (day.isError) body = <FailureState reason={errorText(day.error)} onRetry={() => void day.refetch()} />;
  else if (!students.length) body = <EmptyList title={t("grid.empty")} />;
  else
    body = (
      <Stack gap={6}>
        {students.map((s) => {
          const option = optionById.get(marks[s.id] ?? 0);
          return (
            <Paper key={s.id} withBorder p="xs" radius="md">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={600} truncate>
                    {s.name}
                  </Text>
                  <Group gap={4} aria-hidden>
                    {types.map((type) => {
                      const log = s.logs.find((l) => l.salaahTypeId === type.id);
                      return <Badge key={type.id} size="xs" variant={log ? "filled" : "outline"} color={log ? MEANING_COLOR[log.meaning] : "gray"} circle />;
                    })}
                  </Group>
                </Stack>
                <UnstyledButton
                  disabled={!mayMark}
                  aria-label={t("grid.tapFor", { name: s.name, option: option ? optionName(option) : t("grid.notMarked") })}
                  data-student={s.id}
                  onClick={() => setMarks((m) => ({ ...m, [s.id]: nextOption(options, m[s.id])! }))}
                  style={{ minWidth: 128, minHeight: 48 }}
                >
                  <Badge fullWidth size="xl" radius="sm" h={48} color={option ? MEANING_COLOR[option.meaning] : "gray"} variant={option ? "filled" : "light"}>
                    {option ? optionName(option) : t("grid.notMarked")}
                  </Badge>
                </UnstyledButton>
              </Group>
            </Paper>
          );
        })}
      </Stack>
    );

  return (
    <Stack gap="sm" maw={720}>
      <Title order={2}>{t("grid.title")}</Title>
      <Group grow align="flex-end" gap="xs">
        <Select label={t("grid.classroom")} data={rooms.grouped} value={classroomId} onChange={setClassroomId} searchable placeholder={t("grid.chooseClass")} />
        <SchoolDateInput label={t("grid.date")} value={date} onChange={(v) => v && setDate(v)} past />
      </Group>
      {types.length > 0 && (
        <Chip.Group value={String(prayer)} onChange={(v) => setTypeId(Number(v))}>
          <Group gap={6} role="radiogroup" aria-label={t("grid.prayer")}>
            {types.map((type) => (
              <Chip key={type.id} value={String(type.id)} size="md">
                {prayerName(type)}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      )}
      {students.length > 0 && (
        <Group gap={6} aria-live="polite">
          {options.map((o) => (
            <Badge key={o.id} variant="light" color={MEANING_COLOR[o.meaning]}>
              {optionName(o)}: {counts.get(o.id) ?? 0}
            </Badge>
          ))}
          <Badge variant="outline" color="gray">
            {t("grid.unmarked")}: {students.length - Object.keys(marks).length}
          </Badge>
        </Group>
      )}
      {body}
      {students.length > 0 && mayMark && (
        <Group grow style={{ position: "sticky", bottom: 8 }}>
          <Button
            variant="default"
            leftSection={<IconChecks size={18} />}
            onClick={() => setMarks(Object.fromEntries(students.map((s) => [s.id, options[0]!.id])))}
          >
            {t("grid.markAll", { option: options[0] ? optionName(options[0]) : "" })}
          </Button>
          <Button leftSection={<IconDeviceFloppy size={18} />} loading={save.isPending} onClick={onSave}>
            {t("grid.save")}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
