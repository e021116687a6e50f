import { beforeAll, describe, expect, it } from "vitest";
import { adminOfNewTenant, client, PASSWORD, signIn, type TestApp, testApp, uniqueMobile } from "../../../test/harness.js";
import { addUser, newStudentId, rolesOf, rowsOf, signedInUser } from "../../../test/people.js";
import { lastCode, messageCount } from "../auth/auth.test-kit.js";

describe("user actions", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });

  const school = async () => {
    const s = await adminOfNewTenant(app);
    return { ...s, roles: await rolesOf(s.api) };
  };

  const signInFails = async (code: string, mobile: string, password: string) =>
    (await client(app).post("/admin/open/auth/login-mobile", { mobile, password, code })).statusCode === 400;

  describe("resetpassword", () => {
    it("sets a new password under the policy and signs the user out everywhere", async () => {
      const s = await school();
      const parent = await signedInUser(app, s.tenant, s.api, [s.roles.parent!]);
      expect((await s.api.post("/admin/api/user/resetpassword", { userId: parent.user.id, password: "password" })).json().code).toBe("password.common");
      const short = await s.api.post("/admin/api/user/resetpassword", { userId: parent.user.id, password: "short" });
      expect(short.statusCode).toBe(400);
      expect(short.json().params.fields).toContain("password");

      const res = await s.api.post("/admin/api/user/resetpassword", { userId: parent.user.id, password: "Maple-Window-31" });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe("Password reset successfully");
      expect((await parent.api.get("/user/api/user")).statusCode).toBe(401);
      expect(await signInFails(s.tenant.code, parent.mobile, PASSWORD)).toBe(true);
      await signIn(app, s.tenant.code, parent.mobile, "Maple-Window-31");
      const audit = (await rowsOf(app, "audit_log", s.tenant.id)).filter((r) => r.action === "reset-password");
      expect(audit).toMatchObject([{ entity: "users", entity_id: parent.user.id, changes: { passwordCleared: false } }]);
    });

    it("without a password, clears it so the person signs in by code and sets one", async () => {
      const s = await school();
      const parent = await signedInUser(app, s.tenant, s.api, [s.roles.parent!]);
      const res = await s.api.post("/admin/api/user/resetpassword", { userId: parent.user.id });
      expect(res.statusCode).toBe(200);
      expect((await parent.api.get("/user/api/user")).statusCode).toBe(401);
      expect(await signInFails(s.tenant.code, parent.mobile, PASSWORD)).toBe(true);
      const row = (await s.api.get(`/admin/api/user?q=${encodeURIComponent(parent.mobile)}`)).json().rows[0];
      expect(row.hasPassword).toBe(false);

      const noMobile = await addUser(s.api, { mobile: null, username: `kid${Date.now()}`, password: PASSWORD, roleIds: [s.roles.parent] });
      const refused = await s.api.post("/admin/api/user/resetpassword", { userId: noMobile.id });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe("user.no_mobile");
    });

    it("keeps the admin's own session when they reset their own password, and finds no other school's user", async () => {
      const s = await school();
      expect((await s.api.post("/admin/api/user/resetpassword", { userId: s.tenant.admin.id, password: "Copper-Kettle-58" })).statusCode).toBe(200);
      expect((await s.api.get("/admin/api/user")).statusCode).toBe(200);
      const other = await school();
      expect((await other.api.post("/admin/api/user/resetpassword", { userId: s.tenant.admin.id, password: "Copper-Kettle-59" })).statusCode).toBe(404);
    });
  });

  describe("assign-student", () => {
    it("links a parent to students, idempotently", async () => {
      const s = await school();
      const parent = await addUser(s.api, { name: "Mother", roleIds: [s.roles.parent] });
      const kids = [await newStudentId(app, s.tenant, s.api), await newStudentId(app, s.tenant, s.api)];
      for (let i = 0; i < 2; i++) {
        const res = await s.api.post("/admin/api/user/assign-student", { userId: parent.id, studentIds: [...kids, kids[0]], relation: "mother" });
        expect(res.statusCode).toBe(200);
        expect(res.json().message).toBe("Students assigned successfully");
      }
      await s.api.post("/admin/api/user/assign-student", { userId: parent.id, studentIds: [kids[1]] });
      const links = await rowsOf(app, "guardians", s.tenant.id);
      expect(links.map((l) => [l.user_id, l.student_id, l.relation])).toEqual([
        [parent.id, kids[0], "mother"],
        [parent.id, kids[1], "mother"],
      ]);
    });

    it("refuses a user without a parent profile, bad ids and another school's user", async () => {
      const s = await school();
      const kid = await newStudentId(app, s.tenant, s.api);
      const notParent = await s.api.post("/admin/api/user/assign-student", { userId: s.tenant.admin.id, studentIds: [kid] });
      expect(notParent.statusCode).toBe(400);
      expect(notParent.json()).toMatchObject({ code: "user.not_parent", params: { field: "userId" } });
      const parent = await addUser(s.api, { roleIds: [s.roles.parent] });
      for (const studentIds of [[0], [-3], ["x"], [1.5], [], [99_999_999_999]]) {
        const res = await s.api.post("/admin/api/user/assign-student", { userId: parent.id, studentIds });
        expect(res.statusCode, JSON.stringify(studentIds)).toBe(400);
        expect(res.json().params.fields.join(" ")).toContain("studentIds");
      }
      const other = await school();
      expect((await other.api.post("/admin/api/user/assign-student", { userId: parent.id, studentIds: [kid] })).statusCode).toBe(404);
      expect(await rowsOf(app, "guardians", s.tenant.id)).toEqual([]);
    });
  });

  describe("merge", () => {
    it("moves profiles, guardian links and push targets to the kept user and deletes the other", async () => {
      const s = await school();
      const keep = await addUser(s.api, { name: "Amina (school)", username: `amina${Date.now()}`, mobile: null, roleIds: [s.roles.parent] });
      const dup = await signedInUser(app, s.tenant, s.api, [s.roles.parent!, s.roles.staff!], { name: "Amina (app)", email: "amina@example.org" });
      const [k1, k2] = [await newStudentId(app, s.tenant, s.api), await newStudentId(app, s.tenant, s.api)];
      await s.api.post("/admin/api/user/assign-student", { userId: keep.id, studentIds: [k1] });
      await s.api.post("/admin/api/user/assign-student", { userId: dup.user.id, studentIds: [k1, k2] });
      const { users } = await import("../../platform/auth/users.table.js");
      const { TenantScope } = await import("../../platform/tenancy/tenant-scope.js");
      const scope = new TenantScope(app.services.db, s.tenant.id);
      const target = (token: string) => ({ kind: "fcm" as const, token, at: "2026-01-01T00:00:00Z" });
      await scope.update(users, keep.id, { pushTargets: [target("phone-a")] });
      await scope.update(users, dup.user.id, { pushTargets: [target("phone-a"), target("phone-b")] });

      const res = await s.api.post("/admin/api/user/merge", { keepUserId: keep.id, mergeUserId: dup.user.id });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe("Users merged successfully");

      expect((await dup.api.get("/user/api/user")).statusCode).toBe(401);
      expect((await s.api.delete(`/admin/api/user/${dup.user.id}`)).statusCode).toBe(404);
      const kept = (await s.api.get(`/admin/api/user?q=${keep.username}`)).json().rows[0];
      expect(kept).toMatchObject({ id: keep.id, mobile: dup.mobile, email: "amina@example.org", name: "Amina (school)" });
      expect(kept.profiles.map((p: { roleId: number }) => p.roleId).sort()).toEqual([s.roles.parent, s.roles.staff].sort());
      const links = await rowsOf(app, "guardians", s.tenant.id);
      expect(links.map((l) => [l.user_id, l.student_id]).sort()).toEqual([
        [keep.id, k1],
        [keep.id, k2],
      ]);
      const stored = await scope.find(users, keep.id);
      expect(stored.pushTargets.map((t) => (t.kind === "fcm" ? t.token : ""))).toEqual(["phone-a", "phone-b"]);
      // The kept account had no password: the person now signs in with the merged account's mobile and password.
      await signIn(app, s.tenant.code, dup.mobile);
      const audit = (await rowsOf(app, "audit_log", s.tenant.id)).filter((r) => r.action === "merge");
      expect(audit).toMatchObject([{ entity_id: keep.id, changes: { mergedUserId: dup.user.id, movedProfiles: 1, movedGuardianLinks: 1 } }]);
    });

    it("refuses merging a user with itself, the caller's own account, and across schools", async () => {
      const s = await school();
      const a = await addUser(s.api, { roleIds: [s.roles.parent] });
      const same = await s.api.post("/admin/api/user/merge", { keepUserId: a.id, mergeUserId: a.id });
      expect(same.statusCode).toBe(400);
      expect(same.json().code).toBe("user.merge_self");
      expect((await s.api.post("/admin/api/user/merge", { keepUserId: a.id, mergeUserId: s.tenant.admin.id })).json().code).toBe("user.merge_own");
      const other = await school();
      const b = await addUser(other.api, { roleIds: [other.roles.parent] });
      expect((await s.api.post("/admin/api/user/merge", { keepUserId: a.id, mergeUserId: b.id })).statusCode).toBe(404);
      expect((await s.api.post("/admin/api/user/merge", { keepUserId: b.id, mergeUserId: a.id })).statusCode).toBe(404);
      expect((await other.api.get("/admin/api/user")).json().count).toBe(2);
      expect((await s.api.get("/admin/api/user")).json().count).toBe(2);
    });
  });

  describe("bulk", () => {
    it("imports every row when all are good; a row without a language reads the school's", async () => {
      const s = await school();
      expect((await s.api.put("/admin/api/setting", { school: { languages: ["en", "ur", "ml"], defaultLanguage: "ur" } })).statusCode).toBe(200);
      const rows = [
        { name: "Bulk One", mobile: "98 1234 0101", role: "parent", language: "ml" },
        { name: "Bulk Two", username: `bulk2${Date.now()}`, roleIds: [s.roles.staff], password: "Silver-Canyon-19" },
        { name: "Bulk Three", mobile: 919812340103, email: "Three@Example.org", role: "Staff", username: "" },
      ];
      const res = await s.api.post("/admin/api/user/bulk", { rows });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: "Users imported successfully", count: 3 });
      const list = (await s.api.get("/admin/api/user?q=Bulk&sort=name")).json().rows;
      expect(list.map((u: { name: string }) => u.name)).toEqual(["Bulk One", "Bulk Three", "Bulk Two"]);
      expect(list[0]).toMatchObject({ mobile: "+919812340101", language: "ml", profiles: [{ roleName: "Parent" }] });
      expect(list[1]).toMatchObject({ mobile: "+919812340103", email: "three@example.org", language: "ur", profiles: [{ roleName: "Staff" }] });
      expect(list[2]).toMatchObject({ hasPassword: true, language: "ur" });
      expect(
        (await client(app).post("/user/open/auth/login", { username: rows[1]!.username, password: "Silver-Canyon-19", code: s.tenant.code })).json().auth,
      ).toBe(true);
    });

    it("reports every bad row and imports nothing", async () => {
      const s = await school();
      const existing = await addUser(s.api, { roleIds: [s.roles.parent], username: `taken${Date.now()}` });
      const m = uniqueMobile();
      const rows = [
        { name: "Fine", mobile: uniqueMobile(), role: "Parent" },
        { mobile: uniqueMobile(), role: "Parent" },
        { name: "Twin A", mobile: m, role: "Parent" },
        { name: "Twin B", mobile: m, role: "Parent" },
        { name: "Exists", mobile: existing.mobile, role: "Parent" },
        { name: "Ghost Role", mobile: uniqueMobile(), role: "Wizard" },
        { name: "No Way In", role: "Parent" },
        { name: "Weak", mobile: uniqueMobile(), role: "Parent", password: "password1" },
        { name: "Mail", mobile: uniqueMobile(), role: "Parent", email: "not-an-address" },
        { name: "Taken Name", username: existing.username!.toUpperCase(), role: "Parent" },
        { name: "Bad Number", mobile: "12", role: "Parent" },
        { name: "No Role", mobile: uniqueMobile() },
      ];
      const before = (await rowsOf(app, "users", s.tenant.id)).length;
      const res = await s.api.post("/admin/api/user/bulk", { rows });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.code).toBe("bulk.invalid");
      expect(body.message).toContain("Nothing was imported");
      const got = (body.params.errors as { row: number; field: string }[]).map((e) => `${e.row}:${e.field}`);
      expect(got).toEqual(["2:name", "4:mobile", "5:mobile", "6:role", "7:mobile", "8:password", "9:email", "10:username", "11:mobile", "12:role"]);
      for (const e of body.params.errors) expect(e.message).toBeTruthy();
      expect((await rowsOf(app, "users", s.tenant.id)).length).toBe(before);
    });

    it("takes at most 2000 rows, and imports 2000 in one go", async () => {
      const s = await school();
      const tooMany = Array.from({ length: 2001 }, (_, i) => ({ name: `Parent ${i}`, username: `parent${i}`, role: "Parent" }));
      const over = await s.api.post("/admin/api/user/bulk", { rows: tooMany });
      expect(over.statusCode).toBe(400);
      expect(over.json().params.fields).toContain("rows");
      const rows = tooMany.slice(0, 2000);
      const started = performance.now();
      const res = await s.api.post("/admin/api/user/bulk", { rows });
      const ms = Math.round(performance.now() - started);
      console.info(`bulk import of 2000 users (no passwords) took ${ms} ms on ${app.services.database.kind}`);
      expect(res.json()).toEqual({ message: "Users imported successfully", count: 2000 });
      expect((await s.api.get(`/admin/api/user?roleId=${s.roles.parent}`)).json().count).toBe(2000);
    });

    it("imports rows with passwords at a measured pace", async () => {
      const s = await school();
      const rows = Array.from({ length: 40 }, (_, i) => ({ name: `Pw${i}`, username: `pw${i}`, role: "Parent", password: `Quiet-River-${1000 + i}` }));
      const started = performance.now();
      const res = await s.api.post("/admin/api/user/bulk", { rows });
      console.info(`bulk import of 40 users with passwords took ${Math.round(performance.now() - started)} ms`);
      expect(res.json().count).toBe(40);
    });
  });

  describe("checkparent", () => {
    const check = (code: string, mobile: string, body: Record<string, unknown> = {}) =>
      client(app).post(`/admin/open/admission/checkparent/${code}/${encodeURIComponent(mobile)}`, body);
    const reply = async (res: Awaited<ReturnType<typeof check>>) => ({ status: res.statusCode, body: res.json() });

    it("answers every number alike, and sends a code only to a parent of the school", async () => {
      const s = await school();
      const parent = await addUser(s.api, { name: "Safiya Rahman", email: "safiya@example.com", roleIds: [s.roles.parent] });
      const staff = await addUser(s.api, { roleIds: [s.roles.staff] });
      const other = await school();
      const stranger = uniqueMobile();
      const replies = [
        await reply(await check(s.tenant.code, parent.mobile!)),
        await reply(await check(s.tenant.code, staff.mobile!)),
        await reply(await check(s.tenant.code, s.tenant.admin.mobile)),
        await reply(await check(s.tenant.code, stranger)),
        await reply(await check(other.tenant.code, parent.mobile!)),
      ];
      expect(replies[0]).toMatchObject({ status: 200, body: { exists: false, guardian: null } });
      for (const r of replies) expect(r).toEqual(replies[0]);
      // Staff sign in to the parent area, so they are guardians the form may know; the admin is not.
      expect(await messageCount(app, parent.mobile!)).toBe(1);
      expect(await messageCount(app, staff.mobile!)).toBe(1);
      expect(await messageCount(app, s.tenant.admin.mobile)).toBe(0);
      expect(await messageCount(app, stranger)).toBe(0);

      const unknown = await check("NO-SUCH-SCHOOL", parent.mobile!);
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().code).toBe("tenant.unknown");
      expect((await check(s.tenant.code, "abc")).statusCode).toBe(400);
    });

    it("gives a parent's details only for the code sent to that number", async () => {
      const s = await school();
      const parent = await addUser(s.api, { name: "Safiya Rahman", email: "safiya@example.com", roleIds: [s.roles.parent] });
      const stranger = uniqueMobile();
      await check(s.tenant.code, parent.mobile!);
      await check(s.tenant.code, stranger);
      const code = await lastCode(app, parent.mobile!);
      const other = code === "999999" ? "000000" : "999999";

      // A wrong code for the parent and any code for a stranger are refused alike.
      const wrong = await reply(await check(s.tenant.code, parent.mobile!, { otp: other }));
      expect(wrong).toMatchObject({ status: 400, body: { code: "otp.invalid" } });
      expect(await reply(await check(s.tenant.code, stranger, { otp: other }))).toEqual(wrong);

      // The code is for the form alone: it does not sign the parent in.
      const signIn = await client(app).post("/admin/open/auth/validate-otp", { mobile: parent.mobile, otp: code, code: s.tenant.code });
      expect(signIn.json()).toMatchObject({ auth: false, code: "otp.invalid" });

      const right = await check(s.tenant.code, parent.mobile!, { otp: code });
      expect(right.statusCode, right.body).toBe(200);
      expect(right.json()).toMatchObject({ exists: true, guardian: { name: "Safiya Rahman", email: "safiya@example.com" } });
      // Used once.
      expect((await check(s.tenant.code, parent.mobile!, { otp: code })).json().code).toBe("otp.invalid");
    });

    it("keeps to the one-time codes' limits: three codes per number, then 429 for any number", async () => {
      const s = await school();
      const parent = await addUser(s.api, { roleIds: [s.roles.parent] });
      const stranger = uniqueMobile();
      for (let i = 0; i < 3; i++) {
        expect((await check(s.tenant.code, parent.mobile!)).statusCode).toBe(200);
        expect((await check(s.tenant.code, stranger)).statusCode).toBe(200);
      }
      const [a, b] = [await reply(await check(s.tenant.code, parent.mobile!)), await reply(await check(s.tenant.code, stranger))];
      expect(a).toMatchObject({ status: 429, body: { code: "otp.too_many" } });
      expect(b).toEqual(a);
    });
  });

  it("documents its calls in /openapi.json with request schemas", async () => {
    const doc = (await client(app).get("/openapi.json")).json();
    for (const path of ["/admin/api/user/resetpassword", "/admin/api/user/assign-student", "/admin/api/user/merge", "/admin/api/user/bulk"]) {
      expect(doc.paths[path]?.post?.requestBody, path).toBeDefined();
    }
    expect(doc.paths["/admin/open/admission/checkparent/{code}/{mobile}"]?.post?.parameters?.length).toBe(2);
  });
});
