import { eq } from "drizzle-orm";
import { builtinRoleId, createUser } from "../platform/auth/user-accounts.js";
import { provisionTenant } from "../platform/tenancy/provision.js";
import { settings } from "../platform/tenancy/settings.table.js";
import { TenantScope } from "../platform/tenancy/tenant-scope.js";
import { tenants } from "../platform/tenancy/tenants.table.js";
import type { Db } from "./client.js";

/** The demo school's people; the README lists the same. */
export const DEMO = {
  code: "DEMO",
  name: "Al-Noor Demo Madrasa",
  password: "Taleem@Demo2026",
  admin: { name: "Aisha Rahman (Admin)", mobile: "+919800000001", username: "admin" },
  staff: { name: "Yusuf Ali (Teacher)", mobile: "+919800000002", username: "teacher" },
  parent: { name: "Fatima Begum (Parent)", mobile: "+919800000003", username: "parent" },
  muawin: { name: "Ibrahim K (Muawin)", mobile: "+919800000004", username: "muawin" },
} as const;

/** Seeds the demo school once; returns false when it exists already. */
export async function seedDemo(db: Db): Promise<boolean> {
  const [existing] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, DEMO.code));
  if (existing) return false;
  const { tenant } = await provisionTenant(db, {
    code: DEMO.code,
    name: DEMO.name,
    country: "IN",
    timeZone: "Asia/Kolkata",
    currency: "INR",
    languages: ["en", "ml", "ar", "ur", "ta"],
    admin: { ...DEMO.admin, password: DEMO.password },
  });
  await db.transaction(async (tx) => {
    const scope = new TenantScope(tx as unknown as Db, tenant.id);
    for (const key of ["staff", "parent", "muawin"] as const) {
      await createUser(scope, "IN", { ...DEMO[key], password: DEMO.password, roleIds: [await builtinRoleId(scope, key)] });
    }
    // The demo's public admission form is open, so a newcomer can try the whole journey.
    await tx
      .update(settings)
      .set({ config: { admissionsOpen: true } })
      .where(scope.where(settings));
  });
  return true;
}

export function demoCredentials(): string {
  const rows = (["admin", "staff", "parent", "muawin"] as const).map(
    (k) => `  ${k.padEnd(7)} mobile ${DEMO[k].mobile}  username ${DEMO[k].username.padEnd(8)} password ${DEMO.password}`,
  );
  return [`Demo school code: ${DEMO.code}`, ...rows].join("\n");
}
