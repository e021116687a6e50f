import { Button, Group, Select } from "@mantine/core";
import type { SchoolDashboardQuery } from "@taleem/contract";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useResourceOptions } from "../../ui/resource";
import { SchoolDateInput } from "../../ui/school-date-input";

/** The dashboard's filters, kept in the address (batch, course, from, to) so a filtered view can be shared and reloaded. */
export function useDashboardFilters() {
  const [search, setSearch] = useSearchParams();
  const query: SchoolDashboardQuery = {
    batch: Number(search.get("batch")) || undefined,
    course: Number(search.get("course")) || undefined,
    from: search.get("from") ?? undefined,
    to: search.get("to") ?? undefined,
  };
  const set = (key: string, value: string | null) =>
    setSearch(
      (old) => {
        const next = new URLSearchParams(old);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const reset = () => setSearch(new URLSearchParams(), { replace: true });
  return { query, search, set, reset };
}

/** Academic year, course and a range of days; "This month" clears them all. */
export function DashboardFilters({ filters }: { filters: ReturnType<typeof useDashboardFilters> }) {
  const { t } = useTranslation("dashboard");
  const batches = useResourceOptions("batch", "name");
  const courses = useResourceOptions("course", "name");
  const { search, set, reset } = filters;
  const all = t("filters.all");
  return (
    <Group align="flex-end" gap="sm" wrap="wrap" data-testid="dashboard-filters">
      <Select
        label={t("filters.batch")}
        data={[{ value: "", label: all }, ...batches.options]}
        value={search.get("batch") ?? ""}
        onChange={(v) => set("batch", v)}
        allowDeselect={false}
        w={{ base: "100%", xs: 200 }}
      />
      <Select
        label={t("filters.course")}
        data={[{ value: "", label: all }, ...courses.options]}
        value={search.get("course") ?? ""}
        onChange={(v) => set("course", v)}
        allowDeselect={false}
        w={{ base: "100%", xs: 200 }}
      />
      <SchoolDateInput label={t("filters.from")} clearable value={search.get("from")} onChange={(v) => set("from", v)} w={{ base: "47%", xs: 170 }} />
      <SchoolDateInput label={t("filters.to")} clearable value={search.get("to")} onChange={(v) => set("to", v)} w={{ base: "47%", xs: 170 }} />
      {[...search.keys()].length > 0 && (
        <Button variant="subtle" onClick={reset}>
          {t("filters.reset")}
        </Button>
      )}
    </Group>
  );
}
