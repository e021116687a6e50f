import { Alert, Button, Checkbox, Group, Modal, ScrollArea, SegmentedControl, Stack, Text, TextInput } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconAlertCircle, IconSearch } from "@tabler/icons-react";
import { type ClassroomStudent, type HourRow, updateHourStudents } from "@taleem/contract";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../../lib/format";
import { iso } from "../../lib/isolate";
import { notify } from "../../lib/notify";
import { formatTimeRange, useDayName } from "../../lib/time-text";
import { useAction } from "../../lib/use-action";
import { useRoster } from "../../lib/use-classrooms";
import { useErrorText } from "../../ui/api-error";
import { EmptyList, FailureState, LoadingState } from "../../ui/list-states";
import { NativeName } from "../../ui/native-name";
import { useSelection } from "../../ui/use-selection";

type Mode = "all" | "selected";

const matches = (s: ClassroomStudent, term: string) => !term || [s.name, s.nameNative ?? "", s.admissionNo].some((v) => v.toLocaleLowerCase().includes(term));

/**
 * Who attends one hour: the whole classroom, or chosen students of it (a tuition or revision
 * hour). The classroom's roster is a searchable checklist; the choice is saved in one call.
 */
export function HourStudentsDialog({ hour, onClose }: { hour: HourRow | null; onClose: () => void }) {
  const { t } = useTranslation(["timetable", "academics", "admin"]);
  const errorText = useErrorText();
  const day = useDayName();
  const phone = useMediaQuery("(max-width: 48em)");
  const roster = useRoster(hour?.classroomId);
  const students = roster.data?.rows ?? [];
  const [mode, setMode] = useState<Mode>("all");
  const { chosen, toggle, toggleAll, reset: resetChosen } = useSelection();
  const [search, setSearch] = useState("");
  // Its declaration refreshes the hours.
  const save = useAction(updateHourStudents);
  const { reset } = save;
  // Each opening starts from what the hour has now.
  useEffect(() => {
    if (!hour) return;
    setMode(hour.audience);
    resetChosen(hour.studentIds);
    setSearch("");
    reset();
  }, [hour, reset, resetChosen]);

  const inClass = useMemo(() => new Set(students.map((s) => s.id)), [students]);
  const term = search.trim().toLocaleLowerCase();
  const shown = useMemo(() => students.filter((s) => matches(s, term)), [students, term]);
  const picked = students.filter((s) => chosen.has(s.id)).length;
  // Chosen once, since removed from the classroom: the server would refuse them, so they are left out.
  const gone = roster.isSuccess ? [...chosen].filter((id) => !inClass.has(id)).length : 0;
  const shownPicked = shown.filter((s) => chosen.has(s.id)).length;
  const allShown = shown.length > 0 && shownPicked === shown.length;

  const toggleShown = () => toggleAll(shown.map((s) => s.id));
  const submit = () =>
    save.mutate(
      { body: { id: hour!.id, studentIds: mode === "all" ? [] : students.filter((s) => chosen.has(s.id)).map((s) => s.id) } },
      {
        onSuccess: (r) => {
          notify.success(
            r.data.audience === "all"
              ? t("timetable:hours.students.savedAll")
              : t("timetable:hours.students.savedSome", { n: formatNumber(r.data.studentIds.length) }),
          );
          onClose();
        },
      },
    );
  const empty = mode === "selected" && picked === 0;

  let list = null;
  if (mode === "selected") {
    if (roster.isPending) list = <LoadingState text={t("academics:roster.loading")} />;
    else if (roster.isError) list = <FailureState reason={errorText(roster.error)} onRetry={() => void roster.refetch()} />;
    else if (!students.length) list = <EmptyList title={t("academics:roster.empty")} />;
    else {
      list = (
        <Stack gap="xs">
          <TextInput
            leftSection={<IconSearch size={16} aria-hidden />}
            aria-label={t("timetable:hours.students.search")}
            placeholder={t("timetable:hours.students.search")}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            type="search"
          />
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Checkbox
              label={term ? t("timetable:hours.students.selectShown") : t("timetable:hours.students.selectAll")}
              checked={allShown}
              indeterminate={shownPicked > 0 && !allShown}
              disabled={!shown.length}
              onChange={toggleShown}
            />
            <Text size="sm" c="dimmed" aria-live="polite" data-testid="hour-students-count">
              {t("timetable:hours.students.count", { n: formatNumber(picked), total: formatNumber(students.length) })}
            </Text>
          </Group>
          <ScrollArea.Autosize mah={phone ? "calc(100dvh - 400px)" : 360} mih={160} type="auto" offsetScrollbars>
            {shown.length === 0 ? (
              <Text size="sm" c="dimmed" py="sm">
                {t("timetable:hours.students.noMatch")}
              </Text>
            ) : (
              <Stack gap={0} role="group" aria-label={t("timetable:hours.students.listLabel")}>
                {shown.map((s) => (
                  <Checkbox
                    key={s.id}
                    py={8}
                    checked={chosen.has(s.id)}
                    onChange={(e) => toggle(s.id, e.currentTarget.checked)}
                    aria-label={s.name}
                    label={
                      <Group gap="xs" wrap="wrap" component="span">
                        <Text span size="sm" fw={500}>
                          <bdi>{s.name}</bdi>
                        </Text>
                        {s.nameNative && <NativeName value={s.nameNative} size="sm" c="dimmed" />}
                        <Text span size="xs" c="dimmed" dir="ltr">
                          {s.admissionNo}
                        </Text>
                      </Group>
                    }
                  />
                ))}
              </Stack>
            )}
          </ScrollArea.Autosize>
          {gone > 0 && (
            <Alert color="yellow" variant="light" p="xs">
              <Text size="sm">{t("timetable:hours.students.gone", { n: formatNumber(gone) })}</Text>
            </Alert>
          )}
        </Stack>
      );
    }
  }

  return (
    <Modal opened={!!hour} onClose={onClose} title={t("timetable:hours.students.title")} centered fullScreen={phone} size="lg">
      {hour && (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t("timetable:hours.students.slot", {
              classroom: iso(hour.classroomLabel),
              day: day(hour.dayOfWeek),
              time: formatTimeRange(hour.startTime, hour.endTime),
            })}
          </Text>
          <SegmentedControl
            fullWidth
            value={mode}
            onChange={(v) => setMode(v as Mode)}
            data={[
              { value: "all", label: t("timetable:hours.options.audience.all") },
              { value: "selected", label: t("timetable:hours.options.audience.selected") },
            ]}
            aria-label={t("timetable:hours.fields.audience")}
          />
          {mode === "all" ? <Text size="sm">{t("timetable:hours.students.allText", { classroom: iso(hour.classroomLabel) })}</Text> : list}
          {save.isError && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" title={t("timetable:hours.students.failed")}>
              {errorText(save.error)}
            </Alert>
          )}
          {empty && roster.isSuccess && students.length > 0 && (
            <Text size="sm" fw={500}>
              {t("timetable:hours.students.pickOne")}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              {t("admin:actions.cancel")}
            </Button>
            <Button onClick={submit} loading={save.isPending} disabled={empty || (mode === "selected" && !roster.isSuccess)}>
              {t("timetable:hours.students.save")}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
