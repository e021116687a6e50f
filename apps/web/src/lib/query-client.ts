import { QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api";
import { useAuth } from "./auth-store";
import { notify } from "./notify";

/**
 * The one data cache of the signed-in areas. A 4xx is an answer, not a hiccup: no retries then.
 * A 403 for a part of a page (a widget, a side list) says so in a toast; the page's own 403 has
 * already moved on to the reply's `redirect` (api `page: true`). Everything cached is dropped at
 * sign-out, so the next person never sees the last one's data.
 */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (err, query) => {
      if (err instanceof ApiError && err.status === 403 && !err.handled && query.meta?.toast403 !== false) notify.fromError(err);
    },
  }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
    },
    mutations: { retry: false },
  },
});

useAuth.subscribe((s, prev) => {
  if (s.status === "signed-out" && prev.status !== "signed-out") queryClient.clear();
  else if (s.user && prev.user && s.user.profile.id !== prev.user.profile.id) queryClient.clear();
});
