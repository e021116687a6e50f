import { createECDH, randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { adminOfNewTenant, client, newTenant, PASSWORD, signIn, type TestApp, testApp, uniqueMobile } from "../../../test/harness.js";
import { auditLog } from "../../platform/audit/audit.tables.js";
import { users } from "../../platform/auth/users.table.js";
import { addPerson, lastCode, requireTwoFactor } from "../auth/auth.test-kit.js";

describe("one's own profile", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });

  it("changes name, e-mail, language and username, and audits it", async () => {
    const { api, tenant } = await adminOfNewTenant(app);
    const res = await api.put("/user/api/user", { name: "Aisha R.", email: "Aisha@Example.org", language: "ur", username: "aisha.r" });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: "Aisha R.", email: "aisha@example.org", language: "ur", username: "aisha.r" });
    expect((await api.get("/user/api/user")).json().data.language).toBe("ur");
    const audit = await app.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, tenant.id), eq(auditLog.action, "update")));
    expect(audit[0]?.changes).toMatchObject({ name: { to: "Aisha R." }, language: { from: "en", to: "ur" } });
  });

  it("refuses a language outside the five, a username another person has, and a role or mobile change", async () => {
    const { api, tenant } = await adminOfNewTenant(app);
    expect((await api.put("/user/api/user", { language: "fr" })).statusCode).toBe(400);
    await addPerson(app, tenant.id, { username: "taken.name", password: PASSWORD, roles: ["staff"] });
    const taken = await api.put("/user/api/user", { username: "Taken.Name" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: "user.username_taken", params: { field: "username" } });
    const before = (await api.get("/user/api/user")).json().data;
    await api.put("/user/api/user", { mobile: uniqueMobile(), role: { name: "Admin" }, roleIds: [1] });
    const after = (await api.get("/user/api/user")).json().data;
    expect(after.mobile).toBe(before.mobile);
    expect(after.profiles).toEqual(before.profiles);
  });

  it("keeps a way to sign in: no username removed from an account without a mobile number", async () => {
    const t = await newTenant(app);
    await addPerson(app, t.id, { username: "only.username", password: PASSWORD, roles: ["staff"] });
    const login = await client(app).post("/user/open/auth/login", { username: "only.username", password: PASSWORD, code: t.code });
    const api = client(app, login.json().token);
    expect((await api.put("/user/api/user", { username: null })).json().code).toBe("user.no_identifier");
  });

  it("marks a changed e-mail address unverified again", async () => {
    const { api, tenant } = await adminOfNewTenant(app);
    await api.put("/user/api/user", { email: "first@example.org" });
    await app.services.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, tenant.admin.id));
    await api.put("/user/api/user", { email: "second@example.org" });
    const [row] = await app.services.db.select().from(users).where(eq(users.id, tenant.admin.id));
    expect(row?.emailVerifiedAt).toBeNull();
  });
});

describe("one's own password", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });

  it("needs the current password, keeps this session and ends the others", async () => {
    const t = await newTenant(app);
    const here = await signIn(app, t.code, t.admin.mobile);
    const elsewhere = await signIn(app, t.code, t.admin.mobile);
    const missing = await here.api.put("/user/api/user/reset-password", { newPassword: "Fresh-Olive-Tree-7" });
    expect(missing.json()).toMatchObject({ code: "password.current_required", params: { field: "currentPassword" } });
    const wrong = await here.api.put("/user/api/user/reset-password", { currentPassword: "Not-it-at-all-1", newPassword: "Fresh-Olive-Tree-7" });
    expect(wrong.json()).toMatchObject({ code: "password.wrong" });
    const common = await here.api.put("/user/api/user/reset-password", { currentPassword: PASSWORD, newPassword: "iloveyou1" });
    expect(common.json()).toMatchObject({ code: "password.common", params: { field: "newPassword" } });
    const ok = await here.api.put("/user/api/user/reset-password", { currentPassword: PASSWORD, newPassword: "Fresh-Olive-Tree-7" });
    expect(ok.statusCode).toBe(200);
    expect((await here.api.get("/user/api/user")).statusCode).toBe(200);
    expect((await elsewhere.api.get("/user/api/user")).statusCode).toBe(401);
    await signIn(app, t.code, t.admin.mobile, "Fresh-Olive-Tree-7");
  });

  it("sets a first password without a current one", async () => {
    const t = await newTenant(app);
    const parent = await addPerson(app, t.id, { mobile: uniqueMobile(), roles: ["parent"] });
    await client(app).post("/user/open/auth/loginotp", { mobile: parent.mobile, code: t.code });
    const res = await client(app).post("/admin/open/auth/validate-otp", { mobile: parent.mobile, otp: await lastCode(app, parent.mobile!), code: t.code });
    const api = client(app, res.json().token);
    const set = await api.put("/user/api/user/reset-password", { newPassword: "Fresh-Olive-Tree-7" });
    expect(set.json().data.mustSetPassword).toBe(false);
    await signIn(app, t.code, parent.mobile!, "Fresh-Olive-Tree-7");
  });
});

