import { Alert, Badge, Button, Checkbox, Group, Loader, Modal, ScrollArea, Stack, Text, TextInput } from "@mantine/core";
import { useDebouncedValue, useMediaQuery } from "@mantine/hooks";
import { IconAlertCircle, IconSearch } from "@tabler/icons-react";
import { bulkEnrol, type ClassroomRow, type EnrolmentRow, type StudentRow } from "@taleem/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { SetupLink } from "../../areas/admin/setup-steps";
import { api } from "../../lib/api";
import { formatNumber } from "../../lib/format";
import { notify } from "../../lib/notify";
import { useAction } from "../../lib/use-action";
import { useErrorText } from "../../ui/api-error";
import { type ListReply, resourceKeys, resourceUrl } from "../../ui/resource";
import { useSelection } from "../../ui/use-selection";
import { EnrolmentDateInput } from "./enrolment-date-input";
import { useEnrolmentRefresh } from "./enrolment-dialogs";
import { iso } from "./isolate";

/** The most names one search shows; a bigger school narrows by typing. */
const SHOWN = 200;

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
  const phone = useMediaQuery("(max-width: 48em)");
  const errorText = useErrorText();
  const enrol = useAction(bulkEnrol);
  const refresh = useEnrolmentRefresh();
  const [search, setSearch] = useState("");
  const [term] = useDebouncedValue(search, 250);
  const { chosen, toggle, toggleAll, reset: resetChosen } = useSelection();
  const [startedOn, setStartedOn] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!opened) return;
    setSearch("");
    resetChosen();
    setStartedOn(null);
    setError(null);
  }, [opened, resetChosen]);

  const query = { q: term || undefined, status: "active", sort: "name", limit: SHOWN };
  const found = useQuery({
    queryKey: resourceKeys("student").list({ ...query, purpose: "enrol-many" }),
    queryFn: () => api.get<ListReply<StudentRow>>(resourceUrl("student"), query),
    enabled: opened,
    placeholderData: keepPreviousData,
  });
  const places = useYearPlaces(room, opened);
  const rows = found.data?.rows ?? [];
  const free = rows.filter((s) => !places.has(s.id));
  const allShown = free.length > 0 && free.every((s) => chosen.has(s.id));
  const someShown = free.some((s) => chosen.has(s.id));
  const toggleShown = () => toggleAll(free.map((s) => s.id));

  const submit = () => {
    if (!room) return;
    setError(null);
    enrol.mutate(
      { body: { classroomId: room.id, studentIds: [...chosen], startedOn: startedOn ?? undefined } },
      {
        onSuccess: (r) => {
          notify.success(t("academics:enrolMany.done", { n: formatNumber(r.enrolled), room: iso(room.label) }));
          refresh();
          onClose();
        },
        onError: (e) => setError(errorText(e)),
      },
    );
  };

  const noStudents = found.isSuccess && !term && rows.length === 0;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t("academics:enrolMany.title", { room: iso(room?.label) })}
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ "aria-label": t("admin:actions.close") }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t("academics:enrolMany.text")}
        </Text>
        {error && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {error}
          </Alert>
        )}
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t("academics:enrolMany.search")}
          aria-label={t("academics:enrolMany.search")}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          rightSection={found.isFetching ? <Loader size={14} /> : null}
          data-autofocus
        />
        {noStudents ? (
          <Stack align="center" gap="xs" py="lg">
            <Text fw={600}>{t("academics:enrolMany.noStudents")}</Text>
            <SetupLink step="students" />
          </Stack>
        ) : (
          <>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Checkbox
                label={t("academics:enrolMany.selectShown", { n: formatNumber(free.length) })}
                checked={allShown}
                indeterminate={someShown && !allShown}
                disabled={!free.length}
                onChange={toggleShown}
              />
              <Text size="sm" fw={600} aria-live="polite" data-testid="enrol-many-count">
                {t("academics:roster.selected", { n: formatNumber(chosen.size) })}
              </Text>
            </Group>
            <ScrollArea.Autosize mah={phone ? "calc(100dvh - 360px)" : 360} type="auto" offsetScrollbars>
              <Stack gap={2} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }} aria-label={t("academics:enrolMany.list")}>
                {rows.map((s) => {
                  const place = places.get(s.id);
                  const here = place?.classroomId === room?.id;
                  return (
                    <Group
                      key={s.id}
                      component="li"
                      gap="sm"
                      wrap="nowrap"
                      py={6}
                      px={4}
                      style={{ borderBottom: "1px solid var(--mantine-color-default-border)" }}
                    >
                      <Checkbox
                        aria-label={t("academics:roster.select", { name: s.name })}
                        checked={here || chosen.has(s.id)}
                        disabled={!!place}
                        onChange={(e) => toggle(s.id, e.currentTarget.checked)}
                      />
                      <div style={{ flex: 1, minWidth: 0 }}>
                        <Text size="sm" fw={500} truncate>
                          <bdi>{s.name}</bdi>
                        </Text>
                        <Group gap={6} wrap="nowrap">
                          <Text size="xs" c="dimmed" dir="ltr">
                            {s.admissionNo}
                          </Text>
                          {s.nameNative && (
                            <Text size="xs" c="dimmed" truncate>
                              <bdi>{s.nameNative}</bdi>
                            </Text>
                          )}
                        </Group>
                      </div>
                      {place && (
                        <Badge variant="outline" color={here ? "teal.9" : "gray.8"} tt="none" style={{ flexShrink: 0 }}>
                          {here ? t("academics:enrolMany.here") : <bdi>{place.classroomLabel}</bdi>}
                        </Badge>
                      )}
                    </Group>
                  );
                })}
                {found.isSuccess && term && rows.length === 0 && (
                  <Text size="sm" c="dimmed" ta="center" py="md">
                    {t("admin:form.nothingFound")}
                  </Text>
                )}
              </Stack>
            </ScrollArea.Autosize>
            {rows.length === SHOWN && (
              <Text size="xs" c="dimmed">
                {t("academics:enrolMany.narrow", { n: formatNumber(SHOWN) })}
              </Text>
            )}
          </>
        )}
        <EnrolmentDateInput label={t("academics:enrolments.fields.startedOn")} value={startedOn} onChange={setStartedOn} maw={240} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={enrol.isPending}>
            {t("admin:actions.cancel")}
          </Button>
          <Button disabled={!chosen.size || !room} loading={enrol.isPending} onClick={submit}>
            {t("academics:enrolMany.submit", { n: formatNumber(chosen.size) })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
