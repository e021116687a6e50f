import { Badge, Button, Group, Paper, Select, Stack, Text, Title } from "@mantine/core";
import { IconCalendarPlus, IconDownload, IconUsersGroup } from "@tabler/icons-react";
import { actionUrl, downloadTimetable, type HourRow } from "@taleem/contract";
import { useMutation } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { api } from "../../lib/api";
import { notify } from "../../lib/notify";
import { useClassrooms } from "../../lib/use-classrooms";
import { useErrorText } from "../../ui/api-error";
import { useAreaPath } from "../../ui/area-path";
import { EmptyList, FailureState, LoadingState } from "../../ui/list-states";
import { resourceUrl } from "../../ui/resource";
import { SetupLink } from "../../ui/setup-steps";
import { useCan } from "../../ui/use-can";
import { AddSlotDialog, SlotDialog } from "./slot-dialogs";
import { TimetableGrid } from "./timetable-grid";
import { type SlotRow, useTimetable } from "./use-timetable";

/** Saves a downloaded file under the name the server gave it. */
function save(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * A classroom's weekly timetable as a grid of days and hours: a time row is added for several
 * days at once, a cell gets its subject and teacher, and the week prints as a PDF.
 */
export function TimetablePage() {
  const { t } = useTranslation(["timetable", "academics", "admin"]);
  const to = useAreaPath();
  const allowed = useCan();
  const errorText = useErrorText();
  const [search, setSearch] = useSearchParams();
  const rooms = useClassrooms();
  const classroomId = Number(search.get("classroom")) || undefined;
  const room = classroomId ? rooms.byId.get(classroomId) : undefined;
  const week = useTimetable(classroomId);
  const [open, setOpen] = useState<HourRow | null>(null);
  const [addingSlot, setAddingSlot] = useState(false);
  const editable = allowed("academics", "edit") && allowed("academics", "add");

  const addHour = useMutation({
    mutationFn: ({ day, slot }: { day: number; slot: SlotRow; key: string }) =>
      api.post<{ data: HourRow }>(resourceUrl("hour"), { classroomId, dayOfWeek: day, startTime: slot.startTime, endTime: slot.endTime }),
    onSuccess: (r) => {
      week.refresh();
      setOpen(r.data);
    },
    onError: (e) => notify.error(`${t("timetable:grid.failed")} ${errorText(e)}`),
  });
  const download = useMutation({
    mutationFn: () => api.download(actionUrl(downloadTimetable, { id: week.hours[0]!.id }), undefined, "timetable.pdf"),
    onSuccess: ({ blob, filename }) => save(blob, filename),
    onError: (e) => notify.error(`${t("timetable:grid.downloadFailed")} ${errorText(e)}`),
  });

  let body: ReactNode;
  if (!classroomId) {
    // No classroom to choose yet: the way to make one.
    const extra = rooms.isSuccess && !rooms.rows.length ? <SetupLink step="classrooms" /> : undefined;
    body = <EmptyList title={t("timetable:grid.chooseTitle")} description={t("timetable:grid.chooseText")} extra={extra} />;
  } else if (week.isPending) {
    body = <LoadingState text={t("timetable:grid.loading")} />;
  } else if (week.isError) {
    body = <FailureState reason={errorText(week.error)} onRetry={() => void week.refetch()} />;
  } else if (!week.slots.length) {
    body = (
      <EmptyList
        title={t("timetable:grid.emptyTitle")}
        description={editable ? t("timetable:grid.emptyText") : undefined}
        addLabel={t("timetable:grid.addSlot")}
        onAdd={editable ? () => setAddingSlot(true) : undefined}
      />
    );
  } else {
    body = (
      <TimetableGrid
        slots={week.slots}
        days={week.days}
        entryOf={week.entryOf}
        editable={editable}
        onOpen={setOpen}
        onAddHour={(day, slot) => addHour.mutate({ day, slot, key: `${day}:${slot.key}` })}
        adding={addHour.isPending ? addHour.variables?.key : null}
      />
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <Title order={2}>{t("timetable:grid.title")}</Title>
          {room ? (
            <Group gap="xs">
              <Text fw={600}>
                <bdi>{room.label}</bdi>
              </Text>
              <Badge tt="none" variant="light">
                <bdi>{room.batchName}</bdi>
              </Badge>
              <Badge tt="none" variant="light" color="grape">
                <bdi>{room.courseName}</bdi>
              </Badge>
            </Group>
          ) : (
            <Text c="dimmed" size="sm">
              {t("timetable:grid.description")}
            </Text>
          )}
        </Stack>
        <Select
          aria-label={t("academics:roster.choose")}
          placeholder={t("academics:roster.choose")}
          data={rooms.grouped}
          value={classroomId ? String(classroomId) : null}
          onChange={(v) => v && setSearch({ classroom: v }, { replace: true })}
          searchable
          allowDeselect={false}
          w={280}
        />
      </Group>
      {classroomId && (
        <Group gap="sm" wrap="wrap">
          {editable && (
            <Button leftSection={<IconCalendarPlus size={16} />} onClick={() => setAddingSlot(true)}>
              {t("timetable:grid.addSlot")}
            </Button>
          )}
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            disabled={!week.hours.length}
            loading={download.isPending}
            onClick={() => download.mutate()}
          >
            {t("timetable:grid.download")}
          </Button>
          <Button variant="subtle" component={Link} to={to(`classrooms/${classroomId}`)} leftSection={<IconUsersGroup size={16} />}>
            {t("academics:classrooms.roster")}
          </Button>
        </Group>
      )}
      <Paper withBorder radius="md" p={week.slots.length ? 0 : undefined}>
        {body}
      </Paper>
      {room && (
        <SlotDialog classroom={room} hour={open} entry={open ? week.entryOf.get(open.id) : undefined} onClose={() => setOpen(null)} onChanged={week.refresh} />
      )}
      {classroomId && <AddSlotDialog classroomId={classroomId} opened={addingSlot} onClose={() => setAddingSlot(false)} onChanged={week.refresh} />}
    </Stack>
  );
}
