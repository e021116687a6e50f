import { useEffect } from "react";
import { useAuth } from "../../lib/auth-store";
import { whenIdle } from "../../lib/idle";
import { keeperOf } from "../../lib/offline-copies";

/** A refresh left short by a failed call is tried again this much later, a few times per visit. */
const KIT_RETRY_MS = 15_000;
const KIT_TRIES = 4;

/**
 * Refreshes the teaching kit (offline-kit.ts) when a teaching profile opens its area and whenever
 * the connection returns, once the phone is idle: its code loads only then, never before the first
 * page. A refresh a failed call left short is tried again a little later.
 */
export function useTeachingKit(teaches: boolean) {
  const who = useAuth(keeperOf);
  useEffect(() => {
    if (!teaches) return;
    let cancel = () => {};
    let retry: number | undefined;
    let tries = 0;
    const refresh = () => {
      cancel();
      window.clearTimeout(retry);
      tries += 1;
      cancel = whenIdle(
        () =>
          void import("./offline-kit")
            .then((kit) => kit.refreshTeachingKit(who))
            .then((complete) => {
              // A call that failed (a slow or busy server) is tried again while the area is open and online.
              if (!complete && navigator.onLine && tries < KIT_TRIES) retry = window.setTimeout(refresh, KIT_RETRY_MS);
            }),
      );
    };
    const connected = () => {
      tries = 0;
      refresh();
    };
    refresh();
    window.addEventListener("online", connected);
    return () => {
      cancel();
      window.clearTimeout(retry);
      window.removeEventListener("online", connected);
    };
  }, [teaches, who]);
}
