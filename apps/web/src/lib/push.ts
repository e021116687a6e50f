import { sessionCalls } from "@taleem/contract";
import { callAction } from "./call-action";
import { sentRecently } from "./push-boot";
import { KEYS, storage } from "./storage";
import { superSettings } from "./super-settings";

/** The Web Push public key: the platform's (super-settings), else this build's VITE_VAPID_PUBLIC_KEY. */
async function vapidKey(): Promise<string | undefined> {
  const s = await superSettings();
  return s?.vapidPublicKey || s?.push?.vapidPublicKey || (import.meta.env.VITE_VAPID_PUBLIC_KEY as string | undefined) || undefined;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const padded = (base64url + "=".repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(padded);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

function sameKey(sub: PushSubscription, key: Uint8Array): boolean {
  const current = sub.options.applicationServerKey;
  if (!current) return false;
  const a = new Uint8Array(current);
  return a.length === key.length && a.every((b, i) => b === key[i]);
}

type WebPushSubscription = { endpoint: string; keys: { p256dh: string; auth: string } };
type PushTarget = { fcmToken: string } | { subscription: WebPushSubscription };

/** What the server stores of a browser's subscription: where to push and the keys to encrypt with. */
function subscriptionOf(sub: PushSubscription): WebPushSubscription {
  const { endpoint = "", keys = {} } = sub.toJSON();
  return { endpoint, keys: { p256dh: keys.p256dh ?? "", auth: keys.auth ?? "" } };
}

/** Sends a native token or a Web Push subscription, unless this one was sent within the week. */
async function sendTarget(target: PushTarget): Promise<void> {
  const fingerprint = "fcmToken" in target ? target.fcmToken : target.subscription.endpoint;
  if (!fingerprint || sentRecently(fingerprint)) return;
  await callAction(sessionCalls.registerPush, { body: target });
  storage.set(KEYS.pushToken, fingerprint);
  storage.set(KEYS.pushSentAt, String(Date.now()));
}

/** A native app wrapper's own device token. */
export function sendDeviceToken(token: string): Promise<void> {
  return sendTarget({ fcmToken: token });
}

/**
 * Subscribes this browser with the platform's VAPID key (again when the key changed) and sends
 * the subscription. Called by push-boot once notifications are allowed and the service worker runs.
 */
export async function registerWebPush(registration: ServiceWorkerRegistration, current: PushSubscription | null): Promise<void> {
  const key = await vapidKey();
  if (!key) return;
  const bytes = keyBytes(key);
  let sub = current;
  if (sub && !sameKey(sub, bytes)) {
    await sub.unsubscribe();
    sub = null;
  }
  sub ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytes });
  await sendTarget({ subscription: subscriptionOf(sub) });
}
