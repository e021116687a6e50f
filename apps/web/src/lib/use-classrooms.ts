import { type BatchRow, type ClassroomRow, classroomStudents, getClassroom } from "@taleem/contract";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { type ListReply, resourceKeys, resourceUrl } from "../ui/resource";
import { api } from "./api";
import { callAction, useActionQuery } from "./use-action";

export type OptionGroup = { group: string; items: { value: string; label: string }[] };

/** Every classroom of the school (at most 500, the list's limit), for choosers and names. */
export function useClassrooms(enabled = true) {
  const query = useQuery({
    queryKey: resourceKeys("classRoom").list({ limit: 500, purpose: "all" }),
    queryFn: () => api.get<ListReply<ClassroomRow>>(resourceUrl("classRoom"), { limit: 500, sort: "name" }),
    enabled,
    staleTime: 30_000,
  });
  const batches = useQuery({
    queryKey: resourceKeys("batch").list({ limit: 500, purpose: "all" }),
    queryFn: () => api.get<ListReply<BatchRow>>(resourceUrl("batch"), { limit: 500, sort: "-startDate" }),
    enabled,
    staleTime: 30_000,
  });
  const rows = query.data?.rows ?? [];
  const byId = useMemo(() => new Map(rows.map((c) => [c.id, c])), [rows]);
  /** Choices grouped by batch, the active batch first, then newest first. */
  const grouped = useMemo(() => {
    const order = batches.data?.rows ?? [];
    const rank = (id: number) => {
      const i = order.findIndex((b) => b.id === id);
      return order[i]?.active ? -1 : i < 0 ? order.length : i;
    };
    const groups = new Map<number, OptionGroup>();
    for (const c of [...rows].sort((a, b) => rank(a.batchId) - rank(b.batchId) || a.label.localeCompare(b.label))) {
      const g = groups.get(c.batchId) ?? { group: c.batchName, items: [] };
      g.items.push({ value: String(c.id), label: `${c.label} (${c.courseName})` });
      groups.set(c.batchId, g);
    }
    return [...groups.values()];
  }, [rows, batches.data]);
  const activeBatchId = batches.data?.rows.find((b) => b.active)?.id;
  return { ...query, rows, byId, grouped, activeBatchId, batches: batches.data?.rows ?? [] };
}

/** One classroom by id (its own call, so a page does not depend on the first 500 of the list). */
export function useClassroom(id: number | undefined) {
  return useQuery({
    queryKey: resourceKeys("classRoom").detail(id ?? 0),
    queryFn: () => callAction(getClassroom, { params: { id } }, { page: true }).then((r) => r.data),
    enabled: !!id,
  });
}

/** The students actively enrolled in a classroom, by roll number. */
export function useRoster(id: number | undefined) {
  // Enrolments change from several screens: a roster is read fresh each time it is opened.
  return useActionQuery(classroomStudents, { params: { id: id ?? 0 } }, { enabled: !!id, staleTime: 0 });
}

/** The same choices without the classrooms that `keep` rejects (another batch only, say). */
export function filterGroups(groups: OptionGroup[], keep: (id: number) => boolean): OptionGroup[] {
  return groups.map((g) => ({ ...g, items: g.items.filter((i) => keep(Number(i.value))) })).filter((g) => g.items.length > 0);
}
