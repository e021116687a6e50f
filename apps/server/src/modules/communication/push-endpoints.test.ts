import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, testApp } from "../../../test/harness.js";
import { users } from "../../platform/auth/users.table.js";
import { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { ok } from "../academics/school.fixture.js";
import { NOTICE, schoolWithParents } from "./announcements.fixture.js";
import { FakePushService } from "./web-push.fake.js";

describe("push endpoints that are not on a public address", () => {
  let app: TestApp;
  // A push service on this machine that the app is not told to allow: as a loopback address is to production.
  const local = new FakePushService();
  beforeAll(async () => {
    await local.start();
    app = await testApp();
  });
  afterAll(async () => {
    await local.stop();
  });

  it("are refused when a browser saves them, naming the field", async () => {
    const s = await schoolWithParents(app);
    const device = local.subscribe();
    const res = await s.amina.api.post("/user/api/user/updatefcmtoken", { subscription: { endpoint: device.endpoint, keys: device.keys } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "push.endpoint_not_public", params: { field: "subscription.endpoint" } });
  });

  it("are never connected to when one was stored before, by address or by a name for it, and are dropped", async () => {
    const s = await schoolWithParents(app);
    const [byAddress, byName] = [local.subscribe(), local.subscribe()];
    const at = new Date().toISOString();
    const stored = [
      { kind: "webpush" as const, endpoint: byAddress.endpoint, keys: byAddress.keys, at },
      { kind: "webpush" as const, endpoint: byName.endpoint.replace("//127.0.0.1:", "//localhost:"), keys: byName.keys, at },
    ];
    const scope = new TenantScope(app.services.db, s.tenant.id);
    await scope.update(users, s.amina.user.id, { pushTargets: stored });

    await ok(s.api.post("/admin/api/announcement", { ...NOTICE, audience: "people", audienceIds: [s.amina.user.id], status: "published" }));
    await app.services.messenger.settled();
    expect(local.received).toEqual([]);
    expect(local.refused).toEqual([]);
    expect((await scope.find(users, s.amina.user.id, "User")).pushTargets).toEqual([]);
  });
});