describe("switching profile", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });

  async function staffAndParent() {
    const t = await newTenant(app);
    const person = await addPerson(app, t.id, { mobile: uniqueMobile(), password: PASSWORD, roles: ["parent", "staff"] });
    const session = await signIn(app, t.code, person.mobile!);
    const profiles = session.user.profiles as { id: number; roleName: string }[];
    const byRole = (name: string) => profiles.find((p) => p.roleName === name)!.id;
    return { t, person, session, parentProfile: byRole("Parent"), staffProfile: byRole("Staff") };
  }

  it("changes the session's profile and the next sign-in opens it", async () => {
    const { t, person, session, parentProfile, staffProfile } = await staffAndParent();
    expect(session.user.profile.id).toBe(parentProfile);
    const res = await session.api.put("/user/api/user/switchprofile", { profileId: staffProfile });
    expect(res.json()).toMatchObject({ auth: true, user: { profile: { id: staffProfile }, role: { name: "Staff" } } });
    expect((await session.api.get("/user/open/auth/validatetoken")).json().user.profile.id).toBe(staffProfile);
    expect((await signIn(app, t.code, person.mobile!)).user.profile.id).toBe(staffProfile);
  });

  it("answers 404 for a profile that is not the person's own", async () => {
    const { session } = await staffAndParent();
    const other = await adminOfNewTenant(app);
    const res = await session.api.put("/user/api/user/switchprofile", { profileId: other.user.profile.id });
    expect(res.statusCode).toBe(404);
  });

  it("asks for a code first when the new profile's role requires two-factor", async () => {
    const { t, person, session, staffProfile } = await staffAndParent();
    await requireTwoFactor(app, t.id, "staff");
    const first = await session.api.put("/user/api/user/switchprofile", { profileId: staffProfile });
    expect(first.json()).toEqual({ auth: false, twoFactorRequired: true, message: "A verification code was sent to your mobile number." });
    expect((await session.api.get("/user/api/user")).json().data.role.name).toBe("Parent");
    const otp = await lastCode(app, person.mobile!);
    const wrong = await session.api.put("/user/api/user/switchprofile", { profileId: staffProfile, otp: otp === "000000" ? "111111" : "000000" });
    expect(wrong.statusCode).toBe(400);
    const ok = await session.api.put("/user/api/user/switchprofile", { profileId: staffProfile, otp });
    expect(ok.json()).toMatchObject({ auth: true, user: { role: { name: "Staff" } } });
  });
});

