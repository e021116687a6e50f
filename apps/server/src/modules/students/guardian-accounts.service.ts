import { and, eq, inArray, sql } from "drizzle-orm";
import { toE164 } from "../../platform/auth/phone.js";
import { roles } from "../../platform/auth/roles.table.js";
import { builtinRoleId } from "../../platform/auth/user-accounts.js";
import { guardians, profiles, users } from "../../platform/auth/users.table.js";
import { tenantOf } from "../../platform/tenancy/tenant-of.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";

/** A guardian as an office types them: the mobile finds the person; the name is used only for a new account. */
export interface GuardianContact {
  name: string;
  mobile: string;
  email?: string | null;
  language?: string | null;
}

/** Rows per multi-row INSERT: far under PostgreSQL's 65,535 bind parameters for these narrow tables. */
const CHUNK = 2000;
const chunked = <T>(rows: T[]): T[][] => Array.from({ length: Math.ceil(rows.length / CHUNK) }, (_, i) => rows.slice(i * CHUNK, (i + 1) * CHUNK));

/**
 * The parent accounts of these guardians, in the caller's transaction, by mobile number (E.164 with
 * the school's country; a number that is not a real one there is a 400 naming `field`): the
 * school's user with that mobile, given a Parent profile if they lack one (a teacher who is also a
 * parent holds both), or a new user with no password, who signs in the first time with a one-time
 * code and reads the school's default language until they choose one. Whatever the count, a fixed
 * number of queries per 2,000: look-ups, and multi-row inserts. Returns the user id per E.164
 * mobile, and how many accounts were made. Two calls making the same new parent at once: the
 * second is refused by the users' unique mobile index (409), undoing its work.
 */
export async function parentAccounts(
  scope: TenantScope,
  country: string,
  contacts: GuardianContact[],
  field = "mobile",
): Promise<{ byMobile: Map<string, number>; created: number }> {
  const wanted = new Map<string, GuardianContact>();
  for (const c of contacts) {
    const mobile = toE164(c.mobile, country, field);
    if (!wanted.has(mobile)) wanted.set(mobile, c);
  }
  const byMobile = new Map<string, number>();
  if (!wanted.size) return { byMobile, created: 0 };
  const parentRole = await builtinRoleId(scope, "parent");
  const mobiles = [...wanted.keys()];
  for (const part of chunked(mobiles)) {
    const found = await scope.db
      .select({ id: users.id, mobile: users.mobile })
      .from(users)
      .where(scope.where(users, inArray(users.mobile, part)));
    for (const u of found) byMobile.set(u.mobile!, u.id);
    const parents = new Set(
      (
        await scope.db
          .selectDistinct({ id: profiles.userId })
          .from(profiles)
          .innerJoin(roles, and(eq(roles.tenantId, profiles.tenantId), eq(roles.id, profiles.roleId)))
          .where(
            scope.where(
              profiles,
              inArray(
                profiles.userId,
                found.map((u) => u.id),
              ),
              eq(roles.area, "parent"),
            ),
          )
      ).map((p) => p.id),
    );
    await scope.insertMany(
      profiles,
      found.filter((u) => !parents.has(u.id)).map((u) => ({ userId: u.id, roleId: parentRole })),
    );
  }
  const fresh = mobiles.filter((m) => !byMobile.has(m));
  // A guardian the office types has not chosen a language: they read the school's own.
  const schoolLanguage = fresh.length ? (await tenantOf(scope)).defaultLanguage : "en";
  for (const part of chunked(fresh)) {
    const made = await scope.insertMany(
      users,
      part.map((mobile) => {
        const c = wanted.get(mobile)!;
        return { name: c.name.trim(), mobile, email: c.email?.trim().toLowerCase() || null, language: c.language || schoolLanguage, status: "active" as const };
      }),
    );
    for (const u of made) byMobile.set(u.mobile!, u.id);
    await scope.insertMany(
      profiles,
      made.map((u) => ({ userId: u.id, roleId: parentRole })),
    );
  }
  return { byMobile, created: fresh.length };
}

/** Adds parent links (a link that exists takes the new relation), in multi-row statements. */
export async function linkGuardians(scope: TenantScope, links: { userId: number; studentId: number; relation: string }[]) {
  const unique = new Map(links.map((l) => [`${l.userId}:${l.studentId}`, l]));
  for (const part of chunked([...unique.values()])) {
    await scope.db
      .insert(guardians)
      .values(part.map((l) => ({ ...l, tenantId: scope.tenantId })))
      .onConflictDoUpdate({ target: [guardians.tenantId, guardians.userId, guardians.studentId], set: { relation: sql`excluded.relation` } });
  }
}

/** The parent account of one guardian (see parentAccounts): its user id, and whether it was made now. */
export async function parentAccount(scope: TenantScope, country: string, contact: GuardianContact, field = "mobile") {
  const { byMobile, created } = await parentAccounts(scope, country, [contact], field);
  return { id: [...byMobile.values()][0]!, created: created > 0 };
}
