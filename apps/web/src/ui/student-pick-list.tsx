import { Alert, Button, Checkbox, Group, Loader, Modal, ScrollArea, Stack, Text, TextInput } from "@mantine/core";
import { useDebouncedValue, useMediaQuery } from "@mantine/hooks";
import { IconAlertCircle, IconSearch } from "@tabler/icons-react";
import type { StudentRow } from "@taleem/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../lib/api";
import { formatNumber } from "../lib/format";
import { type ListParams, resourceKeys, resourceUrl } from "./resource/resource-keys";
import type { ListReply } from "./resource/use-resource";
import type { useSelection } from "./use-selection";

/** The most names one search shows; a bigger school narrows by typing. */
export const PICK_SHOWN = 200;

export interface StudentSearch {
  search: string;
  setSearch: (value: string) => void;
  /** The search as sent, after the typing settles. */
  term: string;
  rows: StudentRow[];
  fetching: boolean;
  loaded: boolean;
}

/**
 * Active students by name for a pick list, searched on the server while the dialog is open and
 * started afresh each time it opens. `purpose` keeps its cache apart from other student lists.
 */
export function useStudentSearch(opened: boolean, purpose: string, filters: ListParams = {}): StudentSearch {
  const [search, setSearch] = useState("");
  const [term] = useDebouncedValue(search, 250);
  useEffect(() => {
    if (opened) setSearch("");
  }, [opened]);
  const query = { q: term || undefined, status: "active", sort: "name", limit: PICK_SHOWN, ...filters };
  const found = useQuery({
    queryKey: resourceKeys("student").list({ ...query, purpose }),
    queryFn: () => api.get<ListReply<StudentRow>>(resourceUrl("student"), query),
    enabled: opened,
    placeholderData: keepPreviousData,
  });
  return { search, setSearch, term, rows: found.data?.rows ?? [], fetching: found.isFetching, loaded: found.isSuccess };
}

/** Where a student already is: "here" shows them ticked, either way they cannot be ticked. */
export type StudentPlace = "here" | "elsewhere" | undefined;

export interface StudentPickListProps {
  found: StudentSearch;
  selection: ReturnType<typeof useSelection>;
  placeOf: (s: StudentRow) => StudentPlace;
  labels: {
    search: string;
    /** The "tick every one shown" box, given how many can be ticked. */
    selectShown: (n: string) => string;
    /** How many are ticked. */
    chosen: (n: string) => string;
    list: string;
    /** The name a row's box is read out by. */
    row: (s: StudentRow) => string;
  };
  countTestId: string;
  /** The height the rest of the dialog takes on a phone, where the list fills the screen. */
  phoneReserve: number;
  /** Native names under each name (the admission number then sits beside them). */
  showNative?: boolean;
  /** Shown at the end of a row, such as where the student already is. */
  rowEnd?: (s: StudentRow) => ReactNode;
  /** Shown in place of the list when the school has no student at all. */
  empty?: ReactNode;
}

/**
 * A searchable list of students to tick for a bulk action, with one box that ticks every student
 * shown. Students already placed are listed but cannot be ticked, and are not counted as shown.
 */
export function StudentPickList({ found, selection, placeOf, labels, countTestId, phoneReserve, showNative, rowEnd, empty }: StudentPickListProps) {
  const { t } = useTranslation("admin");
  const phone = useMediaQuery("(max-width: 48em)");
  const { chosen, toggle, toggleAll } = selection;
  const { rows } = found;
  const free = rows.filter((s) => !placeOf(s));
  const allShown = free.length > 0 && free.every((s) => chosen.has(s.id));
  const someShown = free.some((s) => chosen.has(s.id));
  const showEmpty = empty !== undefined && found.loaded && !found.term && rows.length === 0;

  return (
    <>
      <TextInput
        leftSection={<IconSearch size={16} />}
        placeholder={labels.search}
        aria-label={labels.search}
        value={found.search}
        onChange={(e) => found.setSearch(e.currentTarget.value)}
        rightSection={found.fetching ? <Loader size={14} /> : null}
        data-autofocus
      />
      {showEmpty ? (
        empty
      ) : (
        <>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Checkbox
              label={labels.selectShown(formatNumber(free.length))}
              checked={allShown}
              indeterminate={someShown && !allShown}
              disabled={!free.length}
              onChange={() => toggleAll(free.map((s) => s.id))}
            />
            <Text size="sm" fw={600} aria-live="polite" data-testid={countTestId}>
              {labels.chosen(formatNumber(chosen.size))}
            </Text>
          </Group>
          <ScrollArea.Autosize mah={phone ? `calc(100dvh - ${phoneReserve}px)` : 360} type="auto" offsetScrollbars>
            <Stack gap={2} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }} aria-label={labels.list}>
              {rows.map((s) => {
                const place = placeOf(s);
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
                      aria-label={labels.row(s)}
                      checked={place === "here" || chosen.has(s.id)}
                      disabled={!!place}
                      onChange={(e) => toggle(s.id, e.currentTarget.checked)}
                    />
                    <div style={{ flex: 1, minWidth: 0 }}>
                      <Text size="sm" fw={500} truncate>
                        <bdi>{s.name}</bdi>
                      </Text>
                      {showNative ? (
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
                      ) : (
                        <Text size="xs" c="dimmed" dir="ltr" ta="start">
                          {s.admissionNo}
                        </Text>
                      )}
                    </div>
                    {rowEnd?.(s)}
                  </Group>
                );
              })}
              {found.loaded && rows.length === 0 && (
                <Text size="sm" c="dimmed" ta="center" py="md">
                  {t("admin:form.nothingFound")}
                </Text>
              )}
            </Stack>
          </ScrollArea.Autosize>
        </>
      )}
    </>
  );
}

export interface StudentPickDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  intro: ReactNode;
  error: string | null;
  list: StudentPickListProps;
  submit: { label: string; disabled: boolean; pending: boolean; onClick: () => void };
  /** Shown under the list, above the buttons. */
  children?: ReactNode;
}

/** A bulk action's dialog around the pick list: full screen on a phone, its error on top, cancel and submit below. */
export function StudentPickDialog({ opened, onClose, title, intro, error, list, submit, children }: StudentPickDialogProps) {
  const { t } = useTranslation("admin");
  const phone = useMediaQuery("(max-width: 48em)");
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg" fullScreen={phone} closeButtonProps={{ "aria-label": t("admin:actions.close") }}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {intro}
        </Text>
        {error && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {error}
          </Alert>
        )}
        <StudentPickList {...list} />
        {children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={submit.pending}>
            {t("admin:actions.cancel")}
          </Button>
          <Button disabled={submit.disabled} loading={submit.pending} onClick={submit.onClick}>
            {submit.label}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
