import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, testApp } from "../../../test/harness.js";
import { rowsOf } from "../../../test/people.js";
import { FcmFake } from "../../platform/messaging/fakes/fcm.fake.js";
import { ok } from "../academics/school.fixture.js";
import { NOTICE, schoolWithParents } from "./announcements.fixture.js";
import { credit } from "./template-sends.fixture.js";
import { FakePushService } from "./web-push.fake.js";

describe("notification delivery: push and the channels people choose", () => {
  let app: TestApp;
  const push = new FakePushService();
  const fcm = new FcmFake();
  beforeAll(async () => {
    await fcm.start();
    await push.start();
    app = await testApp({ FCM_SERVICE_ACCOUNT: JSON.stringify(fcm.serviceAccount), FCM_API_URL: fcm.url, PUSH_ALLOW_EXTRA: push.origin });
  });
  afterAll(async () => {
    await push.stop();
    await fcm.stop();
    await app.close();
  });

  type School = Awaited<ReturnType<typeof schoolWithParents>>;
  /** An announcement to chosen people, delivered (the sends after the reply are awaited). */
  async function announce(s: School, userIds: number[]) {
    await ok(s.api.post("/admin/api/announcement", { ...NOTICE, audience: "people", audienceIds: userIds, status: "published" }));
    await app.services.messenger.settled();
  }
  const smsTo = async (s: School, mobile: string) => (await rowsOf(app, "outbox", s.tenant.id)).filter((m) => m.channel === "sms" && m.recipient === mobile);

  it("pushes each notification, encrypted for the device and signed with VAPID, to every device of the person; a device gone (410) is dropped", async () => {
    const s = await schoolWithParents(app);
    const phone = push.subscribe();
    const laptop = push.subscribe();
    for (const device of [laptop, phone]) {
      await ok(s.amina.api.post("/user/api/user/updatefcmtoken", { subscription: { endpoint: device.endpoint, keys: device.keys } }));
    }
    push.expire(laptop.id);

    await announce(s, [s.amina.user.id]);
    const [delivered] = push.received.filter((r) => r.device === phone.id);
    expect(delivered?.payload).toMatchObject({ title: NOTICE.texts.ml.title, body: NOTICE.texts.ml.body, lang: "ml", dir: "ltr", kind: "announcement" });
    expect(delivered?.ttl).toBeGreaterThan(0);
    expect(delivered?.claims.sub).toMatch(/^mailto:/);
    expect(push.refused).toEqual([expect.objectContaining({ device: laptop.id, status: 410 })]);

    // The next notification goes to the phone only: the laptop's subscription was forgotten.
    await announce(s, [s.amina.user.id]);
    expect(push.received.filter((r) => r.device === phone.id)).toHaveLength(2);
    expect(push.refused.filter((r) => r.device === laptop.id)).toHaveLength(1);

    // Turning push off on the phone stops it there.
    expect(await ok(s.amina.api.put("/user/api/home/push/unsubscribe", { endpoint: phone.endpoint }))).toMatchObject({ removed: true });
    await announce(s, [s.amina.user.id]);
    expect(push.received.filter((r) => r.device === phone.id)).toHaveLength(2);
  });

  it("sends to a native app's device through FCM with the service account's token, and forgets a device whose app is gone", async () => {
    const s = await schoolWithParents(app);
    // The Android wrapper registers two phones (window.registerDeviceToken -> updatefcmtoken).
    for (const fcmToken of ["amina-phone-1", "amina-phone-2"]) await ok(s.amina.api.post("/user/api/user/updatefcmtoken", { fcmToken }));
    fcm.expire("amina-phone-1");

    await announce(s, [s.amina.user.id]);
    const mine = fcm.received.filter((m) => m.token.startsWith("amina-phone"));
    expect(mine).toEqual([
      expect.objectContaining({
        token: "amina-phone-2",
        title: NOTICE.texts.ml.title,
        body: NOTICE.texts.ml.body,
        data: expect.objectContaining({ kind: "announcement" }),
      }),
    ]);

    // The uninstalled app's token was dropped: the next notification goes to the other phone only, and FCM is not asked again.
    await announce(s, [s.amina.user.id]);
    expect(fcm.received.filter((m) => m.token === "amina-phone-2")).toHaveLength(2);
    const targets = (await rowsOf(app, "users", s.tenant.id)).find((u) => u.id === s.amina.user.id)?.push_targets as { token?: string }[];
    expect(targets.map((t) => t.token).filter(Boolean)).toEqual(["amina-phone-2"]);
  });

  it("follows each person's channels per kind, the school's defaults, and the channels the school made compulsory", async () => {
    const s = await schoolWithParents(app);
    await credit(app, s.tenant.id, "sms", 10_000);
    const device = push.subscribe();
    await ok(s.bilal.api.post("/user/api/user/updatefcmtoken", { subscription: { endpoint: device.endpoint, keys: device.keys } }));
    type Prefs = { rows: { kind: string; channels: string[]; compulsory: string[]; chosen: boolean }[] };
    const announcementPrefs = async () =>
      (await ok<Prefs>(s.bilal.api.get("/user/api/home/notification-preferences"))).rows.find((r) => r.kind === "announcement");
    expect(await announcementPrefs()).toMatchObject({ channels: ["push"], compulsory: [], chosen: false });

    // Bilal wants announcements by SMS instead of push.
    await ok(s.bilal.api.put("/user/api/home/notification-preferences", { choices: [{ kind: "announcement", channels: ["sms"] }] }));
    await announce(s, [s.bilal.user.id]);
    expect(await smsTo(s, s.bilal.mobile)).toHaveLength(1);
    expect(push.received.filter((r) => r.device === device.id)).toHaveLength(0);

    // The school makes push compulsory for announcements: it reaches him anyway, and he cannot leave it out.
    await ok(s.api.put("/admin/api/notification-settings", { settings: [{ kind: "announcement", channels: ["push"], compulsory: ["push"] }] }));
    expect(await announcementPrefs()).toMatchObject({ channels: ["push", "sms"], compulsory: ["push"], chosen: true });
    const refused = await s.bilal.api.put("/user/api/home/notification-preferences", { choices: [{ kind: "announcement", channels: ["sms"] }] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: "notification.channel_compulsory", params: { field: "choices.0.channels" } });
    await announce(s, [s.bilal.user.id]);
    expect(await smsTo(s, s.bilal.mobile)).toHaveLength(2);
    expect(push.received.filter((r) => r.device === device.id)).toHaveLength(1);

    // Amina never chose: the school's default (push) applies, and SMS only when the school adds it.
    await ok(s.api.put("/admin/api/notification-settings", { settings: [{ kind: "announcement", channels: ["push", "sms"], compulsory: [] }] }));
    await announce(s, [s.amina.user.id]);
    expect(await smsTo(s, s.amina.mobile)).toHaveLength(1);

    // A parent cannot change the school's settings; a compulsory channel must be a default one.
    expect((await s.bilal.api.put("/admin/api/notification-settings", { settings: [{ kind: "announcement", channels: [], compulsory: [] }] })).statusCode).toBe(
      403,
    );
    const bad = await s.api.put("/admin/api/notification-settings", { settings: [{ kind: "absence", channels: [], compulsory: ["sms"] }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("compulsory");
  });

  it("logs a notification's SMS as a message paid from the wallet, and when the balance cannot cover it sends nothing and says why", async () => {
    const s = await schoolWithParents(app);
    await ok(s.api.put("/admin/api/notification-settings", { settings: [{ kind: "announcement", channels: ["push", "sms"], compulsory: [] }] }));
    type Log = { rows: { recipient: string; status: string; cost: number; error: string | null; studentId: number | null }[] };
    const smsLog = async () => (await ok<Log>(s.api.get("/admin/api/log?channel=sms&limit=50"))).rows.filter((r) => r.recipient === s.amina.mobile);

    // Nothing in the SMS wallet: no SMS goes out, the log says why, and Amina still has the notice in the app.
    await announce(s, [s.amina.user.id]);
    expect(await smsTo(s, s.amina.mobile)).toHaveLength(0);
    expect(await smsLog()).toEqual([expect.objectContaining({ status: "failed", cost: 0, error: "The sms balance cannot cover this message." })]);
    const notices = await ok<{ rows: { kind: string }[] }>(s.amina.api.get("/user/api/home/notifications"));
    expect(notices.rows.filter((n) => n.kind === "announcement")).toHaveLength(1);

    // With credit, the SMS goes out and is in the log with its price; the outbox took it, so the hold is given back.
    await credit(app, s.tenant.id, "sms", 10_000);
    await announce(s, [s.amina.user.id]);
    expect(await smsTo(s, s.amina.mobile)).toHaveLength(1);
    const logged = await smsLog();
    expect(logged).toHaveLength(2);
    expect(logged.find((l) => l.status !== "failed")).toMatchObject({ status: "sent" });
    const wallet = await ok<{ wallets: { channel: string; balance: number; held: number }[] }>(s.api.get("/admin/api/messaging/wallet?channel=sms"));
    expect(wallet.wallets.find((w) => w.channel === "sms")).toMatchObject({ balance: 10_000, held: 0 });
  });
});
