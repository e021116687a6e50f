import { layoutMetadata, layoutPage, madaniPageOf, pageIn, type QuranLayout } from "@taleem/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import { api } from "../../lib/api";
import { callAction } from "../../lib/call-action";
import { actionKey, useActionQuery } from "../../lib/use-action";

/** A mushaf's pages never change: kept for the session once read. */
const FOREVER = Number.POSITIVE_INFINITY;

export function useLayoutMetadata(layoutName: string) {
  return useActionQuery(layoutMetadata, { params: { layoutName } }, { staleTime: FOREVER });
}

/** The page of a layout an ayah begins on (the Madani page until the layout's metadata is in). */
export function usePageOf(layoutName: string): (global: number) => number {
  const starts = useLayoutMetadata(layoutName).data?.pageStarts;
  return useCallback((global: number) => (starts ? pageIn(starts, global) : madaniPageOf(global)), [starts]);
}

/** One page of a layout (cached by layout and page number), with the next one fetched ahead. */
export function useQuranPage(layoutName: string, pageNumber: number, pageCount: number | undefined) {
  const qc = useQueryClient();
  const page = useActionQuery(layoutPage, { params: { layoutName, pageNumber } }, { staleTime: FOREVER, enabled: !!pageCount });
  useEffect(() => {
    if (!pageCount || pageNumber >= pageCount) return;
    const next = { params: { layoutName, pageNumber: pageNumber + 1 } };
    void qc.prefetchQuery({ queryKey: actionKey(layoutPage, next), queryFn: () => callAction(layoutPage, next), staleTime: FOREVER });
  }, [qc, layoutName, pageNumber, pageCount]);
  return page;
}

/**
 * Registers the layout's font face (FontFace from the file the server serves with the session),
 * once per layout; true once the browser can draw with it. A failure leaves the text in the
 * page's own Arabic font, and says so.
 */
export function useLayoutFont(layout: QuranLayout | undefined) {
  return useQuery({
    queryKey: ["quran-font", layout?.layoutName],
    enabled: !!layout,
    staleTime: FOREVER,
    retry: 1,
    queryFn: async () => {
      const { blob } = await api.download(layout!.fontUrl);
      const face = new FontFace(layout!.fontFamily, await blob.arrayBuffer());
      document.fonts.add(await face.load());
      return true;
    },
  });
}
