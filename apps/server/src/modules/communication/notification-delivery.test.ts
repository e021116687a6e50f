import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, testApp } from "../../../test/harness.js";
import { rowsOf } from "../../../test/people.js";
import { ok } from "../academics/school.fixture.js";
import { NOTICE, schoolWithParents } from "./announcements.fixture.js";
import { FakePushService } from "./web-push.fake.js";

describe("notification delivery: push and the channels people choose", () => {
  let app: TestApp;
  const push = new FakePushService();
  beforeAll(async () => {
    app = await testApp();
    await push.start();
  });
  afterAll(() => push.stop());

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

  it("follows each person's channels per kind, the school's defaults, and the channels the school made compulsory", async () => {
    const s = await schoolWithParents(app);
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
});
