import { Select } from "@mantine/core";
import type { CourseClassRow } from "@taleem/contract";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../lib/api";
import { useStaffOptions } from "../../lib/people-options";
import { useClassrooms } from "../../lib/use-classrooms";
import { type FieldOptions, type ListReply, resourceKeys, resourceUrl } from "../../ui/resource";

type RenderInput = Parameters<NonNullable<FieldOptions["render"]>>[0];

/** Course classes grouped by course: "Class 5" alone is ambiguous when two courses have one. */
export function useCourseClassGroups() {
  const query = useQuery({
    queryKey: resourceKeys("course/class").list({ limit: 500, purpose: "grouped" }),
    queryFn: () => api.get<ListReply<CourseClassRow>>(resourceUrl("course/class"), { limit: 500, sort: "order" }),
    staleTime: 60_000,
  });
  return useMemo(() => {
    const groups = new Map<string, { group: string; items: { value: string; label: string }[] }>();
    for (const c of query.data?.rows ?? []) {
      const g = groups.get(c.courseName) ?? { group: c.courseName, items: [] };
      g.items.push({ value: String(c.id), label: c.name });
      groups.set(c.courseName, g);
    }
    return [...groups.values()];
  }, [query.data]);
}

/** A select over grouped or flat choices, as a resource form's field. */
function FormSelect({ input, data, required }: { input: RenderInput; data: Parameters<typeof Select>[0]["data"]; required?: boolean }) {
  const { t } = useTranslation("admin");
  return (
    <Select
      label={input.label}
      withAsterisk={required}
      error={input.error}
      data={data}
      value={input.value ? String(input.value) : null}
      onChange={(v) => input.onChange(v ?? "")}
      searchable
      clearable={!required}
      // A required choice is not undone by picking it again (a preselected year stays chosen).
      allowDeselect={!required}
      nothingFoundMessage={t("form.nothingFound")}
    />
  );
}

function CourseClassField({ input }: { input: RenderInput }) {
  return <FormSelect input={input} data={useCourseClassGroups()} required />;
}
function StaffField({ input }: { input: RenderInput }) {
  return <FormSelect input={input} data={useStaffOptions().options} />;
}
function ClassroomField({ input }: { input: RenderInput }) {
  return <FormSelect input={input} data={useClassrooms().grouped} required />;
}

/** A new classroom's year: the school's active year chosen at first, which the person may change. */
function NewClassroomBatchField({ input }: { input: RenderInput }) {
  const { batches, activeBatchId } = useClassrooms();
  const chosen = useRef(false);
  const { value, onChange } = input;
  useEffect(() => {
    if (chosen.current || !activeBatchId) return;
    chosen.current = true;
    if (!value) onChange(String(activeBatchId));
  }, [activeBatchId, value, onChange]);
  return <FormSelect input={input} data={batches.map((b) => ({ value: String(b.id), label: b.name }))} required />;
}

/** Form fields the contract leaves as plain references, shown the way a school picks them. */
export const courseClassField: FieldOptions = { render: (input) => <CourseClassField input={input} /> };
export const staffField: FieldOptions = { render: (input) => <StaffField input={input} /> };
export const newClassroomBatchField: FieldOptions = { render: (input) => <NewClassroomBatchField input={input} /> };
export const classroomField: FieldOptions = { render: (input) => <ClassroomField input={input} /> };
