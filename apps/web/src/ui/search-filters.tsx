import { Select } from "@mantine/core";
import { useSearchParams } from "react-router";
import { useResourceOptions } from "./resource";
import { SchoolDateInput } from "./school-date-input";

/**
 * A page's filters kept in the address, so a filtered view can be shared and reloaded: `set` changes
 * one (an empty value removes it) and also drops the `resets` keys (a page number that no longer
 * applies); neither adds a history entry.
 */
export function useSearchFilters(resets: readonly string[] = []) {
  const [search, setSearch] = useSearchParams();
  const set = (key: string, value: string | null) =>
    setSearch(
      (old) => {
        const next = new URLSearchParams(old);
        if (value) next.set(key, value);
        else next.delete(key);
        for (const k of resets) if (k !== key) next.delete(k);
        return next;
      },
      { replace: true },
    );
  const reset = () => setSearch(new URLSearchParams(), { replace: true });
  return { search, set, reset };
}

/**
 * Academic year and course selects (each with an "all" choice) and a from..to range of days, read
 * from and written to the address under the page's own key names.
 */
export function BatchCourseRangeFields({
  filters: { search, set },
  keys,
  labels,
}: {
  filters: Pick<ReturnType<typeof useSearchFilters>, "search" | "set">;
  keys: { batch: string; course: string };
  labels: { all: string; batch: string; course: string; from: string; to: string };
}) {
  const batches = useResourceOptions("batch", "name");
  const courses = useResourceOptions("course", "name");
  const select = (key: string, label: string, options: { value: string; label: string }[]) => (
    <Select
      label={label}
      data={[{ value: "", label: labels.all }, ...options]}
      value={search.get(key) ?? ""}
      onChange={(v) => set(key, v)}
      allowDeselect={false}
      w={{ base: "100%", xs: 200 }}
    />
  );
  return (
    <>
      {select(keys.batch, labels.batch, batches.options)}
      {select(keys.course, labels.course, courses.options)}
      <SchoolDateInput label={labels.from} clearable value={search.get("from")} onChange={(v) => set("from", v)} w={{ base: "47%", xs: 170 }} />
      <SchoolDateInput label={labels.to} clearable value={search.get("to")} onChange={(v) => set("to", v)} w={{ base: "47%", xs: 170 }} />
    </>
  );
}
