import { Anchor, Badge, Button, Select, Text } from "@mantine/core";
import { IconCalendarTime, IconUsers } from "@tabler/icons-react";
import { type FieldSpec, type HourRow, hourResource } from "@taleem/contract";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatNumber } from "../../lib/format";
import { useChoiceFilters } from "../../lib/resource-view";
import { DAYS, formatTimeOfDay, useDayName } from "../../lib/time-text";
import { useClassrooms } from "../../lib/use-classrooms";
import { useAreaPath } from "../../ui/area-path";
import { type FieldOptions, ResourceList, type RowAction, useResourceOptions } from "../../ui/resource";
import { timeField } from "../../ui/time-field";
import { useCan } from "../../ui/use-can";
import { classroomField } from "./classroom-fields";
import { HourStudentsDialog } from "./hour-students-dialog";

// The contract offers the day as a select of "1".."7", but the API takes a number: the form keeps
// it as a number field and shows it as a choice of day names.
const fields: FieldSpec[] = hourResource.fields.map((f) => (f.key === "dayOfWeek" ? { key: "dayOfWeek", kind: "number", required: true } : f));

function DayField({ value, error, onChange, label }: Parameters<NonNullable<FieldOptions["render"]>>[0]) {
  const day = useDayName();
  return (
    <Select
      label={label}
      withAsterisk
      error={error}
      data={DAYS.map((d) => ({ value: String(d), label: day(d) }))}
      value={value === "" || value === null || value === undefined ? null : String(value)}
      onChange={(v) => onChange(v ? Number(v) : "")}
      allowDeselect={false}
    />
  );
}
const dayField: FieldOptions = { render: (input) => <DayField {...input} /> };

/**
 * The time slots of every classroom's week; the timetable grid edits the same slots by classroom.
 * A slot serves the whole classroom or students chosen from it.
 */
export function HoursPage() {
  const { t } = useTranslation(["timetable", "admin"]);
  const to = useAreaPath();
  const day = useDayName();
  const rooms = useClassrooms();
  const sessions = useResourceOptions("session", "name");
  const choices = {
    classroomId: rooms.grouped.flatMap((g) => g.items.map((i) => ({ value: i.value, label: `${i.label} · ${g.group}` }))),
    dayOfWeek: DAYS.map((d) => ({ value: String(d), label: day(d) })),
    sessionId: sessions.options,
  };
  const definition = useChoiceFilters(hourResource, choices);
  const allowed = useCan();
  const [choosing, setChoosing] = useState<HourRow | null>(null);
  const actions = useMemo<RowAction<HourRow>[]>(
    () =>
      allowed("academics", "edit")
        ? [{ key: "students", label: t("timetable:hours.students.action"), icon: <IconUsers size={16} />, onClick: setChoosing }]
        : [],
    [allowed, t],
  );
  return (
    <>
      <ResourceList<HourRow>
        definition={definition}
        description={t("timetable:hours.description")}
        rowLabel={(h) => `${h.classroomLabel} · ${day(h.dayOfWeek)} ${formatTimeOfDay(h.startTime)}`}
        filterOptions={choices}
        cells={{
          classroomLabel: (h) => (
            <Anchor component={Link} to={to(`timetable?classroom=${h.classroomId}`)} size="sm">
              <bdi>{h.classroomLabel}</bdi>
            </Anchor>
          ),
          dayOfWeek: (h) => day(h.dayOfWeek),
          startTime: (h) => formatTimeOfDay(h.startTime),
          endTime: (h) => formatTimeOfDay(h.endTime),
          label: (h) =>
            h.label ? (
              <bdi>{h.label}</bdi>
            ) : (
              <Text span c="dimmed">
                —
              </Text>
            ),
          audience: (h) => (
            <Badge variant="light" tt="none" color={h.audience === "all" ? "gray" : "grape"}>
              {h.audience === "all"
                ? t("timetable:hours.options.audience.all")
                : t("timetable:hours.students.chosenCount", { n: formatNumber(h.studentIds.length) })}
            </Badge>
          ),
        }}
        rowActions={actions}
        toolbar={
          <Button variant="default" component={Link} to={to("timetable")} leftSection={<IconCalendarTime size={16} />}>
            {t("timetable:grid.open")}
          </Button>
        }
        form={{ fields, fieldOptions: { classroomId: classroomField, dayOfWeek: dayField, startTime: timeField, endTime: timeField } }}
      />
      <HourStudentsDialog hour={choosing} onClose={() => setChoosing(null)} />
    </>
  );
}
