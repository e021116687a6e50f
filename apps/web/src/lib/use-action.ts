import type { ActionReply, AnyAction, Invalidates, Reads, ResourceDefinition } from "@taleem/contract";
import { type QueryClient, type UseQueryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { resourceKeys } from "../ui/resource/resource-keys";
import { type ActionCallInput, callAction } from "./call-action";
import { queryClient } from "./query-client";

export { callAction };

type Input<A extends AnyAction> = ActionCallInput<A>;

/**
 * The query key of a GET action's reply: its path and input, then the areas its reply reads (its
 * declaration's `reads`), which a change declaring any of them refreshes.
 */
export const actionKey = (action: Pick<AnyAction, "path" | "reads">, input: unknown) => ["action", action.path, input, action.reads] as const;

/** What a change declares it makes stale: an action's, or a resource's, declaration. */
export interface DeclaredChange {
  refreshes: readonly string[];
  invalidates: Invalidates;
}

/** A reply reading `"everything"` is stale after any change; one that declares no areas, never. */
const readsAny = (reads: Reads | undefined, areas: ReadonlySet<string>) => reads === "everything" || (reads ?? []).some((a) => areas.has(a));

/** What a change of a resource's rows makes stale: its own lists and details, and what it declares. */
export const changeOf = (resource: Pick<ResourceDefinition, "path" | "refreshes" | "invalidates">): DeclaredChange => ({
  refreshes: [resource.path, ...resource.refreshes],
  invalidates: resource.invalidates,
});

/**
 * Refreshes what a change declares stale: the lists and details of the resources it names, and
 * the cached GET replies that read an area it names. Other modules' replies stay as they are.
 * Resolves when the replies on screen are in again.
 */
export function refreshAfter(qc: QueryClient, change: DeclaredChange): Promise<unknown> {
  if (change.invalidates === "everything") return qc.invalidateQueries();
  const areas = new Set<string>(change.invalidates);
  return Promise.all([
    ...change.refreshes.map((path) => qc.invalidateQueries({ queryKey: resourceKeys(path).all })),
    areas.size ? qc.invalidateQueries({ queryKey: ["action"], predicate: (q) => readsAny(q.queryKey[3] as Reads | undefined, areas) }) : undefined,
  ]);
}

/** `refreshAfter` on the app's cache, for a call made without `useAction` (a dialog's own mutation). */
export function useRefreshAfter() {
  const qc = useQueryClient();
  return useCallback((change: DeclaredChange) => refreshAfter(qc, change), [qc]);
}

/**
 * A declared action as a mutation: on success it refreshes what its declaration says it changes
 * (`refreshes`, `invalidates`).
 */
export function useAction<A extends AnyAction>(action: A) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: Input<A>) => callAction(action, input),
    onSuccess: () => void refreshAfter(qc, action),
  });
}

/**
 * Starts a GET action's call before the screen that shows it is drawn (a route's loader, beside the
 * screen's code): the screen's `useActionQuery` with the same input then finds it on its way.
 * A failure is left for the screen to show (it asks again when it mounts).
 */
export function prefetchAction<A extends AnyAction>(action: A, input: Input<A> = {}): void {
  void queryClient.prefetchQuery({ queryKey: actionKey(action, input), queryFn: () => callAction(action, input, { page: true }), retry: false });
}

/** A GET action's reply as the page's own data (a 403 goes where the reply says). */
export function useActionQuery<A extends AnyAction>(
  action: A,
  input: Input<A> = {},
  options: Omit<UseQueryOptions<ActionReply<A>>, "queryKey" | "queryFn"> = {},
) {
  return useQuery({ queryKey: actionKey(action, input), queryFn: () => callAction(action, input, { page: true }), ...options });
}
