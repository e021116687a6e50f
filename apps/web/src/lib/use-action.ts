import type { ActionReply, AnyAction } from "@taleem/contract";
import { type UseQueryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { resourceKeys } from "../ui/resource/resource-keys";
import { type ActionCallInput, callAction } from "./call-action";
import { queryClient } from "./query-client";

export { callAction };

type Input<A extends AnyAction> = ActionCallInput<A>;

/** The query key of a GET action's reply: its path and input, under the resources it reads. */
export const actionKey = (action: AnyAction, input: unknown) => ["action", action.path, input] as const;

/**
 * A declared action as a mutation: on success it refreshes every list and detail of the
 * resources the declaration says it changes, and every GET action's cached reply.
 */
export function useAction<A extends AnyAction>(action: A) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: Input<A>) => callAction(action, input),
    onSuccess: () => {
      for (const path of action.refreshes) void qc.invalidateQueries({ queryKey: resourceKeys(path).all });
      void qc.invalidateQueries({ queryKey: ["action"] });
    },
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
