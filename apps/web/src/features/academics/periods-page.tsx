import { Badge, Button, Group, Paper, Select, Text } from "@mantine/core";
import { DateInput } from "@mantine/dates";
import { IconCheck, IconChecks, IconX } from "@tabler/icons-react";
import { approvePeriods, type HourRow, type PeriodRow, periodResource } from "@taleem/contract";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { api } from "../../lib/api";
import { formatNumber } from "../../lib/format";
import { notify } from "../../lib/notify";
import { useStaffOptions } from "../../lib/people-options";
import { useChoiceFilters } from "../../lib/resource-view";
import { formatTimeOfDay, useDayName } from "../../lib/time-text";
import { useAction } from "../../lib/use-action";
import { useClassrooms } from "../../lib/use-classrooms";
import { useErrorText } from "../../ui/api-error";
import { type FieldOptions, type ListReply, ResourceList, type RowAction, resourceKeys, resourceUrl, useResourceOptions } from "../../ui/resource";
import { useCan } from "../../ui/use-can";
import { classroomField, staffField } from "./classroom-fields";

const STATUSES = ["submitted", "approved", "rejected"] as const;
const STATUS_COLOR: Record<string, string> = { submitted: "yellow", approved: "teal", rejected: "red" };

/** The hour of a lesson, named by classroom, day and time ("Class 5-A · Monday 8:00 am"). */
function HourField({ value, error, onChange, label }: Parameters<NonNullable<FieldOptions["render"]>>[0]) {
  const { t } = useTranslation("admin");
  const day = useDayName();
  const list = useQuery({
    queryKey: resourceKeys("hour").list({ limit: 500, purpose: "options" }),
    queryFn: () => api.get<ListReply<HourRow>>(resourceUrl("hour"), { limit: 500, sort: "dayOfWeek" }),
    staleTime: 60_000,
  });
  const data = useMemo(() => {
    const groups = new Map<string, { value: string; label: string }[]>();
    for (const h of list.data?.rows ?? []) {
      const items = groups.get(h.classroomLabel) ?? [];
      items.push({ value: String(h.id), label: `${day(h.dayOfWeek)} ${formatTimeOfDay(h.startTime)}` });
      groups.set(h.classroomLabel, items);
    }
    return [...groups].map(([group, items]) => ({ group, items }));
  }, [list.data, day]);
  return (
    <Select
      label={label}
      error={error}
      data={data}
      value={value ? String(value) : null}
      onChange={(v) => onChange(v ?? "")}
      searchable
      clearable
      nothingFoundMessage={t("form.nothingFound")}
    />
  );
}

/**
 * Lessons taught, as teachers report them (here or on the school's public form): the school
 * approves or rejects each, one by one or every submitted one shown; a day picks one date.
 */
export function PeriodsPage() {
  const { t } = useTranslation(["timetable", "admin"]);
  const allowed = useCan();
  const errorText = useErrorText();
  const [search, setSearch] = useSearchParams();
  const rooms = useClassrooms();
  const subjects = useResourceOptions("subject", "name");
  const staff = useStaffOptions();
  const mayApprove = allowed("academics", "approve");
  const day = search.get("dateFrom") && search.get("dateFrom") === search.get("dateTo") ? search.get("dateFrom") : null;

  // Its declaration refreshes the periods.
  const approve = useAction(approvePeriods);
  const decide = (ids: number[], status: "approved" | "rejected") =>
    approve.mutate(
      { body: { ids, status } },
      {
        onSuccess: (r) =>
          notify.success(t(status === "approved" ? "timetable:periods.approved" : "timetable:periods.rejected", { n: formatNumber(r.updated) })),
        onError: (e) => notify.error(`${t("timetable:periods.decideFailed")} ${errorText(e)}`),
      },
    );

  const actions: RowAction<PeriodRow>[] = mayApprove
    ? [
        {
          key: "approve",
          label: t("timetable:periods.approve"),
          icon: <IconCheck size={16} />,
          color: "teal",
          onClick: (p) => decide([p.id], "approved"),
          hidden: (p) => p.status === "approved",
        },
        {
          key: "reject",
          label: t("timetable:periods.reject"),
          icon: <IconX size={16} />,
          color: "red",
          onClick: (p) => decide([p.id], "rejected"),
          hidden: (p) => p.status === "rejected",
        },
      ]
    : [];

  const setDay = (value: string | null) =>
    setSearch(
      (old) => {
        const next = new URLSearchParams(old);
        for (const k of ["dateFrom", "dateTo"]) {
          if (value) next.set(k, value);
          else next.delete(k);
        }
        next.delete("page");
        return next;
      },
      { replace: true },
    );

  const choices = {
    classroomId: rooms.grouped.flatMap((g) => g.items.map((i) => ({ value: i.value, label: `${i.label} · ${g.group}` }))),
    subjectId: subjects.options,
    teacherId: staff.options,
    status: STATUSES.map((s) => ({ value: s, label: t(`timetable:periods.options.status.${s}`) })),
  };
  const definition = useChoiceFilters(periodResource, choices);
  return (
    <ResourceList<PeriodRow>
      definition={definition}
      description={t("timetable:periods.description")}
      rowLabel={(p) => `${p.subjectName} · ${p.topic}`}
      filterOptions={choices}
      toolbar={
        <DateInput
          aria-label={t("timetable:periods.day")}
          placeholder={t("timetable:periods.day")}
          valueFormat="YYYY-MM-DD"
          clearable
          value={day}
          onChange={setDay}
          w={170}
        />
      }
      summary={(reply) => {
        const waiting = reply.rows.filter((p) => p.status === "submitted");
        if (!mayApprove || !waiting.length) return null;
        return (
          <Paper withBorder radius="md" px="md" py="xs" bg="var(--mantine-color-yellow-light)">
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Text size="sm">{t("timetable:periods.waiting", { n: formatNumber(waiting.length) })}</Text>
              <Button
                size="xs"
                color="teal"
                leftSection={<IconChecks size={14} />}
                loading={approve.isPending}
                onClick={() =>
                  decide(
                    waiting.map((p) => p.id),
                    "approved",
                  )
                }
              >
                {t("timetable:periods.approveShown")}
              </Button>
            </Group>
          </Paper>
        );
      }}
      cells={{
        classroomLabel: (p) => <bdi>{p.classroomLabel}</bdi>,
        subjectName: (p) => (
          <Text size="sm">
            <bdi>{p.subjectName}</bdi>
            {p.startTime && (
              <Text span size="xs" c="dimmed">
                {" · "}
                {formatTimeOfDay(p.startTime)}
              </Text>
            )}
          </Text>
        ),
        topic: (p) => (
          <Text size="sm" lineClamp={2}>
            <bdi>{p.topic}</bdi>
          </Text>
        ),
        status: (p) => (
          <Group gap={4} wrap="nowrap">
            <Badge variant="light" color={STATUS_COLOR[p.status]}>
              {t(`timetable:periods.options.status.${p.status}`)}
            </Badge>
            {p.source === "open_form" && (
              <Badge variant="outline" color="gray" size="xs">
                {t("timetable:periods.fromForm")}
              </Badge>
            )}
          </Group>
        ),
      }}
      rowActions={actions}
      form={{ fieldOptions: { classroomId: classroomField, teacherId: staffField, hourId: { render: (input) => <HourField {...input} /> } } }}
    />
  );
}
