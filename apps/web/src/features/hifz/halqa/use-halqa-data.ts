import { activeRecitationMetrics, activeRecitationTypes, sessionLogs } from "@taleem/contract";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { useActionQuery } from "../../../lib/use-action";
import type { SavedMistake } from "./halqa-draft";

const MINUTE = 60_000;

export const useRecitationTypes = () => useActionQuery(activeRecitationTypes, {}, { staleTime: 5 * MINUTE });
export const useRecitationMetrics = () => useActionQuery(activeRecitationMetrics, {}, { staleTime: 5 * MINUTE });

/** A type's or metric's name as the reader reads: the native one for Arabic and Urdu readers, when the school gave one. */
export function useMetricName() {
  const { i18n } = useTranslation();
  const rtl = i18n.language === "ar" || i18n.language === "ur";
  return useCallback((row: { name: string; nameNative: string | null }) => (rtl && row.nameNative ? row.nameNative : row.name), [rtl]);
}

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
