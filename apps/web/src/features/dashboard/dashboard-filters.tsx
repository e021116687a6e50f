import { Button, Group } from "@mantine/core";
import type { SchoolDashboardQuery } from "@taleem/contract";
import { useTranslation } from "react-i18next";
import { BatchCourseRangeFields, useSearchFilters } from "../../ui/search-filters";

/** The dashboard's filters, kept in the address (batch, course, from, to) so a filtered view can be shared and reloaded. */
export function useDashboardFilters() {
  const { search, set, reset } = useSearchFilters();
  const query: SchoolDashboardQuery = {
    batch: Number(search.get("batch")) || undefined,
    course: Number(search.get("course")) || undefined,
    from: search.get("from") ?? undefined,
    to: search.get("to") ?? undefined,
  };
  return { query, search, set, reset };
}

/** Academic year, course and a range of days; "This month" clears them all. */
export function DashboardFilters({ filters }: { filters: ReturnType<typeof useDashboardFilters> }) {
  const { t } = useTranslation("dashboard");
  const { search, reset } = filters;
  return (
    <Group align="flex-end" gap="sm" wrap="wrap" data-testid="dashboard-filters">
      <BatchCourseRangeFields
        filters={filters}
        keys={{ batch: "batch", course: "course" }}
        labels={{ all: t("filters.all"), batch: t("filters.batch"), course: t("filters.course"), from: t("filters.from"), to: t("filters.to") }}
      />
      {[...search.keys()].length > 0 && (
        <Button variant="subtle" onClick={reset}>
          {t("filters.reset")}
        </Button>
      )}
    </Group>
  );
}
