import type { NotificationChannel, NotificationKind } from "@taleem/contract";
import webpush from "web-push";
import type { Config } from "../../config.js";
import { FcmSender, readServiceAccount } from "../../platform/messaging/fcm.js";
import type { Services } from "../../platform/services.js";
import { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { type PaidNotice, sendPaidNotices } from "./notification-messages.js";
import { channelsOf } from "./notification-preferences.service.js";
import type { notifications } from "./notifications.table.js";
import { dropPushTarget, fcmTargets, type PushAddress, pushConnection, recipientsOf, webPushTargets } from "./push-subscriptions.service.js";

export type StoredNotification = typeof notifications.$inferSelect;

/** The socket event an open session receives for each new notification (the bell listens to it). */
export const NOTIFICATION_EVENT = "notification";

/** How long a push service keeps a message for a device that is offline. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
const RTL = new Set(["ar", "ur"]);
const SENDS_AT_ONCE = 16;

type Vapid = { subject: string; publicKey: string; privateKey: string };
const generated = new WeakMap<Config, Vapid>();

/**
 * The VAPID identity push services check. `main.ts` keeps one in DATA_DIR (or production sets
 * it); a process started without one (tests) makes its own once, since no browser can have
 * subscribed with a key nobody published.
 */
function vapidOf(config: Config): Vapid {
  const from = /[^<\s]+@[^>\s]+/.exec(config.SMTP_FROM)?.[0] ?? "no-reply@taleem.local";
  const subject = `mailto:${from}`;
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) return { subject, publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY };
  let keys = generated.get(config);
  if (!keys) {
    keys = { subject, ...webpush.generateVAPIDKeys() };
    generated.set(config, keys);
  }
  return keys;
}

const senders = new WeakMap<Config, FcmSender | null>();

/** The FCM sender of this configuration, made once; none without a service account. */
function fcmOf(config: Config): FcmSender | null {
  if (!senders.has(config))
    senders.set(config, config.FCM_SERVICE_ACCOUNT ? new FcmSender(readServiceAccount(config.FCM_SERVICE_ACCOUNT), config.FCM_API_URL) : null);
  return senders.get(config) ?? null;
}

/**
 * Delivers stored notifications beyond the list, after the transaction that stored them has
 * committed: live to the person's open sessions over the socket at once, then, without holding
 * the caller's reply (`messenger.later`), on the channels the person and the school chose for the
 * kind: push to every subscribed browser (Web Push) and native app (FCM), dropping a device the
 * push service says is gone (404, 410, UNREGISTERED); e-mail through the messenger; SMS and
 * WhatsApp as logged messages paid from the school's wallet (notification-messages.ts). A failing
 * channel is logged and never stops the others. Reminders call this again with the same rows.
 */
export function deliverNotifications(services: Services, tenantId: number, rows: StoredNotification[]) {
  for (const row of rows) services.realtime.toUsers(tenantId, [row.userId], NOTIFICATION_EVENT, present(row));
  const kinds = [...new Set(rows.map((r) => r.kind))];
  for (const kind of kinds) {
    const ofKind = rows.filter((r) => r.kind === kind);
    services.messenger.later(() => deliverKind(services, tenantId, kind, ofKind));
  }
}

/** What a socket receives: the notification as the person's list shows it. */
const present = (row: StoredNotification) => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  body: row.body,
  studentId: row.studentId,
  link: row.link,
  readAt: row.readAt,
  createdAt: row.createdAt,
});

async function deliverKind(services: Services, tenantId: number, kind: NotificationKind, rows: StoredNotification[]) {
  const scope = new TenantScope(services.db, tenantId);
  const userIds = [...new Set(rows.map((r) => r.userId))];
  const { people, channels } = await scope.transaction(async (tx) => ({
    people: await recipientsOf(tx, userIds),
    channels: await channelsOf(tx, userIds, kind),
  }));
  const byId = new Map(people.map((p) => [p.id, p]));
  const gone: PushAddress[] = [];
  const fcm = fcmOf(services.config);
  const sends: (() => Promise<unknown>)[] = [];
  const paid: PaidNotice[] = [];
  const attempt = (channel: NotificationChannel, send: () => Promise<unknown>) =>
    sends.push(() => send().catch((err) => services.log.warn({ err, channel, kind, tenantId }, "notification channel failed")));
  for (const row of rows) {
    const person = byId.get(row.userId);
    if (!person) continue;
    const wanted = new Set(channels.get(row.userId) ?? []);
    if (wanted.has("push")) {
      for (const target of webPushTargets(person.pushTargets)) {
        attempt("push", async () => {
          if ((await pushTo(services.config, target, row, person.language)) === "gone") gone.push({ endpoint: target.endpoint });
        });
      }
      // A native wrapper's device: FCM shows it as the phone's own notification and opens the link.
      for (const target of fcm ? fcmTargets(person.pushTargets) : []) {
        attempt("push", async () => {
          const data = { kind: row.kind, link: row.link ?? "", notificationId: String(row.id), studentId: row.studentId ? String(row.studentId) : "" };
          if ((await fcm!.send(target.token, { title: row.title, body: row.body, data })) === "gone") gone.push({ token: target.token });
        });
      }
    }
    for (const channel of ["sms", "whatsapp"] as const) {
      if (wanted.has(channel) && person.mobile) paid.push({ row, person: { ...person, mobile: person.mobile }, channel });
    }
    if (wanted.has("email") && person.email) attempt("email", () => services.messenger.email(tenantId, person.email as string, row.title, row.body));
  }
  // A few at a time: each push is encrypted for its device (CPU) and opens a connection, and a
  // thousand at once would hold the event loop from everyone else's requests.
  const next = () => sends.shift();
  await Promise.all(
    Array.from({ length: SENDS_AT_ONCE }, async () => {
      for (let send = next(); send; send = next()) await send();
    }),
  );
  await sendPaidNotices(services, tenantId, paid).catch((err) => services.log.warn({ err, kind, tenantId }, "notification messages failed"));
  if (gone.length) {
    await scope.transaction(async (tx) => {
      for (const address of gone) await dropPushTarget(tx, address);
    });
    services.log.info({ tenantId, dropped: gone.length }, "expired push subscriptions dropped");
  }
}

/** One encrypted Web Push message (RFC 8030/8291, aes128gcm, VAPID); "gone" when the subscription has expired. */
async function pushTo(config: Config, target: { endpoint: string; keys: { p256dh: string; auth: string } }, row: StoredNotification, language: string) {
  const payload = JSON.stringify({
    title: row.title,
    body: row.body,
    url: row.link ?? "/",
    tag: `notification-${row.id}`,
    lang: language,
    dir: RTL.has(language) ? "rtl" : "ltr",
    id: row.id,
    kind: row.kind,
  });
  // An endpoint that is, or now resolves to, an address that is not public is never reached, and
  // is dropped as a gone one is.
  const connection = pushConnection(config, target.endpoint);
  if (!connection) return "gone" as const;
  try {
    await webpush.sendNotification(target, payload, {
      vapidDetails: vapidOf(config),
      TTL: PUSH_TTL_SECONDS,
      contentEncoding: "aes128gcm",
      timeout: 10_000,
      ...connection,
    });
    return "sent" as const;
  } catch (err) {
    const status = (err as { statusCode?: number }).statusCode;
    if (status === 404 || status === 410 || (err as NodeJS.ErrnoException).code === "EPRIVATE") return "gone" as const;
    throw err;
  }
}
