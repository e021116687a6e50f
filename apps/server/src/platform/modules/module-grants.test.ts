import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { PermissionMap } from "@taleem/contract";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { adminOfNewTenant, buildTestApp, newTenant, type TestApp } from "../../../test/harness.js";
import { rolesOf } from "../../../test/people.js";
import { buildApp } from "../../app.js";
import { type Database, migrationsFolder } from "../../db/client.js";
import { MODULE_MANIFESTS } from "../../modules/index.js";
import { auditLog } from "../audit/audit.tables.js";
import { roles } from "../auth/roles.table.js";
import { defineModule } from "./define-module.js";
import { giveNewGrants } from "./give-grants.js";
import { moduleGrants } from "./module-grants.table.js";

/** What provision.ts gave the built-in roles of a new school before the modules declared it. */
const BEFORE_MANIFESTS: Record<string, PermissionMap> = {
  admin: { "*": ["*"] },
  staff: {
    academics: ["view"],
    students: ["view"],
    attendance: ["view", "add", "edit"],
    hifz: ["view", "add", "edit"],
    tasks: ["view", "add", "edit"],
    lessons: ["view", "add"],
    materials: ["view", "add", "edit"],
    halls: ["view", "add", "edit"],
    checklists: ["view", "add", "edit"],
    meetings: ["view"],
  },
  muawin: {
    students: ["view"],
    attendance: ["view", "add"],
    hifz: ["view", "add"],
    tasks: ["view", "add", "edit"],
    lessons: ["view", "add"],
    halls: ["view", "add", "edit"],
    checklists: ["view", "add", "edit"],
  },
  parent: {},
};

/** What the modules have declared since: a parent submits the checklists the school gives them. */
const DEFAULTS: Record<string, PermissionMap> = { ...BEFORE_MANIFESTS, parent: { checklists: ["view", "add"] } };

/** The same rights as keys (`staff:tasks.add`), sorted. */
const keysOf = (byRole: Record<string, PermissionMap>) =>
  Object.entries(byRole)
    .filter(([role]) => role !== "admin")
    .flatMap(([role, map]) => Object.entries(map).flatMap(([module, actions]) => actions.map((a) => `${role}:${module}.${a}`)))
    .sort();

describe("the built-in roles' default rights, declared by the modules", () => {
  // A database of its own: giving rights at a start reaches every school in the database.
  let app: TestApp;
  let database: Database;
  beforeAll(async () => {
    ({ app, database } = await buildTestApp({}));
  });

  const db = () => app.services.db;
  const builtinPermissions = async (tenantId: number) =>
    Object.fromEntries(
      (await db().select({ builtin: roles.builtin, permissions: roles.permissions }).from(roles).where(eq(roles.tenantId, tenantId))).map((r) => [
        r.builtin ?? "",
        r.permissions,
      ]),
    );
  const given = async (tenantId: number) =>
    (await db().select({ key: moduleGrants.grantKey }).from(moduleGrants).where(eq(moduleGrants.tenantId, tenantId))).map((r) => r.key).sort();

  it("gives a new school's built-in roles what they had before and what was declared since, and records each right as given", async () => {
    const { id } = await newTenant(app);
    expect(await builtinPermissions(id)).toEqual(DEFAULTS);
    expect(await given(id)).toEqual(keysOf(DEFAULTS));
  });

  it("gives an existing school a right a module declares later, once, and never one the school took away", async () => {
    const { tenant, api } = await adminOfNewTenant(app);
    const ids = await rolesOf(api);
    const staffNow = async () => (await builtinPermissions(tenant.id)).staff!;
    // The school's admin takes editing tasks away from Staff.
    const chosen = { ...(await staffNow()), tasks: ["view", "add"] };
    expect((await api.put("/admin/api/role/permission", { id: ids.staff, permissions: chosen })).statusCode).toBe(200);

    // A module added after the school was made gives Staff a right ("reports" has no module yet).
    const later = [...MODULE_MANIFESTS, defineModule({ key: "reports", register: () => {}, grants: { staff: ["view"] } })];
    await giveNewGrants(db(), later);
    expect(await staffNow()).toEqual({ ...chosen, reports: ["view"] });
    expect((await builtinPermissions(tenant.id)).muawin).toEqual(BEFORE_MANIFESTS.muawin);
    expect(await given(tenant.id)).toContain("staff:reports.view");
    // The school's audit says why Staff gained it: no person, the start.
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, tenant.id), eq(auditLog.entity, "roles"), eq(auditLog.entityId, ids.staff!), sql`${auditLog.userId} is null`));
    expect(entry?.changes).toEqual({ permissions: { from: chosen, to: { ...chosen, reports: ["view"] } } });

    // Given once: the next start finds nothing to give, in any school.
    expect(await giveNewGrants(db(), later)).toEqual({ schools: 0, grants: 0 });
    // The admin takes the new right away too; it stays away.
    expect((await api.put("/admin/api/role/permission", { id: ids.staff, permissions: chosen })).statusCode).toBe(200);
    await giveNewGrants(db(), later);
    expect(await staffNow()).toEqual(chosen);
  });

  it("gives, when the server starts, a declared right the school was never given", async () => {
    const { id } = await newTenant(app);
    // A school made before Staff could log lessons: the right neither on its role nor recorded.
    const staff = (await builtinPermissions(id)).staff!;
    await db()
      .update(roles)
      .set({ permissions: { ...staff, lessons: ["view"] } })
      .where(and(eq(roles.tenantId, id), eq(roles.builtin, "staff")));
    await db()
      .delete(moduleGrants)
      .where(and(eq(moduleGrants.tenantId, id), eq(moduleGrants.grantKey, "staff:lessons.add")));

    const restarted = await buildApp({ config: app.services.config, database, logger: false });
    await restarted.close();
    expect((await builtinPermissions(id)).staff).toEqual(staff);
    expect(await given(id)).toEqual(keysOf(DEFAULTS));
  });

  it("records, for a school made before the manifests, every right it had then (migration 0022)", async () => {
    const { id } = await newTenant(app);
    // On copies of this school's tenant row and an empty record (temporary tables named like
    // them come first in the search path), so other schools are left alone.
    const migration = readFileSync(join(migrationsFolder, "0022_module_grants.sql"), "utf8");
    const insert = migration.split("--> statement-breakpoint").find((s) => s.includes("INSERT INTO"))!;
    const recorded = await db().transaction(async (tx) => {
      await tx.execute(sql`CREATE TEMP TABLE tenants ON COMMIT DROP AS SELECT * FROM public.tenants WHERE id = ${id}`);
      await tx.execute(sql`CREATE TEMP TABLE module_grants (tenant_id integer, grant_key text) ON COMMIT DROP`);
      await tx.execute(sql.raw(insert));
      return (await tx.execute(sql`SELECT grant_key AS key FROM module_grants WHERE tenant_id = ${id}`)) as unknown as { rows: { key: string }[] };
    });
    expect(recorded.rows.map((r) => r.key).sort()).toEqual(keysOf(BEFORE_MANIFESTS));
  });

  it("lets only a module roles are granted give rights, and only its own actions", () => {
    const register = () => {};
    // @ts-expect-error: auth is no key of MODULES, so no role is granted it
    defineModule({ key: "auth", register, grants: { staff: ["view"] } });
    // @ts-expect-error: tasks has no "approve"
    defineModule({ key: "tasks", register, grants: { staff: ["approve"] } });
    expect(defineModule({ key: "materials", register, grants: { staff: ["approve"] } }).grants).toEqual({ staff: ["approve"] });
  });
});
