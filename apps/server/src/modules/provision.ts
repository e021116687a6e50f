import { BUILTIN_ROLES } from "@taleem/contract";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/db-types.js";
import { roles } from "../platform/auth/roles.table.js";
import { builtinRoleId, createUser } from "../platform/auth/user-accounts.js";
import { conflict } from "../platform/http/errors.js";
import { defaultPermissions } from "../platform/modules/define-module.js";
import { recordGrantsGiven } from "../platform/modules/give-grants.js";
import { settings } from "../platform/tenancy/settings.table.js";
import { TenantScope } from "../platform/tenancy/tenant-scope.js";
import { tenants } from "../platform/tenancy/tenants.table.js";
import { MODULE_MANIFESTS } from "./index.js";

export interface NewTenant {
  code: string;
  name: string;
  country?: string;
  timeZone?: string;
  currency?: string;
  languages?: string[];
  contactEmail?: string;
  contactPhone?: string;
  admin: { name: string; mobile?: string; username?: string; password?: string; email?: string };
}

/** A new school: the tenant, its four built-in roles (and the record of their default rights), its settings and its first admin, in one transaction. */
export async function provisionTenant(db: Db, input: NewTenant) {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: tenants.id })
      .from(tenants)
      .where(eq(sql`lower(${tenants.code})`, input.code.trim().toLowerCase()));
    if (existing) throw conflict("tenant.code_taken", `The code ${input.code} is already used by another school.`, { field: "code" });
    const [tenant] = await tx
      .insert(tenants)
      .values({
        code: input.code.trim(),
        name: input.name.trim(),
        country: (input.country ?? "IN").toUpperCase(),
        timeZone: input.timeZone ?? "Asia/Kolkata",
        currency: input.currency ?? "INR",
        languages: input.languages ?? ["en"],
        contactEmail: input.contactEmail,
        contactPhone: input.contactPhone,
      })
      .returning();
    const scope = new TenantScope(tx as unknown as Db, tenant!.id);
    // What the built-in roles may do until the school changes it: Admin everything, the others
    // what each module's manifest gives them (modules/<module>/<module>.module.ts).
    const permissions = defaultPermissions(MODULE_MANIFESTS);
    await scope.insertMany(
      roles,
      Object.entries(BUILTIN_ROLES).map(([key, r]) => ({
        name: r.name,
        builtin: key,
        area: r.area,
        linkedStudentsOnly: r.linkedStudentsOnly,
        permissions: permissions[key as keyof typeof BUILTIN_ROLES],
      })),
    );
    // Its roles have every default right now, so no start gives it one again.
    await recordGrantsGiven(scope, MODULE_MANIFESTS);
    await scope.insert(settings, { config: {}, profile: "" });
    const admin = await createUser(scope, tenant!.country, { ...input.admin, roleIds: [await builtinRoleId(scope, "admin")] });
    return { tenant: tenant!, admin };
  });
}
