import { type HourRow, hourResource, type TimetableRow } from "@taleem/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { api } from "../../lib/api";
import { changeOf, refreshAfter } from "../../lib/use-action";
import { type ListReply, resourceKeys, resourceUrl } from "../../ui/resource";
import { useWorkingDays } from "../../ui/school-country";

/** One row of the grid: a time of day, with each day's hour at that time (if any). */
export interface SlotRow {
  key: string;
  startTime: string;
  endTime: string;
  byDay: Map<number, HourRow>;
}

/** A classroom's week: its hours, the subject and teacher of each, arranged as time rows by day. */
export function useTimetable(classroomId: number | undefined) {
  const qc = useQueryClient();
  const working = useWorkingDays();
  const hours = useQuery({
    queryKey: resourceKeys("hour").list({ classroomId, limit: 500, purpose: "grid" }),
    queryFn: () => api.get<ListReply<HourRow>>(resourceUrl("hour"), { classroomId, limit: 500, sort: "startTime" }, { page: true }),
    enabled: !!classroomId,
  });
  const entries = useQuery({
    queryKey: resourceKeys("timetable").list({ classroomId, limit: 500, purpose: "grid" }),
    queryFn: () => api.get<ListReply<TimetableRow>>(resourceUrl("timetable"), { classroomId, limit: 500 }),
    enabled: !!classroomId,
  });
  const grid = useMemo(() => {
    const rows = new Map<string, SlotRow>();
    for (const h of hours.data?.rows ?? []) {
      const key = `${h.startTime}-${h.endTime}`;
      const row = rows.get(key) ?? { key, startTime: h.startTime, endTime: h.endTime, byDay: new Map() };
      row.byDay.set(h.dayOfWeek, h);
      rows.set(key, row);
    }
    const slots = [...rows.values()].sort((a, b) => a.startTime.localeCompare(b.startTime) || a.endTime.localeCompare(b.endTime));
    const entryOf = new Map((entries.data?.rows ?? []).map((e) => [e.hourId, e]));
    // The school's working days, in its week's order; a day off that still has hours (set before
    // the school changed its week) stays visible until they are moved.
    const days = [...working, ...[1, 2, 3, 4, 5, 6, 7].filter((d) => !working.includes(d) && slots.some((s) => s.byDay.has(d)))];
    return { slots, entryOf, days, working, hours: hours.data?.rows ?? [] };
  }, [hours.data, entries.data, working]);
  const refresh = () => {
    void refreshAfter(qc, changeOf(hourResource));
  };
  return {
    ...grid,
    isPending: hours.isPending || entries.isPending,
    isError: hours.isError || entries.isError,
    error: hours.error ?? entries.error,
    refetch: () => Promise.all([hours.refetch(), entries.refetch()]),
    refresh,
  };
}
