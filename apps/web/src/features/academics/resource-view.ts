import type { ResourceDefinition } from "@taleem/contract";
import { useMemo } from "react";
import { useSearchParams } from "react-router";
import type { FilterOption } from "../../ui/resource";

/**
 * A resource as one screen shows it: its words from a key inside this module's namespace
 * ("academics:batches", see useResourceTexts), and optionally other filters (one the screen
 * fixes itself dropped, one the server also understands added).
 */
export function viewOf<D extends ResourceDefinition>(
  definition: D,
  i18n: string,
  options: { dropFilters?: readonly string[]; addFilters?: ResourceDefinition["filters"] } = {},
): D {
  const filters = {
    ...Object.fromEntries(Object.entries(definition.filters).filter(([k]) => !options.dropFilters?.includes(k))),
    ...options.addFilters,
  };
  return { ...definition, i18n, filters } as D;
}

/**
 * The view without the filters that have no choices (yet): a school with no groups gets no group
 * filter, rather than a text box that would take a group's id.
 */
export function useChoiceFilters<D extends ResourceDefinition>(definition: D, choices: Partial<Record<string, FilterOption[]>>): D {
  const [search] = useSearchParams();
  // A filter already in the address stays, so a shared link keeps its meaning while choices load.
  const empty = Object.entries(choices)
    .filter(([k, v]) => !v?.length && !search.get(k))
    .map(([k]) => k)
    .join(",");
  return useMemo(() => (empty ? viewOf(definition, definition.i18n, { dropFilters: empty.split(",") }) : definition), [definition, empty]);
}
