import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/db-types.js";
import { notFound } from "../../platform/http/errors.js";
import { type TenantRow, tenants } from "../../platform/tenancy/tenants.table.js";

/** The active school behind a public form's code; an unknown or suspended one is simply not found. */
export async function findOpenTenant(db: Db, code: string, what = "Form"): Promise<TenantRow> {
  const [tenant] = await db
    .select()
    .from(tenants)
    .where(and(eq(sql`lower(${tenants.code})`, code.trim().toLowerCase()), eq(tenants.status, "active")))
    .limit(1);
  if (!tenant) throw notFound(what);
  return tenant;
}

/** A school as its public forms show it. */
export const publicSchool = (t: TenantRow) => ({ code: t.code, name: t.name, logo: t.logo, languages: t.languages, defaultLanguage: t.defaultLanguage });
