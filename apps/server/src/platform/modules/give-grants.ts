import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/db-types.js";
import { recordChange } from "../audit/audit.service.js";
import { roles } from "../auth/roles.table.js";
import { lockKeys } from "../tenancy/advisory-locks.js";
import { TenantScope } from "../tenancy/tenant-scope.js";
import { type DefaultGrant, defaultGrants, type ModuleManifest, withGrants } from "./define-module.js";
import { moduleGrants } from "./module-grants.table.js";

type Rows<T> = { rows: T[] };

/** Records, in a new school's transaction, that its built-in roles were made with every default right. */
export async function recordGrantsGiven(scope: TenantScope, manifests: readonly ModuleManifest[]) {
  await scope.insertMany(
    moduleGrants,
    defaultGrants(manifests).map((g) => ({ grantKey: g.key })),
  );
}

/**
 * Run at every start: gives each school's built-in roles the default rights a manifest declares
 * and the school was never given (a module added, or a right added to a module, after the
 * school was made), then records them as given. A right the school was given once is never given
 * again, so one its admin took away from a built-in role stays away. No data migration is needed
 * for a new module's defaults. In the steady state this is one query that finds no school.
 * Answers how many schools and rights it gave.
 */
export async function giveNewGrants(db: Db, manifests: readonly ModuleManifest[]): Promise<{ schools: number; grants: number }> {
  const declared = defaultGrants(manifests);
  if (!declared.length) return { schools: 0, grants: 0 };
  const keys = sql.join(
    declared.map((g) => sql`${g.key}`),
    sql`, `,
  );
  const { rows: pending } = (await db.execute(sql`
    select t.id as "tenantId" from tenants t
    where exists (
      select 1 from unnest(array[${keys}]::text[]) as k(key)
      where not exists (select 1 from ${moduleGrants} g where g.tenant_id = t.id and g.grant_key = k.key))
    order by t.id`)) as unknown as Rows<{ tenantId: number }>;
  let grants = 0;
  for (const { tenantId } of pending) grants += await giveSchoolGrants(new TenantScope(db, tenantId), declared);
  return { schools: pending.length, grants };
}

/** One school, in one transaction: what it lacks, added to its built-in roles, audited and recorded. */
async function giveSchoolGrants(school: TenantScope, declared: DefaultGrant[]): Promise<number> {
  return school.transaction(async (scope) => {
    // Two servers starting at once take turns; the second finds the school's rights given.
    await lockKeys(scope.db, [`module-grants:${scope.tenantId}`]);
    const given = new Set((await scope.db.select({ key: moduleGrants.grantKey }).from(moduleGrants).where(scope.where(moduleGrants))).map((r) => r.key));
    const missing = declared.filter((g) => !given.has(g.key));
    if (!missing.length) return 0;
    const builtins = await scope.db
      .select({ id: roles.id, builtin: roles.builtin, permissions: roles.permissions })
      .from(roles)
      .where(scope.where(roles, inArray(roles.builtin, [...new Set(missing.map((g) => g.role))])));
    for (const role of builtins) {
      const permissions = withGrants(
        role.permissions,
        missing.filter((g) => g.role === role.builtin),
      );
      if (JSON.stringify(permissions) === JSON.stringify(role.permissions)) continue;
      await scope.db
        .update(roles)
        .set({ permissions })
        .where(and(scope.where(roles), eq(roles.id, role.id)));
      // The school's audit shows why a built-in role gained a right nobody there gave it.
      await recordChange(scope.db, {
        tenantId: scope.tenantId,
        userId: null,
        action: "update",
        entity: "roles",
        entityId: role.id,
        before: { permissions: role.permissions },
        after: { permissions },
      });
    }
    await scope.db
      .insert(moduleGrants)
      .values(missing.map((g) => ({ tenantId: scope.tenantId, grantKey: g.key })))
      .onConflictDoNothing();
    return missing.length;
  });
}
