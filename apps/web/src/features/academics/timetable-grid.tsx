import { ActionIcon, Stack, Table, Tabs, Text, UnstyledButton } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconPlus } from "@tabler/icons-react";
import type { HourRow, TimetableRow } from "@taleem/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatTimeOfDay, formatTimeRange, useDayName } from "../../lib/time-text";
import { PHONE } from "../../ui/resource/resource-cards";
import classes from "./timetable-grid.module.css";
import type { SlotRow } from "./use-timetable";

export interface TimetableGridProps {
  slots: SlotRow[];
  days: number[];
  entryOf: Map<number, TimetableRow>;
  editable: boolean;
  /** Opens a slot (its hour, and its entry when it has one). */
  onOpen: (hour: HourRow) => void;
  /** Makes an hour on a day where the row's time has none. */
  onAddHour?: (day: number, slot: SlotRow) => void;
  adding?: string | null;
}

/** Today's weekday in the grid's numbering (1 Monday ... 7 Sunday), when the week has it. */
const today = () => ((new Date().getDay() + 6) % 7) + 1;

/**
 * The week as a table: a row per time of day, a column per day, a subject and teacher per cell.
 * On a phone one day at a time, chosen by tabs (today's first), so nothing scrolls sideways.
 */
export function TimetableGrid(props: TimetableGridProps) {
  const { t } = useTranslation("timetable");
  const day = useDayName();
  const phone = useMediaQuery(PHONE);
  const { days } = props;
  const [picked, setPicked] = useState<string | null>(null);
  if (!phone) return <WeekTable {...props} />;
  const current = picked && days.includes(Number(picked)) ? picked : String(days.includes(today()) ? today() : (days[0] ?? 1));
  return (
    <Tabs value={current} onChange={setPicked} keepMounted={false}>
      {/* Every working day in sight: a long day name (Malayalam, Tamil) wraps to a second row rather than hiding off screen. */}
      <Tabs.List aria-label={t("timetable:grid.days")} style={{ flexWrap: "wrap" }}>
        {days.map((d) => (
          <Tabs.Tab key={d} value={String(d)} px="xs">
            {day(d)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <WeekTable {...props} days={[Number(current)]} />
    </Tabs>
  );
}

function WeekTable({ slots, days, entryOf, editable, onOpen, onAddHour, adding }: TimetableGridProps) {
  const { t } = useTranslation("timetable");
  const day = useDayName();
  return (
    <Table.ScrollContainer minWidth={days.length > 1 ? 180 + days.length * 140 : 0}>
      <Table withColumnBorders withTableBorder className={classes.grid} aria-label={t("timetable:grid.tableLabel")}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th className={classes.corner}>{t("timetable:grid.time")}</Table.Th>
            {days.map((d) => (
              <Table.Th key={d} className={classes.day}>
                {day(d)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {slots.map((slot) => {
            const anyHour = [...slot.byDay.values()][0];
            return (
              <Table.Tr key={slot.key}>
                <Table.Th scope="row" className={classes.time}>
                  <Text size="sm" fw={600} style={{ whiteSpace: "nowrap" }}>
                    {formatTimeRange(slot.startTime, slot.endTime)}
                  </Text>
                  {anyHour?.sessionName && (
                    <Text size="xs" c="dimmed">
                      <bdi>{anyHour.sessionName}</bdi>
                    </Text>
                  )}
                </Table.Th>
                {days.map((d) => {
                  const hour = slot.byDay.get(d);
                  const key = `${d}:${slot.key}`;
                  if (!hour) {
                    return (
                      <Table.Td key={d} className={classes.empty}>
                        {editable && onAddHour && (
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            className={classes.addHour}
                            aria-label={t("timetable:grid.addHour", { day: day(d), time: formatTimeOfDay(slot.startTime) })}
                            loading={adding === key}
                            onClick={() => onAddHour(d, slot)}
                          >
                            <IconPlus size={16} />
                          </ActionIcon>
                        )}
                      </Table.Td>
                    );
                  }
                  const entry = entryOf.get(hour.id);
                  const content = entry ? (
                    <Stack gap={2}>
                      <Text size="sm" fw={600} lineClamp={2}>
                        <bdi>{entry.subjectName}</bdi>
                      </Text>
                      {entry.teacherName && (
                        <Text size="xs" c="dimmed" lineClamp={1}>
                          <bdi>{entry.teacherName}</bdi>
                        </Text>
                      )}
                    </Stack>
                  ) : (
                    <Text size="sm" c="dimmed" fs={hour.label ? "italic" : undefined}>
                      {hour.label ? <bdi>{hour.label}</bdi> : editable ? t("timetable:grid.chooseSubject") : "—"}
                    </Text>
                  );
                  return (
                    <Table.Td key={d} className={entry ? classes.filled : classes.free} data-day={d}>
                      {editable ? (
                        <UnstyledButton
                          className={classes.cellButton}
                          onClick={() => onOpen(hour)}
                          aria-label={t("timetable:grid.editSlot", {
                            day: day(d),
                            time: formatTimeOfDay(hour.startTime),
                            subject: entry?.subjectName ?? t("timetable:grid.noSubject"),
                          })}
                        >
                          {content}
                        </UnstyledButton>
                      ) : (
                        content
                      )}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
