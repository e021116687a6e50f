import type { PermissionMap } from "@taleem/contract";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { newTenant, type TestApp, testApp } from "../../../test/harness.js";
import { roles } from "../auth/roles.table.js";
import { defineModule } from "./define-module.js";

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

describe("the built-in roles' default rights, declared by the modules", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });

  const db = () => app.services.db;
  const builtinPermissions = async (tenantId: number) =>
    Object.fromEntries(
      (await db().select({ builtin: roles.builtin, permissions: roles.permissions }).from(roles).where(eq(roles.tenantId, tenantId))).map((r) => [
        r.builtin ?? "",
        r.permissions,
      ]),
    );

  it("gives a new school's built-in roles what they had before", async () => {
    const { id } = await newTenant(app);
    expect(await builtinPermissions(id)).toEqual(BEFORE_MANIFESTS);
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
