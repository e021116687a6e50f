import type { ResourceDefinition } from "@taleem/contract";
import { useMemo } from "react";
import { useSearchParams } from "react-router";
import type { FilterOption } from "../ui/resource";

/** A resource without some of its filters (one the screen fixes itself, say). */
export function withoutFilters<D extends ResourceDefinition>(definition: D, keys: readonly string[]): D {
  return { ...definition, filters: Object.fromEntries(Object.entries(definition.filters).filter(([k]) => !keys.includes(k))) };
}

/**
 * The resource without the filters that have no choices (yet): a school with no groups gets no
 * group filter, rather than a text box that would take a group's id.
 */
export function useChoiceFilters<D extends ResourceDefinition>(definition: D, choices: Partial<Record<string, FilterOption[]>>): D {
  const [search] = useSearchParams();
  // A filter already in the address stays, so a shared link keeps its meaning while choices load.
  const empty = Object.entries(choices)
    .filter(([k, v]) => !v?.length && !search.get(k))
    .map(([k]) => k)
    .join(",");
  return useMemo(() => (empty ? withoutFilters(definition, empty.split(",")) : definition), [definition, empty]);
}
