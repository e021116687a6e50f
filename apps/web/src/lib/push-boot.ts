import { useAuth } from "./auth-store";
import { storage } from "./storage";

declare global {
  interface Window {
    /** A native app wrapper hands over its own device token here. */
    registerDeviceToken?: (token: string) => Promise<void>;
  }
}

/** How long start-up waits for push registration before showing the app anyway. */
export const PUSH_WAIT_MS = 3000;

export class PushUnsupportedError extends Error {
  constructor(what: string) {
    super(`${what} is not supported in this browser: push notifications are off.`);
    this.name = "PushUnsupportedError";
  }
}

let nativeToken: string | null = null;

function unsupported(): PushUnsupportedError | null {
  if (!storage.available()) return new PushUnsupportedError("Local storage");
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) return new PushUnsupportedError("Push messaging");
  return null;
}

const withTimeout = <T>(p: Promise<T>, ms: number) => Promise.race([p, new Promise<void>((resolve) => setTimeout(resolve, ms))]);

/**
 * Registers this device for push once somebody is signed in. The push code itself is loaded
 * only here (never in the sign-in page's chunks). Failures are logged; the app carries on.
 */
export async function startPush(waitMs = PUSH_WAIT_MS): Promise<void> {
  if (useAuth.getState().status !== "signed-in" || useAuth.getState().platformAdmin) return;
  const run = async () => {
    const push = await import("./push");
    if (nativeToken) return push.sendDeviceToken(nativeToken);
    const problem = unsupported();
    if (problem) {
      console.error(problem);
      return;
    }
    await push.registerWebPush();
  };
  const done = run().catch((e) => console.error("Push registration failed", e));
  await (Number.isFinite(waitMs) ? withTimeout(done, waitMs) : done);
}

/** `window.registerDeviceToken(token)`: kept until somebody is signed in, then sent. */
export function installDeviceTokenBridge(): void {
  window.registerDeviceToken = async (token: string) => {
    if (typeof token !== "string" || !token.trim()) return;
    nativeToken = token.trim();
    await startPush(Number.POSITIVE_INFINITY);
  };
  let was = useAuth.getState().status;
  useAuth.subscribe((s) => {
    if (s.status === "signed-in" && was !== "signed-in") void startPush(Number.POSITIVE_INFINITY);
    was = s.status;
  });
}
