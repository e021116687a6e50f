import { type ImportRowError, type PermissionMap, UserImportRow } from "@taleem/contract";
import { inArray, sql } from "drizzle-orm";
import { type RequestContext, withScope } from "../../platform/actions/request-context.js";
import { checkPasswordPolicy, hashPassword } from "../../platform/auth/passwords.js";
import { tryE164 } from "../../platform/auth/phone.js";
import { roles } from "../../platform/auth/roles.table.js";
import { profiles, users } from "../../platform/auth/users.table.js";
import { AppError } from "../../platform/http/errors.js";
import { tenantOf } from "../../platform/tenancy/tenant-of.js";
import { missingGrants } from "../roles/role-grants.service.js";

const TEXT_FIELDS = ["name", "mobile", "username", "email", "role", "password", "language"] as const;
/** Passwords are hashed a few at a time: argon2 runs on the thread pool, which has four threads by default. */
const HASH_CONCURRENCY = 4;
const INSERT_CHUNK = 500;

interface GoodRow {
  index: number;
  name: string;
  mobile: string | null;
  username: string | null;
  email: string | null;
  password: string | undefined;
  language: string;
  roleIds: number[];
}

/**
 * A spreadsheet cell as the row schema reads it: empty cells are absent, numbers typed into a
 * text column (a mobile number, say) are text, and role ids may come as "3, 5".
 */
function normalise(raw: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (value === null || value === undefined || (typeof value === "string" && value.trim() === "")) continue;
    if ((TEXT_FIELDS as readonly string[]).includes(key) && typeof value === "number") out[key] = String(value);
    else if (key === "roleIds" && typeof value === "string") out[key] = value.split(/[,;\s]+/).filter(Boolean);
    else if (key === "roleIds" && typeof value === "number") out[key] = [value];
    else out[key] = value;
  }
  return out;
}

/**
 * Imports users all or nothing: every row is checked first (its fields, a sign-in identifier,
 * the role, the password policy, the mobile and username unique in the file and in the school,
 * and that the importer may give the role), every problem is reported with its row number, and
 * nothing is written unless every row is good. The rows are written in one transaction of its
 * own, opened once every password is hashed: the caller holds none.
 */
