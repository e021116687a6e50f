import { type HomeData, homeData, type LinkedChild, linkedChildren } from "@taleem/contract";
import { useDeferredValue, useEffect, useMemo } from "react";
import { isApiError } from "../../lib/api";
import { useAuth } from "../../lib/auth-store";
import { SERVER_PAGES_CACHE } from "../../lib/cache-names";
import { rememberedChild } from "../../lib/chosen-child";
import { prefetchAction, useActionQuery } from "../../lib/use-action";
import { forgetHomes, type KeptChild, keepChildren, keepHome, keptChildren, keptHome } from "./home-cache";

// Signing out (or a session the server ended) forgets every kept home on this phone.
useAuth.subscribe((s, prev) => {
  if (s.status === "signed-out" && prev.status !== "signed-out") {
    forgetHomes();
    // The service worker's copy of the home the server drew (vite.config.ts).
    if (typeof caches !== "undefined") void caches.delete(SERVER_PAGES_CACHE).catch(() => undefined);
  }
});

export interface HomeState {
  /** The home to show: the fresh reply, else the one kept on this phone; undefined while neither exists. */
  data: HomeData | undefined;
  /** The data shown may be out of date (the kept copy, or the last reply after a failed refresh): say its time. */
  stale: boolean;
  /** Asking the server now (the first time, or again after a failure). */
  loading: boolean;
  /** The last call failed (or the phone is offline) and nothing fresh is shown. */
  failed: boolean;
  error: unknown;
  retry: () => void;
}

/**
 * GET /user/api/home?student= for the chosen child (skipped while none is chosen). Each fresh reply
 * is kept on the phone; while the call is on its way, paused for want of a network, or has failed,
 * the kept reply stands in, and the page says how old it is.
 */
export function useHome(studentId: number | undefined): HomeState {
  const userId = useAuth((s) => s.user?.id);
  const query = useActionQuery(
    homeData,
    { query: { student: studentId ?? 0 } },
    {
      enabled: studentId !== undefined,
      // One more try for a dropped connection; a refusal is final.
      retry: (count, e) => !(isApiError(e) && e.status >= 400 && e.status < 500) && count < 1,
    },
  );
  const fresh = query.data?.data;
  useEffect(() => {
    if (fresh && userId !== undefined) keepHome(userId, fresh);
  }, [fresh, userId]);
  const kept = useMemo(
    () => (userId !== undefined && studentId !== undefined ? keptHome(userId, studentId) : null),
    // Read once per child: from then on the fresh reply (which query keeps after a failed refresh) wins.
    [userId, studentId],
  );
  // A refusal (the child is no longer this account's, a 404) is an answer: what was kept no longer stands.
  const refused = isApiError(query.error) && query.error.status >= 400 && query.error.status < 500;
  const data = fresh ?? (refused ? undefined : kept) ?? undefined;
  const failed = query.isError || query.fetchStatus === "paused";
  return {
    data,
    stale: !!data && (!fresh || failed),
    loading: query.fetchStatus === "fetching",
    failed,
    error: query.error,
    retry: () => void query.refetch(),
  };
}

/**
 * The home route's loader: the child named in the address (`?student=`), else the one this account
 * chose last on this device, has their home asked for with the page's code and the children list,
 * not after both arrived (the call answers only for one's own child).
 */
export function prefetchChildHome({ request }: { request: Request }): null {
  const userId = useAuth.getState().user?.id;
  const student = Number(new URL(request.url).searchParams.get("student")) || (userId !== undefined ? rememberedChild(userId) : null);
  if (student && Number.isInteger(student) && student > 0) prefetchAction(homeData, { query: { student } });
  return null;
}

/**
 * The children this account follows (GET /user/api/home/children), kept on the phone like the
 * homes: offline the chooser still offers them. `known` is false until either answer exists, so
 * "no child linked yet" is said only when the school says so.
 */
export function useHomeChildren(): { list: (LinkedChild | KeptChild)[]; known: boolean; failed: boolean; retry: () => void } {
  const userId = useAuth((s) => s.user?.id);
  const query = useActionQuery(linkedChildren);
  // Drawn in the background like the cards (child-home.tsx): the page is not one long pause when the list arrives.
  const rows = useDeferredValue(query.data?.rows);
  useEffect(() => {
    if (rows && userId !== undefined) keepChildren(userId, rows);
  }, [rows, userId]);
  const kept = useMemo(() => (userId !== undefined ? keptChildren(userId) : null), [userId]);
  const list = rows ?? kept ?? [];
  return { list, known: !!rows || !!kept, failed: query.isError || query.fetchStatus === "paused", retry: () => void query.refetch() };
}
