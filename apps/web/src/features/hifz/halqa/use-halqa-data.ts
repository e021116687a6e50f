import { activeRecitationMetrics, activeRecitationTypes, sessionLogs } from "@taleem/contract";
import { useActionQuery } from "../../../lib/use-action";
import type { SavedMistake } from "./halqa-draft";

const MINUTE = 60_000;

export const useRecitationTypes = () => useActionQuery(activeRecitationTypes, {}, { staleTime: 5 * MINUTE });
export const useRecitationMetrics = () => useActionQuery(activeRecitationMetrics, {}, { staleTime: 5 * MINUTE });

/** A sitting with its seated hafiz, saved logs and the open mistakes pinned with them. Loaded once; the screen refreshes it after a save. */
export function useSitting(sessionId: number | null) {
  const sitting = useActionQuery(sessionLogs, { params: { id: sessionId ?? 0 } }, { enabled: !!sessionId, refetchOnWindowFocus: false });
  return {
    sitting,
    mistakes: sitting.data ? (sitting.data.mistakes satisfies SavedMistake[]) : null,
    isPending: sitting.isPending,
    error: sitting.error,
    refetch: () => sitting.refetch(),
  };
}