export async function importUserRows(ctx: RequestContext, rawRows: Record<string, unknown>[]): Promise<number> {
  const { scope } = ctx;
  const tenant = await tenantOf(scope);
  const schoolRoles = await scope.db.select({ id: roles.id, name: roles.name, permissions: roles.permissions }).from(roles).where(scope.where(roles));
  const roleByName = new Map(schoolRoles.map((r) => [r.name.trim().toLowerCase(), r]));
  const roleById = new Map(schoolRoles.map((r) => [r.id, r]));

  const errors: ImportRowError[] = [];
  const good: GoodRow[] = [];
  const byMobile = new Map<string, number>();
  const byUsername = new Map<string, number>();

  rawRows.forEach((raw, index) => {
    const row = index + 1;
    const fail = (field: string, message: string) => errors.push({ row, field, message });
    const parsed = UserImportRow.safeParse(normalise(raw));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) fail(String(issue.path[0] ?? "row"), issue.message);
      return;
    }
    const r = parsed.data;
    const before = errors.length;
    let mobile: string | null = null;
    if (r.mobile) {
      mobile = tryE164(r.mobile, tenant.country);
      if (!mobile) fail("mobile", `${r.mobile} is not a valid mobile number.`);
      else if (byMobile.has(mobile)) fail("mobile", `Row ${byMobile.get(mobile)} has the same mobile number.`);
      else byMobile.set(mobile, row);
    }
    const username = r.username ?? null;
    if (username) {
      const key = username.toLowerCase();
      if (byUsername.has(key)) fail("username", `Row ${byUsername.get(key)} has the same username.`);
      else byUsername.set(key, row);
    }
    if (!r.mobile && !username) fail("mobile", "Give a mobile number or a username, so the person can sign in.");

    const roleIds: number[] = [];
    if (r.role) {
      const role = roleByName.get(r.role.toLowerCase());
      if (role) roleIds.push(role.id);
      else fail("role", `There is no role named ${r.role}.`);
    }
    for (const id of r.roleIds ?? []) {
      if (roleById.has(id)) roleIds.push(id);
      else fail("roleIds", `There is no role with id ${id}.`);
    }
    if (!r.role && !r.roleIds) fail("role", "Give the person's role.");
    const granted: PermissionMap = {};
    for (const id of roleIds) for (const [m, a] of Object.entries(roleById.get(id)!.permissions)) granted[m] = [...(granted[m] ?? []), ...a];
    if (missingGrants(ctx.principal.permissions, granted).length) fail("role", "You cannot give this role: it allows more than your own role does.");

    if (r.password) {
      try {
        checkPasswordPolicy(r.password);
      } catch (e) {
        fail("password", e instanceof AppError ? e.message : "This password cannot be used.");
      }
    }
    if (errors.length === before) {
      good.push({
        index,
        name: r.name,
        mobile,
        username,
        email: r.email?.toLowerCase() ?? null,
        password: r.password,
        language: r.language ?? tenant.defaultLanguage,
        roleIds: [...new Set(roleIds)],
      });
    }
  });

  await findTaken(ctx, byMobile, byUsername, errors);
  if (errors.length) {
    errors.sort((a, b) => a.row - b.row);
    const badRows = new Set(errors.map((e) => e.row)).size;
    throw new AppError(400, "bulk.invalid", `${badRows} of ${rawRows.length} rows have problems. Nothing was imported.`, { errors });
  }

  const hashes = await hashAll(good.map((g) => g.password));
  return scope.transaction(async (tx) => {
    const created: { id: number }[] = [];
    // Rows are matched back by their sign-in identifier, unique in the file, not by position.
    const keyOf = (u: { mobile: string | null; username: string | null }) => (u.mobile ? `m:${u.mobile}` : `u:${u.username!.toLowerCase()}`);
    for (let start = 0; start < good.length; start += INSERT_CHUNK) {
      const chunk = good.slice(start, start + INSERT_CHUNK);
      const rows = await tx.db
        .insert(users)
        .values(
          chunk.map((g, i) => ({
            tenantId: tx.tenantId,
            name: g.name,
            mobile: g.mobile,
            username: g.username,
            email: g.email,
            passwordHash: hashes[start + i] ?? null,
            language: g.language,
          })),
        )
        .returning({ id: users.id, mobile: users.mobile, username: users.username });
      const ids = new Map(rows.map((u) => [keyOf(u), u.id]));
      created.push(...chunk.map((g) => ({ id: ids.get(keyOf(g))! })));
    }
    const memberships = good.flatMap((g, i) => g.roleIds.map((roleId) => ({ tenantId: tx.tenantId, userId: created[i]!.id, roleId })));
    for (let start = 0; start < memberships.length; start += INSERT_CHUNK) {
      await tx.db.insert(profiles).values(memberships.slice(start, start + INSERT_CHUNK));
    }
    await withScope(ctx, tx).audit({ action: "import", entity: "users", details: { count: created.length, userIds: created.map((c) => c.id) } });
    return created.length;
  });
}

/** Mobile numbers and usernames of the file that the school already has. */
async function findTaken(ctx: RequestContext, byMobile: Map<string, number>, byUsername: Map<string, number>, errors: ImportRowError[]) {
  const { scope } = ctx;
  if (byMobile.size) {
    const taken = await scope.db
      .select({ mobile: users.mobile })
      .from(users)
      .where(scope.where(users, inArray(users.mobile, [...byMobile.keys()])));
    for (const t of taken)
      errors.push({ row: byMobile.get(t.mobile!)!, field: "mobile", message: "Another user in this school already has this mobile number." });
  }
  if (byUsername.size) {
    const lower = sql<string>`lower(${users.username})`;
    const taken = await scope.db
      .select({ username: lower })
      .from(users)
      .where(scope.where(users, inArray(lower, [...byUsername.keys()])));
    for (const t of taken)
      errors.push({ row: byUsername.get(t.username)!, field: "username", message: "Another user in this school already has this username." });
  }
}

async function hashAll(passwords: (string | undefined)[]): Promise<(string | null)[]> {
  const out: (string | null)[] = new Array(passwords.length).fill(null);
  let next = 0;
  const worker = async () => {
    while (next < passwords.length) {
      const i = next++;
      const p = passwords[i];
      if (p) out[i] = await hashPassword(p);
    }
  };
  await Promise.all(Array.from({ length: HASH_CONCURRENCY }, worker));
  return out;
}
