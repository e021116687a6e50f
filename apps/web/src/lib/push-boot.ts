import { useAuth } from "./auth-store";
import { KEYS, storage } from "./storage";

declare global {
  interface Window {
    /** A native app wrapper hands over its own device token here. */
    registerDeviceToken?: (token: string) => Promise<void>;
  }
}

/** A device token is sent again after a week, so the server knows it is still alive (the spec's refresh). */
export const PUSH_REFRESH_MS = 7 * 24 * 60 * 60 * 1000;

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

/** Whether this token or subscription endpoint was sent to the server within the week. */
export function sentRecently(fingerprint: string): boolean {
  const sentAt = Number(storage.get(KEYS.pushSentAt) ?? 0);
  return storage.get(KEYS.pushToken) === fingerprint && Date.now() - sentAt < PUSH_REFRESH_MS;
}

/**
 * This browser's Web Push registration. Nothing goes over the network unless notifications are
 * allowed and the subscription is new, changed, or a week old: the push code and the public key
 * are fetched only then.
 */
async function registerThisBrowser(): Promise<void> {
  if (Notification.permission === "denied") return;
  if (Notification.permission === "default" && (await Notification.requestPermission()) !== "granted") return;
  const registration = await navigator.serviceWorker.ready;
  const current = await registration.pushManager.getSubscription();
  if (current && sentRecently(current.endpoint)) return;
  const push = await import("./push");
  await push.registerWebPush(registration, current);
}

/** Sends the native wrapper's token, or registers this browser; resolves when done (failures are logged). */
async function register(): Promise<void> {
  try {
    const token = nativeToken;
    if (token) {
      if (!sentRecently(token)) await (await import("./push")).sendDeviceToken(token);
      return;
    }
    const problem = unsupported();
    if (problem) throw problem;
    await registerThisBrowser();
  } catch (e) {
    console.error("Push registration failed", e);
  }
}

/**
 * Start-up's push-registration step, which the splash waits for. It only decides, without the
 * network: nobody signed in, an unsupported browser, notifications not allowed, or a device
 * registered within the week end it at once. Registering or refreshing the token carries on
 * after the page shows; failures are logged and the app carries on.
 */
export function startPush(): Promise<void> {
  const s = useAuth.getState();
  if (s.status !== "signed-in" || s.platformAdmin) return Promise.resolve();
  void register();
  return Promise.resolve();
}

/** Whether this browser can receive push, and whether the person allowed it. */
export function pushPermission(): "unsupported" | NotificationPermission {
  return unsupported() ? "unsupported" : Notification.permission;
}

/**
 * Turns push on for this browser when the person asks (a click, so the browser may show its
 * question): asks for permission, subscribes and sends the subscription now.
 */
export async function enablePush(): Promise<boolean> {
  if (unsupported()) return false;
  if ((await Notification.requestPermission()) !== "granted") return false;
  storage.remove(KEYS.pushSentAt);
  await registerThisBrowser();
  return true;
}

/** `window.registerDeviceToken(token)`: kept until somebody is signed in, then sent. */
export function installDeviceTokenBridge(): void {
  window.registerDeviceToken = async (token: string) => {
    if (typeof token !== "string" || !token.trim()) return;
    nativeToken = token.trim();
    if (useAuth.getState().status === "signed-in" && !useAuth.getState().platformAdmin) await register();
  };
  let was = useAuth.getState().status;
  useAuth.subscribe((s) => {
    if (s.status === "signed-in" && was !== "signed-in") void startPush();
    was = s.status;
  });
}
