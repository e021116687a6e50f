import { Select } from "@mantine/core";
import type { HourRow, TimetableRow } from "@taleem/contract";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../lib/api";
import { type ListReply, resourceKeys, resourceUrl } from "../../../ui/resource";
import { isoWeekday } from "../student/calendar-days";
import { useRegister } from "./use-register";

const WHOLE_DAY = "day";

/** A classroom's timetable hours of one weekday, each named by its time and subject. */
function useHoursOfDay(classroomId: string | null, date: string) {
  const dayOfWeek = isoWeekday(date);
  const params = { classroomId: Number(classroomId), dayOfWeek, limit: 50, sort: "startTime" };
  const hours = useQuery({
    queryKey: resourceKeys("hour").list({ ...params, purpose: "register" }),
    queryFn: () => api.get<ListReply<HourRow>>(resourceUrl("hour"), params),
    enabled: !!classroomId,
    staleTime: 60_000,
  });
  const entries = useQuery({
    queryKey: resourceKeys("timetable").list({ classroomId: Number(classroomId), limit: 500, purpose: "register" }),
    queryFn: () => api.get<ListReply<TimetableRow>>(resourceUrl("timetable"), { classroomId: Number(classroomId), status: "active", limit: 500 }),
    enabled: !!classroomId,
    staleTime: 60_000,
  });
  return { hours, entries };
}

/**
 * "Whole day" or one of the day's timetable hours of the classroom: the register then reads and
 * saves that hour's marks. Hidden when the classroom has no hours that day (or the caller may not
 * read the timetable).
 */
export function PeriodChooser({
  classroomId,
  date,
  value,
  onChange,
}: {
  classroomId: string | null;
  date: string;
  value: string | null;
  onChange: (hourId: string | null) => void;
}) {
  const { t } = useTranslation("attendance");
  const { hours, entries } = useHoursOfDay(classroomId, date);
  const options = useMemo(() => {
    const subjects = new Map<number, string[]>();
    for (const e of entries.data?.rows ?? []) subjects.set(e.hourId, [...(subjects.get(e.hourId) ?? []), e.subjectName]);
    return (hours.data?.rows ?? []).map((h) => {
      const name = subjects.get(h.id)?.join(", ") || h.label || "";
      return { value: String(h.id), label: `${h.startTime}–${h.endTime}${name ? ` · ${name}` : ""}` };
    });
  }, [hours.data, entries.data]);
  // Another classroom or another weekday: an hour of the old one does not apply.
  useEffect(() => {
    if (value && hours.isSuccess && !options.some((o) => o.value === value)) onChange(null);
  }, [value, hours.isSuccess, options, onChange]);
  if (!classroomId || !options.length) return null;
  return (
    <Select
      label={t("register.period")}
      data={[{ value: WHOLE_DAY, label: t("register.wholeDay") }, ...options]}
      value={value ?? WHOLE_DAY}
      onChange={(v) => onChange(v && v !== WHOLE_DAY ? v : null)}
      allowDeselect={false}
      data-testid="period-chooser"
    />
  );
}

/**
 * One hour's register, kept on the phone like the day's. Asked for once the hour is known to be
 * the classroom's on that weekday: a classroom or date just changed would otherwise ask for
 * another classroom's hour.
 */
export function useHourRegister(classroomId: string | null, date: string, hourId: string | null) {
  const { hours } = useHoursOfDay(hourId ? classroomId : null, date);
  // A timetable the caller may not read (or no connection to read it) leaves the server, or the kept copy, to judge the hour.
  const known = hours.isError || hours.fetchStatus === "paused" || !!hours.data?.rows.some((h) => String(h.id) === hourId);
  return useRegister(hourId && classroomId ? Number(classroomId) : null, date, hourId ? Number(hourId) : null, known);
}
