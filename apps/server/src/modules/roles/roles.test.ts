import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { PermissionMap } from "@taleem/contract";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { adminOfNewTenant, type TestApp, testApp } from "../../../test/harness.js";
import { addUser, rolesOf, signedInUser } from "../../../test/people.js";
import { migrationsFolder } from "../../db/client.js";
import { roles as rolesTable } from "../../platform/auth/roles.table.js";

describe("roles", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });

  const school = async () => {
    const s = await adminOfNewTenant(app);
    return { ...s, roles: await rolesOf(s.api) };
  };

  it("keeps the Admin role's full access, area and status", async () => {
    const { api, roles } = await school();
    const id = roles.admin!;
    for (const change of [{ permissions: { users: ["view"] } }, { area: "parent" }, { status: "inactive" }]) {
      const res = await api.put("/admin/api/role", { id, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().code).toBe("role.admin_locked");
    }
    const viaPermission = await api.put("/admin/api/role/permission", { id, permissions: { users: ["view"] } });
    expect(viaPermission.statusCode).toBe(400);
    expect((await api.delete(`/admin/api/role/${id}`)).statusCode).toBe(409);
    // Renaming is fine, and so is saving the map it already has.
    expect((await api.put("/admin/api/role", { id, name: "Principal", permissions: { "*": ["*"] } })).statusCode).toBe(200);
    const single = (await api.get(`/admin/api/role/fetchSingleRole/${id}`)).json();
    expect(single).toMatchObject({ message: "Role fetched successfully", data: { name: "Principal", permissions: { "*": ["*"] }, area: "admin" } });
  });

  it("enforces a custom role's permission map on the server", async () => {
    const s = await school();
    const created = await s.api.post("/admin/api/role", { name: "Front Desk", area: "admin", permissions: { users: ["view"] } });
    expect(created.statusCode).toBe(200);
    const desk = await signedInUser(app, s.tenant, s.api, [created.json().data.id]);
    const list = await desk.api.get("/admin/api/user");
    expect(list.statusCode).toBe(200);
    expect(list.json().count).toBeGreaterThanOrEqual(2);
    const add = await desk.api.post("/admin/api/user", { name: "Sneaky", mobile: "+919812345678", roleIds: [s.roles.parent] });
    expect(add.statusCode).toBe(403);
    expect(add.json()).toMatchObject({ code: "forbidden", redirect: "/admin/dashboard" });
    expect((await desk.api.get("/admin/api/role")).statusCode).toBe(403);
    expect((await desk.api.get("/admin/api/setting")).statusCode).toBe(403);
    // Taking the grant away takes effect on the next call.
    await s.api.put("/admin/api/role/permission", { id: created.json().data.id, permissions: {} });
    expect((await desk.api.get("/admin/api/user")).statusCode).toBe(403);
  });

  it("validates permission keys against the module list, naming the offender", async () => {
    const { api, roles } = await school();
    const cases: [Record<string, string[]>, string][] = [
      [{ dragons: ["view"] }, "dragons"],
      [{ users: ["fly"] }, "fly"],
      [{ fees: ["view", "collect", "publish"] }, "publish"],
      [{ constructor: ["view"] }, "constructor"],
    ];
    for (const [permissions, named] of cases) {
      for (const res of [
        await api.post("/admin/api/role", { name: `Bad ${named}`, area: "admin", permissions }),
        await api.put("/admin/api/role/permission", { id: roles.staff, permissions }),
        await api.put("/admin/api/role", { id: roles.staff, permissions }),
      ]) {
        expect(res.statusCode, named).toBe(400);
        expect(res.json().message).toContain(named);
        expect(res.json().params.fields.join(" ")).toContain("permissions");
      }
    }
    const ok = await api.put("/admin/api/role/permission", { id: roles.staff, permissions: { fees: ["view", "collect", "collect"], exams: ["publish"] } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.permissions).toEqual({ fees: ["view", "collect"], exams: ["publish"] });
    const wildcard = await api.post("/admin/api/role", { name: "Deputy", area: "admin", permissions: { "*": ["*"] } });
    expect(wildcard.statusCode).toBe(400);
    expect(wildcard.json().code).toBe("role.full_access_reserved");
  });

  it("refuses a duplicate name, deleting a role in use, and finds no other school's role", async () => {
    const { api, roles } = await school();
    expect((await api.post("/admin/api/role", { name: "Teachers", area: "parent" })).statusCode).toBe(200);
    const dup = await api.post("/admin/api/role", { name: "teachers", area: "admin" });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: "role.name_taken", params: { field: "name" } });
    expect((await api.put("/admin/api/role", { id: roles.staff, name: "TEACHERS" })).statusCode).toBe(409);

    const used = (await api.post("/admin/api/role", { name: "Volunteers", area: "parent" })).json().data;
    await addUser(api, { name: "Volunteer", roleIds: [used.id] });
    const del = await api.delete(`/admin/api/role/${used.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().code).toBe("role.in_use");
    expect((await api.delete(`/admin/api/role/${roles.parent}`)).json().code).toBe("role.builtin");

    const other = await school();
    expect((await other.api.get(`/admin/api/role/fetchSingleRole/${roles.admin}`)).statusCode).toBe(404);
    expect((await other.api.put("/admin/api/role/permission", { id: roles.staff, permissions: {} })).statusCode).toBe(404);
    expect((await api.get("/admin/api/role/fetchSingleRole/99999999999")).statusCode).toBe(400);
  });

  it("lets nobody hand out more than they hold", async () => {
    const s = await school();
    const manager = (
      await s.api.post("/admin/api/role", {
        name: "Office Manager",
        area: "admin",
        permissions: { users: ["view", "add", "edit", "delete"], roles: ["view", "add", "edit"], attendance: ["view"] },
      })
    ).json().data;
    const m = await signedInUser(app, s.tenant, s.api, [manager.id]);

    const stronger = await m.api.post("/admin/api/role", { name: "Wiper", area: "admin", permissions: { settings: ["wipe"] } });
    expect(stronger.statusCode).toBe(403);
    expect(stronger.json().message).toContain("settings:wipe");
    expect((await m.api.post("/admin/api/role", { name: "Register", area: "parent", permissions: { attendance: ["view"] } })).statusCode).toBe(200);
    expect((await m.api.put("/admin/api/role/permission", { id: manager.id, permissions: { ...manager.permissions, fees: ["refund"] } })).statusCode).toBe(403);
    expect((await m.api.put("/admin/api/role", { id: s.roles.staff, name: "Teaching Staff" })).statusCode).toBe(403);

    const makeAdmin = await m.api.post("/admin/api/user", { name: "New Boss", mobile: "+919812340001", roleIds: [s.roles.admin] });
    expect(makeAdmin.statusCode).toBe(403);
    const self = await m.api.put("/admin/api/user", { id: m.user.id, roleIds: [manager.id, s.roles.admin] });
    expect(self.statusCode).toBe(403);
    // The built-in Parent role's rights (checklists a parent submits) are every family's, over its
    // own rows: the office makes and looks after parents' accounts without holding them.
    const parent = await m.api.post("/admin/api/user", { name: "A Parent", mobile: "+919812340002", roleIds: [s.roles.parent] });
    expect(parent.statusCode, parent.body).toBe(200);
    const parentReset = await m.api.post("/admin/api/user/resetpassword", { userId: parent.json().data.id, password: "Parent-Reset-2026" });
    expect(parentReset.statusCode, parentReset.body).toBe(200);
    const guardian = await m.api.post("/admin/api/role", { name: "Guardian", area: "parent", linkedStudentsOnly: true, permissions: { fees: ["view"] } });
    expect(guardian.statusCode, "a family role of one's own making is still weighed").toBe(403);
    const resetAdmin = await m.api.post("/admin/api/user/resetpassword", { userId: s.tenant.admin.id, password: "Taken-Over-2026" });
    expect(resetAdmin.statusCode).toBe(403);
    expect((await m.api.delete(`/admin/api/user/${s.tenant.admin.id}`)).statusCode).toBe(403);
  });

  it("gives a school's built-in Staff and Muawin roles from before the school-life modules what a new school's have, and leaves a role the school set", async () => {
    const { api, roles: ids } = await school();
    const permissionsOf = async (id: number) => (await api.get(`/admin/api/role/fetchSingleRole/${id}`)).json().data.permissions as PermissionMap;
    const newStaff = await permissionsOf(ids.staff!);
    const schoolLife = ["tasks", "lessons", "materials", "halls", "checklists", "meetings"];
    const before = Object.fromEntries(Object.entries(newStaff).filter(([module]) => !schoolLife.includes(module)));
    const chosen = { students: ["view"], tasks: ["view"] };
    expect((await api.put("/admin/api/role/permission", { id: ids.staff, permissions: before })).statusCode).toBe(200);
    expect((await api.put("/admin/api/role/permission", { id: ids.muawin, permissions: chosen })).statusCode).toBe(200);
    // On a copy of this school's roles (a temporary table named like it comes first in the search
    // path), so the other schools of a shared test database are left alone.
    const migration = readFileSync(join(migrationsFolder, "0019_staff_muawin_school_life.sql"), "utf8");
    const after = await app.services.db.transaction(async (tx) => {
      await tx.execute(sql`CREATE TEMP TABLE roles ON COMMIT DROP AS SELECT * FROM public.roles WHERE id IN (${ids.staff!}, ${ids.muawin!})`);
      for (const statement of migration.split("--> statement-breakpoint")) await tx.execute(sql.raw(statement));
      return new Map((await tx.select().from(rolesTable)).map((r) => [r.id, r.permissions]));
    });
    expect(after.get(ids.staff!)).toEqual(newStaff);
    expect(after.get(ids.muawin!)).toEqual(chosen);
  });
});