describe("push registration", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });
  /** A browser's subscription keys: its P-256 public key, uncompressed, and a 16-byte secret. */
  const browserKeys = () => {
    const ecdh = createECDH("prime256v1");
    return { p256dh: ecdh.generateKeys().toString("base64url"), auth: randomBytes(16).toString("base64url") };
  };
  const targetsOf = async (userId: number) => (await app.services.db.select().from(users).where(eq(users.id, userId)))[0]!.pushTargets;

  it("stores a device token once, newest first, at most ten", async () => {
    const { api, tenant } = await adminOfNewTenant(app);
    for (let i = 0; i < 12; i++) expect((await api.post("/user/api/user/updatefcmtoken", { fcmToken: `token-${i}` })).json().stored).toBe(true);
    await api.post("/user/api/user/updatefcmtoken", { fcmToken: "token-5" });
    const targets = await targetsOf(tenant.admin.id);
    expect(targets).toHaveLength(10);
    expect(targets.map((t) => (t.kind === "fcm" ? t.token : ""))).toEqual([
      "token-5",
      "token-11",
      "token-10",
      "token-9",
      "token-8",
      "token-7",
      "token-6",
      "token-4",
      "token-3",
      "token-2",
    ]);
  });

  it("stores a Web Push subscription, and moves a device to whoever registers it last", async () => {
    const { api, tenant } = await adminOfNewTenant(app);
    const subscription = { endpoint: "https://push.example.org/send/abc", keys: browserKeys() };
    expect((await api.post("/user/api/user/updatefcmtoken", { subscription })).json()).toMatchObject({ stored: true });
    await api.post("/user/api/user/updatefcmtoken", { fcmToken: "shared-device" });
    expect(await targetsOf(tenant.admin.id)).toMatchObject([{ kind: "fcm" }, { kind: "webpush", endpoint: subscription.endpoint, keys: subscription.keys }]);
    const other = await addPerson(app, tenant.id, { mobile: uniqueMobile(), password: PASSWORD, roles: ["staff"] });
    const { api: otherApi } = await signIn(app, tenant.code, other.mobile!);
    await otherApi.post("/user/api/user/updatefcmtoken", { fcmToken: "shared-device" });
    expect(await targetsOf(tenant.admin.id)).toMatchObject([{ kind: "webpush" }]);
    expect(await targetsOf(other.id)).toMatchObject([{ kind: "fcm", token: "shared-device" }]);
  });

  it("answers 200 and stores nothing without a token, and refuses a non-https endpoint", async () => {
    const { api, tenant } = await adminOfNewTenant(app);
    expect((await api.post("/user/api/user/updatefcmtoken", {})).json()).toEqual({
      message: "No push token or subscription was given; nothing was stored.",
      stored: false,
    });
    expect((await api.post("/user/api/user/updatefcmtoken", { fcmToken: "" })).json().stored).toBe(false);
    const bad = await api.post("/user/api/user/updatefcmtoken", { subscription: { endpoint: "http://push.example.org/x", keys: browserKeys() } });
    expect(bad.statusCode).toBe(400);
    expect(await targetsOf(tenant.admin.id)).toEqual([]);
  });

  it("refuses an endpoint the server must not connect to: loopback, private, link-local, CGNAT, unique-local", async () => {
    const { api, tenant } = await adminOfNewTenant(app);
    for (const host of ["127.0.0.1", "localhost", "[::1]", "10.0.0.1", "192.168.1.10", "169.254.169.254", "100.64.0.1", "[fd00::1]", "[::ffff:127.0.0.1]"]) {
      const res = await api.post("/user/api/user/updatefcmtoken", { subscription: { endpoint: `https://${host}:8443/push/x`, keys: browserKeys() } });
      expect(res.statusCode, host).toBe(400);
      expect(res.json(), host).toMatchObject({ code: "push.endpoint_not_public", params: { field: "subscription.endpoint" } });
    }
    expect(await targetsOf(tenant.admin.id)).toEqual([]);
  });

  it("refuses keys of the wrong length and a p256dh that is no P-256 point, naming the key", async () => {
    const { api, tenant } = await adminOfNewTenant(app);
    const save = (keys: { p256dh: string; auth: string }) =>
      api.post("/user/api/user/updatefcmtoken", { subscription: { endpoint: "https://push.example.org/send/abc", keys } });
    const good = browserKeys();
    const compressed = createECDH("prime256v1");
    compressed.generateKeys();
    for (const [keys, field] of [
      [{ ...good, p256dh: compressed.getPublicKey(null, "compressed").toString("base64url") }, "subscription.keys.p256dh"],
      [{ ...good, p256dh: Buffer.concat([Buffer.from([4]), randomBytes(65)]).toString("base64url") }, "subscription.keys.p256dh"],
      [{ ...good, auth: randomBytes(12).toString("base64url") }, "subscription.keys.auth"],
      [{ ...good, auth: randomBytes(32).toString("base64url") }, "subscription.keys.auth"],
    ] as const) {
      const res = await save(keys);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().params.fields, field).toEqual([field]);
    }
    // 65 bytes starting 0x04, but not a point on the curve.
    const offCurve = await save({ ...good, p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString("base64url") });
    expect(offCurve.json()).toMatchObject({ code: "push.bad_key", params: { field: "subscription.keys.p256dh" } });
    expect(await targetsOf(tenant.admin.id)).toEqual([]);
  });
});
