import { useEffect } from "react";
import { useAuth } from "../../lib/auth-store";
import { whenIdle } from "../../lib/idle";
import { keeperOf } from "../../lib/offline-copies";

/**
 * Refreshes the teaching kit (offline-kit.ts) when a teaching profile opens its area and whenever
 * the connection returns, once the phone is idle: its code loads only then, never before the first page.
 */
export function useTeachingKit(teaches: boolean) {
  const who = useAuth(keeperOf);
  useEffect(() => {
    if (!teaches) return;
    let cancel = () => {};
    const refresh = () => {
      cancel();
      cancel = whenIdle(() => void import("./offline-kit").then((kit) => kit.refreshTeachingKit(who)));
    };
    refresh();
    window.addEventListener("online", refresh);
    return () => {
      cancel();
      window.removeEventListener("online", refresh);
    };
  }, [teaches, who]);
}
