import type { ActionReply, AnyAction, JobProgress } from "@taleem/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { callAction } from "./call-action";
import { actionKey, refreshAfter } from "./use-action";

/** How often a running job is asked how far it has got. */
const POLL_MS = 400;

/**
 * Follows a server job (an import) through its declared progress call (`GET .../:job`, reply
 * `jobProgress(result)`): asks again while it runs, stops when it is done or failed, and then
 * refreshes the lists the progress call's declaration names. `job` null: nothing to follow yet.
 */
export function useJobProgress<A extends AnyAction>(action: A, job: string | null) {
  const qc = useQueryClient();
  const input = { params: { job } };
  const query = useQuery({
    queryKey: actionKey(action, input),
    queryFn: () => callAction(action, input as never) as Promise<ActionReply<A> & JobProgress>,
    enabled: !!job,
    // One answer per poll: a job's progress is never served from the cache.
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchInterval: (q) => (q.state.error || (q.state.data && q.state.data.state !== "running") ? false : POLL_MS),
  });
  const progress = job ? (query.data ?? null) : null;
  const state = progress?.state;

  useEffect(() => {
    if (state !== "done") return;
    void refreshAfter(qc, action);
  }, [state, action, qc]);

  return {
    /** The last answer: done of total, then the result or the error. */
    progress,
    running: !!job && !query.error && (!progress || progress.state === "running"),
    /** The progress call itself failed (the job is gone: a restart, or long finished). */
    lost: job ? query.error : null,
  };
}
