/** List parameters as the URL and the server read them: page, limit, sort, q and the filters. */
export type ListParams = Record<string, string | number | undefined>;

/**
 * One query-key factory per resource, so every list, detail and mutation of a resource agree on
 * what to refetch: a change invalidates `lists()` (every page and filter) and that row's detail.
 */
export function resourceKeys(path: string) {
  const all = ["resource", path] as const;
  return {
    all,
    lists: () => [...all, "list"] as const,
    list: (params: ListParams) => [...all, "list", params] as const,
    details: () => [...all, "detail"] as const,
    detail: (id: number) => [...all, "detail", id] as const,
  };
}

/** The API path of a resource under /admin/api. */
export const resourceUrl = (path: string) => `/admin/api/${path}`;
