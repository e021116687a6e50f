import { Checkbox, MultiSelect, Select, Stack } from "@mantine/core";
import type { ClassroomRow } from "@taleem/contract";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAuth } from "../lib/auth-store";
import { type OptionGroup, useClassrooms } from "../lib/use-classrooms";

/** A classroom as a chooser names it: "Class 4-A · Madrasa · 2026-27", never "Class 4-A" alone (two courses and two years may each have one). */
export const classroomChoice = (c: Pick<ClassroomRow, "label" | "courseName" | "batchName">) => `${c.label} · ${c.courseName} · ${c.batchName}`;

/** Whether the person is the classroom's class teacher or teaches one of its subjects. */
const teaches = (c: ClassroomRow, userId: number | undefined) =>
  userId !== undefined && (c.classTeacherId === userId || c.subjects.some((s) => s.teacherId === userId));

/**
 * The choices of a classroom picker: the person's own classes of this year first, then this year's
 * other active classes, then (when asked) every other year's, newest first.
 */
export function useClassroomChoices(otherYears: boolean) {
  const { t } = useTranslation("academics");
  const rooms = useClassrooms();
  const userId = useAuth((s) => s.user?.id);
  const { rows, batches, activeBatchId } = rooms;
  const groups = useMemo(() => {
    const byLabel = (a: ClassroomRow, b: ClassroomRow) => a.label.localeCompare(b.label) || a.courseName.localeCompare(b.courseName);
    const item = (c: ClassroomRow) => ({ value: String(c.id), label: classroomChoice(c) });
    const thisYear = rows.filter((c) => c.batchId === activeBatchId && c.status === "active").sort(byLabel);
    const mine = thisYear.filter((c) => teaches(c, userId));
    const out: OptionGroup[] = [];
    if (mine.length) out.push({ group: t("picker.mine"), items: mine.map(item) });
    const others = thisYear.filter((c) => !mine.includes(c));
    if (others.length) out.push({ group: others[0]!.batchName, items: others.map(item) });
    if (otherYears || activeBatchId === undefined)
      for (const b of batches.filter((x) => x.id !== activeBatchId)) {
        const of = rows.filter((c) => c.batchId === b.id).sort(byLabel);
        if (of.length) out.push({ group: b.name, items: of.map(item) });
      }
    return out;
  }, [rows, batches, activeBatchId, userId, otherYears, t]);
  return { ...rooms, groups };
}

interface PickerProps {
  /** The visible label, or the id of the heading that labels the picker. */
  label?: string;
  "aria-labelledby"?: string;
  placeholder?: string;
  error?: string;
  nothingFoundMessage?: string;
}

/** The "other years too" box under a picker. */
function OtherYears({ checked, onChange }: { checked: boolean; onChange: (v: boolean) => void }) {
  const { t } = useTranslation("academics");
  return <Checkbox size="xs" label={t("picker.otherYears")} checked={checked} onChange={(e) => onChange(e.currentTarget.checked)} />;
}

/** One classroom, from this year's by default (the person's own first). */
export function ClassroomPicker({ value, onChange, ...props }: PickerProps & { value: string | null; onChange: (id: string | null) => void }) {
  const [otherYears, setOtherYears] = useState(false);
  const { groups } = useClassroomChoices(otherYears);
  return (
    <Stack gap={6}>
      <Select {...props} data={groups} value={value} onChange={onChange} searchable maxDropdownHeight={260} />
      <OtherYears checked={otherYears} onChange={setOtherYears} />
    </Stack>
  );
}

/** Several classrooms, from this year's by default (the person's own first). */
export function ClassroomsPicker({ value, onChange, ...props }: PickerProps & { value: string[]; onChange: (ids: string[]) => void }) {
  const [otherYears, setOtherYears] = useState(false);
  const { groups } = useClassroomChoices(otherYears);
  return (
    <Stack gap={6}>
      <MultiSelect {...props} data={groups} value={value} onChange={onChange} searchable clearable hidePickedOptions maxDropdownHeight={260} />
      <OtherYears checked={otherYears} onChange={setOtherYears} />
    </Stack>
  );
}
