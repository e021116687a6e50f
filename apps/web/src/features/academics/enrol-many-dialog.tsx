import { Badge, Stack, Text } from "@mantine/core";
import { bulkEnrol, type ClassroomRow, type EnrolmentRow, type StudentRow } from "@taleem/contract";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../lib/api";
import { formatNumber } from "../../lib/format";
import { iso } from "../../lib/isolate";
import { notify } from "../../lib/notify";
import { useAction } from "../../lib/use-action";
import { useErrorText } from "../../ui/api-error";
import { EnrolmentDateInput } from "../../ui/enrolment/enrolment-date-input";
import { type ListReply, resourceKeys, resourceUrl } from "../../ui/resource";
import { SetupLink } from "../../ui/setup-steps";
import { PICK_SHOWN, StudentPickDialog, type StudentPlace, useStudentSearch } from "../../ui/student-pick-list";
import { useSelection } from "../../ui/use-selection";

/** Who is already in a class of the classroom's year, and where: they cannot be ticked. */
function useYearPlaces(room: ClassroomRow | undefined, opened: boolean) {
  const query = { batchId: room?.batchId, status: "active", limit: 500 };
  const taken = useQuery({
    queryKey: resourceKeys("enrollment").list({ ...query, purpose: "enrol-many" }),
    queryFn: () => api.get<ListReply<EnrolmentRow>>(resourceUrl("enrollment"), query),
    enabled: opened && !!room,
  });
  return useMemo(() => new Map((taken.data?.rows ?? []).map((e) => [e.studentId, e])), [taken.data]);
}

/**
 * Enrols many students in one classroom at once: search, tick (or tick every one shown), enrol.
 * One call, all or none; students already in this classroom are shown ticked and left as they are.
 */
export function EnrolManyDialog({ opened, onClose, room }: { opened: boolean; onClose: () => void; room: ClassroomRow | undefined }) {
  const { t } = useTranslation(["academics", "admin", "students"]);
  const errorText = useErrorText();
  const enrol = useAction(bulkEnrol);
  const found = useStudentSearch(opened, "enrol-many");
  const selection = useSelection();
  const { chosen, reset: resetChosen } = selection;
  const [startedOn, setStartedOn] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!opened) return;
    resetChosen();
    setStartedOn(null);
    setError(null);
  }, [opened, resetChosen]);
  const places = useYearPlaces(room, opened);
  const placeOf = (s: StudentRow): StudentPlace => {
    const place = places.get(s.id);
    if (!place) return undefined;
    return place.classroomId === room?.id ? "here" : "elsewhere";
  };

  const submit = () => {
    if (!room) return;
    setError(null);
    enrol.mutate(
      { body: { classroomId: room.id, studentIds: [...chosen], startedOn: startedOn ?? undefined } },
      {
        onSuccess: (r) => {
          notify.success(t("academics:enrolMany.done", { n: formatNumber(r.enrolled), room: iso(room.label) }));
          onClose();
        },
        onError: (e) => setError(errorText(e)),
      },
    );
  };

  return (
    <StudentPickDialog
      opened={opened}
      onClose={onClose}
      title={t("academics:enrolMany.title", { room: iso(room?.label) })}
      intro={t("academics:enrolMany.text")}
      error={error}
      submit={{
        label: t("academics:enrolMany.submit", { n: formatNumber(chosen.size) }),
        disabled: !chosen.size || !room,
        pending: enrol.isPending,
        onClick: submit,
      }}
      list={{
        found,
        selection,
        placeOf,
        labels: {
          search: t("academics:enrolMany.search"),
          selectShown: (n) => t("academics:enrolMany.selectShown", { n }),
          chosen: (n) => t("academics:roster.selected", { n }),
          list: t("academics:enrolMany.list"),
          row: (s) => t("academics:roster.select", { name: s.name }),
        },
        countTestId: "enrol-many-count",
        phoneReserve: 360,
        showNative: true,
        rowEnd: (s) => {
          const place = places.get(s.id);
          if (!place) return null;
          const here = placeOf(s) === "here";
          return (
            <Badge variant="outline" color={here ? "teal.9" : "gray.8"} tt="none" style={{ flexShrink: 0 }}>
              {here ? t("academics:enrolMany.here") : <bdi>{place.classroomLabel}</bdi>}
            </Badge>
          );
        },
        empty: (
          <Stack align="center" gap="xs" py="lg">
            <Text fw={600}>{t("academics:enrolMany.noStudents")}</Text>
            <SetupLink step="students" />
          </Stack>
        ),
      }}
    >
      {found.rows.length === PICK_SHOWN && (
        <Text size="xs" c="dimmed">
          {t("academics:enrolMany.narrow", { n: formatNumber(PICK_SHOWN) })}
        </Text>
      )}
      <EnrolmentDateInput label={t("academics:enrolments.fields.startedOn")} value={startedOn} onChange={setStartedOn} maw={240} />
    </StudentPickDialog>
  );
}
