import { beforeAll, describe, expect, it } from "vitest";
import { adminOfNewTenant, client, type TestApp, testApp, uniqueMobile } from "./harness.js";
import { addUser, rolesOf, rowsOf, signedInUser } from "./people.js";

/**
 * The generic resource engine, tested once and deeply through the users and roles resources:
 * what holds here holds for every resource served by serveResource.
 */
describe("resource engine", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });

  /** A school with its admin and seven more users named Pupil A..G (three of them inactive parents). */
  async function schoolWithUsers() {
    const s = await adminOfNewTenant(app);
    const roles = await rolesOf(s.api);
    const names = ["Pupil C", "Pupil A", "Pupil G", "Pupil E", "Pupil B", "Pupil F", "Pupil D"];
    const made = [];
    for (const [i, name] of names.entries()) {
      made.push(await addUser(s.api, { name, roleIds: [i < 3 ? roles.parent! : roles.staff!], status: i < 3 ? "inactive" : "active" }));
    }
    return { ...s, roles, made };
  }

  it("pages: page and limit pick disjoint slices and count is the total", async () => {
    const { api } = await schoolWithUsers();
    const seen: number[] = [];
    for (const page of [1, 2, 3]) {
      const res = await api.get(`/admin/api/user?limit=3&page=${page}&sort=name`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.count).toBe(8);
      expect(body.message).toBe("User list fetched successfully");
      expect(body.rows.length).toBe(page < 3 ? 3 : 2);
      seen.push(...body.rows.map((r: { id: number }) => r.id));
    }
    expect(new Set(seen).size).toBe(8);
    const beyond = (await api.get("/admin/api/user?limit=3&page=9")).json();
    expect(beyond).toMatchObject({ rows: [], count: 8 });
  });

  it("limits: 500 rows at most per page, and page numbers within reason", async () => {
    const { api } = await adminOfNewTenant(app);
    expect((await api.get("/admin/api/user?limit=500")).statusCode).toBe(200);
    const over = await api.get("/admin/api/user?limit=501");
    expect(over.statusCode).toBe(400);
    expect(over.json().params.fields).toContain("limit");
    expect((await api.get("/admin/api/user?limit=0")).statusCode).toBe(400);
    expect((await api.get("/admin/api/user?page=0")).statusCode).toBe(400);
    const deep = await api.get("/admin/api/user?page=1e300");
    expect(deep.statusCode).toBe(400);
    expect(deep.json().params.fields).toContain("page");
  });

  it("sorts by name, by -name, and refuses an unknown field with 400", async () => {
    const { api, roles } = await schoolWithUsers();
    const names = (body: { rows: { name: string }[] }) => body.rows.map((r) => r.name).filter((n) => /^pupil/i.test(n));
    const up = names((await api.get("/admin/api/user?sort=name")).json());
    expect(up).toEqual(["Pupil A", "Pupil B", "Pupil C", "Pupil D", "Pupil E", "Pupil F", "Pupil G"]);
    const down = names((await api.get("/admin/api/user?sort=-name")).json());
    expect(down).toEqual([...up].reverse());
    // Case does not split the order, whatever the database's collation.
    await addUser(api, { name: "pupil Aa", roleIds: [roles.parent] });
    const mixed = names((await api.get("/admin/api/user?sort=name&q=pupil&limit=3")).json());
    expect(mixed).toEqual(["Pupil A", "pupil Aa", "Pupil B"]);
    const bad = await api.get("/admin/api/user?sort=passwordHash");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: "sort", params: { field: "sort" } });
    expect(bad.json().message).toContain("name");
    expect((await api.get("/admin/api/role?sort=-name")).statusCode).toBe(200);
    expect((await api.get("/admin/api/role?sort=permissions")).statusCode).toBe(400);
  });

  it("searches with q across name, mobile, username and email, treating % and _ literally", async () => {
    const { api, made } = await schoolWithUsers();
    const byName = (await api.get("/admin/api/user?q=pupil%20e")).json();
    expect(byName.rows.map((r: { name: string }) => r.name)).toEqual(["Pupil E"]);
    const mobile = made[2]!.mobile!;
    const byMobile = (await api.get(`/admin/api/user?q=${encodeURIComponent(mobile.slice(-6))}`)).json();
    expect(byMobile.rows.map((r: { id: number }) => r.id)).toEqual([made[2]!.id]);
    expect((await api.get("/admin/api/user?q=%25")).json().count).toBe(0);
    expect((await api.get("/admin/api/user?q=_")).json().count).toBe(0);
    const roles = (await api.get("/admin/api/role?q=adm")).json();
    expect(roles.rows.map((r: { name: string }) => r.name)).toEqual(["Admin"]);
  });

  it("filters by status and roleId; '', 'null' and 'All' mean no filter; a bad value is a 400 naming it", async () => {
    const { api, roles } = await schoolWithUsers();
    expect((await api.get("/admin/api/user?status=inactive")).json().count).toBe(3);
    expect((await api.get("/admin/api/user?status=active")).json().count).toBe(5);
    expect((await api.get(`/admin/api/user?roleId=${roles.parent}`)).json().count).toBe(3);
    expect((await api.get(`/admin/api/user?roleId=${roles.staff}&status=active`)).json().count).toBe(4);
    expect((await api.get(`/admin/api/user?roleId=${roles.admin}`)).json().count).toBe(1);
    for (const empty of ["", "null", "All"]) {
      const res = await api.get(`/admin/api/user?status=${empty}&roleId=${empty}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().count).toBe(8);
    }
    const badStatus = await api.get("/admin/api/user?status=sleeping");
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json()).toMatchObject({ code: "filter.invalid", params: { field: "status" } });
    for (const v of ["abc", "1.5", "99999999999"]) {
      const bad = await api.get(`/admin/api/user?roleId=${v}`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().params.field).toBe("roleId");
    }
    const roleList = (await api.get("/admin/api/role?area=admin")).json();
    expect(roleList.rows.map((r: { name: string }) => r.name)).toEqual(["Admin"]);
  });

  it("accepts a trailing slash on every route", async () => {
    const { api, roles } = await adminOfNewTenant(app).then(async (s) => ({ ...s, roles: await rolesOf(s.api) }));
    expect((await api.get("/admin/api/user/")).statusCode).toBe(200);
    const created = await api.post("/admin/api/user/", { name: "Slash", mobile: uniqueMobile(), roleIds: [roles.parent] });
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id;
    expect((await api.put("/admin/api/user/", { id, name: "Slash Two" })).json().data.name).toBe("Slash Two");
    expect((await api.delete(`/admin/api/user/${id}/`)).statusCode).toBe(200);
  });

  it("refuses a change without x-requested-with (400) and writes nothing", async () => {
    const { tenant, token, roles } = await adminOfNewTenant(app).then(async (s) => ({ ...s, roles: await rolesOf(s.api) }));
    const before = (await rowsOf(app, "users", tenant.id)).length;
    const res = await app.inject({
      method: "POST",
      url: "/admin/api/user",
      headers: { "x-access-token": token },
      payload: { name: "Forged", mobile: uniqueMobile(), roleIds: [roles.parent] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("csrf");
    const del = await app.inject({ method: "DELETE", url: `/admin/api/user/${tenant.admin.id}`, headers: { "x-access-token": token } });
    expect(del.statusCode).toBe(400);
    expect((await rowsOf(app, "users", tenant.id)).length).toBe(before);
  });

  it("answers missing fields, wrong types and a 100 kB string with a 400 naming the field, writing nothing", async () => {
    const { api, tenant, roles } = await adminOfNewTenant(app).then(async (s) => ({ ...s, roles: await rolesOf(s.api) }));
    const before = (await rowsOf(app, "users", tenant.id)).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ mobile: uniqueMobile(), roleIds: [roles.parent] }, "name"],
      [{ name: "No Roles", mobile: uniqueMobile() }, "roleIds"],
      [{ name: "Typed", mobile: uniqueMobile(), roleIds: "parent" }, "roleIds"],
      [{ name: 42, mobile: uniqueMobile(), roleIds: [roles.parent] }, "name"],
      [{ name: "x".repeat(100_000), mobile: uniqueMobile(), roleIds: [roles.parent] }, "name"],
      [{ name: "Long Mail", mobile: uniqueMobile(), email: `${"a".repeat(100_000)}@x.org`, roleIds: [roles.parent] }, "email"],
      [{ name: "Bad Status", mobile: uniqueMobile(), roleIds: [roles.parent], status: "asleep" }, "status"],
    ];
    for (const [body, field] of cases) {
      const res = await api.post("/admin/api/user", body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().code).toBe("validation");
      expect(res.json().params.fields).toContain(field);
      expect(res.json().message).toContain(field);
    }
    const roleRes = await api.post("/admin/api/role", { name: "y".repeat(100_000), area: "admin" });
    expect(roleRes.statusCode).toBe(400);
    expect(roleRes.json().params.fields).toContain("name");
    const noId = await api.put("/admin/api/user", { name: "Who" });
    expect(noId.statusCode).toBe(400);
    expect(noId.json().params.fields).toContain("id");
    expect((await rowsOf(app, "users", tenant.id)).length).toBe(before);
  });

  it("answers an unknown id with 404 on PUT and DELETE, and an impossible one too", async () => {
    const { api } = await adminOfNewTenant(app);
    for (const id of [2_000_000_000, 99_999_999_999]) {
      const put = await api.put("/admin/api/user", { id, name: "Ghost" });
      expect([400, 404]).toContain(put.statusCode);
      const del = await api.delete(`/admin/api/user/${id}`);
      expect(del.statusCode).toBe(404);
      expect(del.json()).toMatchObject({ code: "not_found", message: "User not found" });
    }
    expect((await api.put("/admin/api/role", { id: 2_000_000_000, name: "Ghost" })).statusCode).toBe(404);
    expect((await api.delete("/admin/api/role/2000000000")).statusCode).toBe(404);
    expect((await api.delete("/admin/api/role/abc")).statusCode).toBe(400);
  });

  it("records create, update and delete in audit_log with what changed, never a password hash", async () => {
    const { api, tenant, roles } = await adminOfNewTenant(app).then(async (s) => ({ ...s, roles: await rolesOf(s.api) }));
    const user = await addUser(api, { name: "Audited", roleIds: [roles.parent], password: "Lantern-Harbour-77", email: "audited@example.org" });
    await api.put("/admin/api/user", { id: user.id, name: "Audited Again", roleIds: [roles.parent, roles.staff] });
    expect((await api.delete(`/admin/api/user/${user.id}`)).statusCode).toBe(200);
    const rows = (await rowsOf(app, "audit_log", tenant.id)).filter((r) => r.entity === "users" && r.entity_id === user.id);
    expect(rows.map((r) => r.action)).toEqual(["create", "update", "delete"]);
    const [create, update, del] = rows.map((r) => r.changes as Record<string, { from?: unknown; to?: unknown }>);
    expect(create!.name).toEqual({ to: "Audited" });
    expect(create!.email).toEqual({ to: "audited@example.org" });
    expect(create!.roleIds).toEqual({ to: [roles.parent] });
    expect(create!.passwordHash).toEqual({ to: "(changed)" });
    expect(update).toEqual({
      name: { from: "Audited", to: "Audited Again" },
      roleIds: { from: [roles.parent], to: [roles.parent!, roles.staff!].sort((a, b) => a - b) },
    });
    expect(del!.name).toEqual({ from: "Audited Again" });
    for (const r of rows) {
      expect(r.user_id).toBe(tenant.admin.id);
      expect(JSON.stringify(r.changes)).not.toMatch(/argon2|Lantern-Harbour/);
    }
    const role = (await api.post("/admin/api/role", { name: "Auditor", area: "admin", permissions: { reports: ["view"] } })).json().data;
    await api.put("/admin/api/role", { id: role.id, status: "inactive" });
    const roleRows = (await rowsOf(app, "audit_log", tenant.id)).filter((r) => r.entity === "roles" && r.entity_id === role.id);
    expect(roleRows.map((r) => [r.action, r.changes])).toEqual([
      ["create", expect.objectContaining({ name: { to: "Auditor" }, permissions: { to: { reports: ["view"] } } })],
      ["update", { status: { from: "active", to: "inactive" } }],
    ]);
  });

  it("changes on PUT only the fields the body names", async () => {
    const { api, roles } = await adminOfNewTenant(app).then(async (s) => ({ ...s, roles: await rolesOf(s.api) }));
    const user = await addUser(api, { name: "Partial", roleIds: [roles.parent], language: "ur", status: "inactive", email: "p@example.org" });
    const after = (await api.put("/admin/api/user", { id: user.id, name: "Partial Two" })).json().data;
    expect(after).toMatchObject({ name: "Partial Two", language: "ur", status: "inactive", email: "p@example.org", mobile: user.mobile });
    expect(after.profiles.map((p: { roleId: number }) => p.roleId)).toEqual([roles.parent]);
    const role = (await api.post("/admin/api/role", { name: "Keeper", area: "admin", permissions: { users: ["view"] }, requiresTwoFactor: true })).json().data;
    const renamed = (await api.put("/admin/api/role", { id: role.id, name: "Keeper Two" })).json().data;
    expect(renamed).toMatchObject({ name: "Keeper Two", permissions: { users: ["view"] }, requiresTwoFactor: true, status: "active", area: "admin" });
  });

  it("lists roles with activeRoles and inactiveRoles", async () => {
    const { api } = await adminOfNewTenant(app);
    await api.post("/admin/api/role", { name: "Dormant", area: "parent", status: "inactive" });
    const body = (await api.get("/admin/api/role")).json();
    expect(body).toMatchObject({ count: 5, activeRoles: 4, inactiveRoles: 1, message: "Role list fetched successfully" });
  });

  it("answers a parent-area user on an admin call with 403 and /parent/home, and no session with 401", async () => {
    const s = await adminOfNewTenant(app);
    const roles = await rolesOf(s.api);
    const parent = await signedInUser(app, s.tenant, s.api, [roles.parent!]);
    const res = await parent.api.get("/admin/api/user");
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: "forbidden", redirect: "/parent/home" });
    expect((await parent.api.post("/admin/api/role", { name: "Mine", area: "admin" })).json().redirect).toBe("/parent/home");
    for (const url of ["/admin/api/user", "/admin/api/role", "/admin/api/setting"]) {
      const anon = await client(app).get(url);
      expect(anon.statusCode).toBe(401);
      expect(anon.json()).toMatchObject({ redirect: "/auth/sign-in" });
    }
  });
});
