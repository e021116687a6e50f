import { and, eq, isNull, notInArray, sql } from "drizzle-orm";
import type { RequestContext } from "../../platform/actions/request-context.js";
import { linkTokens } from "../../platform/auth/codes.table.js";
import { checkPasswordPolicy, hashPassword } from "../../platform/auth/passwords.js";
import { roles } from "../../platform/auth/roles.table.js";
import { guardians, type PushTarget, profiles, users } from "../../platform/auth/users.table.js";
import { badRequest } from "../../platform/http/errors.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { assertCanManageUser } from "../roles/role-grants.service.js";
import { revokeSessions } from "./user-sessions.js";

type UserRecord = typeof users.$inferSelect;

/**
 * An admin sets a person's password (the policy applies) or clears it, so the person signs in by
 * one-time code and sets one. Either way every session of theirs ends and open reset links die.
 */
export async function resetPassword(ctx: RequestContext, input: { userId: number; password?: string | undefined }) {
  let passwordHash: string | null = null;
  if (input.password) {
    checkPasswordPolicy(input.password);
    passwordHash = await hashPassword(input.password);
  }
  const { scope } = ctx;
  const user = await scope.find(users, input.userId, "User");
  await assertCanManageUser(ctx, user.id);
  if (!passwordHash && !user.mobile) {
    throw badRequest("user.no_mobile", "This user has no mobile number to receive a one-time code. Set a password instead.", { field: "password" });
  }
  await scope.update(users, user.id, { passwordHash });
  await scope.db
    .update(linkTokens)
    .set({ usedAt: new Date() })
    .where(scope.where(linkTokens, eq(linkTokens.userId, user.id), eq(linkTokens.purpose, "reset-password"), isNull(linkTokens.usedAt)));
  // An admin resetting their own password stays signed in here; everywhere else is signed out.
  await revokeSessions(scope, user.id, user.id === ctx.principal.userId ? ctx.principal.sessionId : undefined);
  await ctx.audit({ action: "reset-password", entity: "users", entityId: user.id, details: { passwordCleared: !passwordHash } });
  return passwordHash ? "Password reset successfully" : "Password cleared. The user will sign in with a one-time code and choose a new password.";
}

/** Whether a person holds a parent-area profile (Parent, Staff, Muawin or a school's own). */
async function holdsParentProfile(scope: TenantScope, userId: number) {
  const [row] = await scope.db
    .select({ id: profiles.id })
    .from(profiles)
    .innerJoin(roles, and(eq(roles.tenantId, profiles.tenantId), eq(roles.id, profiles.roleId)))
    .where(scope.where(profiles, eq(profiles.userId, userId), eq(roles.area, "parent")))
    .limit(1);
  return !!row;
}

/**
 * Links a parent to students, adding to the links they have. Repeating the call changes nothing
 * (but a relation given again replaces the old one).
 */
export async function assignStudents(ctx: RequestContext, input: { userId: number; studentIds: number[]; relation?: string | undefined }) {
  const studentIds = [...new Set(input.studentIds)];
  const { scope } = ctx;
  const user = await scope.find(users, input.userId, "User");
  if (!(await holdsParentProfile(scope, user.id))) {
    throw badRequest("user.not_parent", "Only a user with a parent profile can be linked to students. Give them the Parent role first.", {
      field: "userId",
    });
  }
  const values = studentIds.map((studentId) => ({
    tenantId: scope.tenantId,
    userId: user.id,
    studentId,
    ...(input.relation ? { relation: input.relation } : {}),
  }));
  const target = [guardians.tenantId, guardians.userId, guardians.studentId];
  const insert = scope.db.insert(guardians).values(values);
  try {
    await (input.relation
      ? insert.onConflictDoUpdate({ target, set: { relation: input.relation, updatedAt: new Date() } })
      : insert.onConflictDoNothing({ target }));
  } catch (e) {
    // The link's reference to students (added with the students module) names the offender.
    if (pgCode(e) === "23503") throw badRequest("student.unknown", "One or more of the students do not exist in this school.", { field: "studentIds" });
    throw e;
  }
  await ctx.audit({ action: "assign-students", entity: "users", entityId: user.id, details: { studentIds, relation: input.relation ?? null } });
  return studentIds.length;
}

const pgCode = (e: unknown) => (e as { cause?: { code?: string } }).cause?.code ?? (e as { code?: string }).code;

const pushKey = (t: PushTarget) => (t.kind === "fcm" ? `fcm:${t.token}` : `webpush:${t.endpoint}`);

/**
 * Two accounts of one person become one: the merged account's profiles, guardian links and push
 * targets move to the kept one (nothing twice), its sign-in fields fill the kept account's empty
 * ones when free (and its password, when the kept account has none), its sessions end, and it is
 * deleted. One transaction; the audit log records it.
 */
export async function mergeAccounts(ctx: RequestContext, input: { keepUserId: number; mergeUserId: number }) {
  if (input.keepUserId === input.mergeUserId) {
    throw badRequest("user.merge_self", "Choose two different users to merge.", { field: "mergeUserId" });
  }
  if (input.mergeUserId === ctx.principal.userId) {
    throw badRequest("user.merge_own", "Your own account cannot be merged away while you use it. Keep it and merge the other one into it.", {
      field: "mergeUserId",
    });
  }
  const { scope } = ctx;
  const keep = await scope.find(users, input.keepUserId, "User");
  const merged = await scope.find(users, input.mergeUserId, "User");
  await assertCanManageUser(ctx, keep.id);
  await assertCanManageUser(ctx, merged.id);

  const keptRoles = scope.db
    .select({ roleId: profiles.roleId })
    .from(profiles)
    .where(scope.where(profiles, eq(profiles.userId, keep.id)));
  const movedProfiles = await scope.db
    .update(profiles)
    .set({ userId: keep.id })
    .where(scope.where(profiles, eq(profiles.userId, merged.id), notInArray(profiles.roleId, keptRoles)))
    .returning({ id: profiles.id });
  const keptStudents = scope.db
    .select({ studentId: guardians.studentId })
    .from(guardians)
    .where(scope.where(guardians, eq(guardians.userId, keep.id)));
  const movedGuardians = await scope.db
    .update(guardians)
    .set({ userId: keep.id })
    .where(scope.where(guardians, eq(guardians.userId, merged.id), notInArray(guardians.studentId, keptStudents)))
    .returning({ id: guardians.id });

  await revokeSessions(scope, merged.id);
  await scope.db.delete(linkTokens).where(scope.where(linkTokens, eq(linkTokens.userId, merged.id)));
  await scope.remove(users, merged.id, "User");

  const changes = await fillMissing(scope, keep, merged);
  if (Object.keys(changes.values).length) await scope.update(users, keep.id, changes.values);
  await ctx.audit({
    action: "merge",
    entity: "users",
    entityId: keep.id,
    details: {
      mergedUserId: merged.id,
      mergedName: merged.name,
      movedProfiles: movedProfiles.length,
      movedGuardianLinks: movedGuardians.length,
      copiedFields: changes.copied,
    },
  });
}

/** What the kept account takes from the merged one: empty sign-in fields (when no one else holds the value) and push targets. */
async function fillMissing(scope: TenantScope, keep: UserRecord, merged: UserRecord) {
  const values: Partial<typeof users.$inferInsert> = {};
  const copied: string[] = [];
  const free = async (column: "mobile" | "username", value: string) => {
    const cond = column === "mobile" ? eq(users.mobile, value) : eq(sql`lower(${users.username})`, value.toLowerCase());
    const [holder] = await scope.db.select({ id: users.id }).from(users).where(scope.where(users, cond)).limit(1);
    return !holder;
  };
  if (!keep.mobile && merged.mobile && (await free("mobile", merged.mobile))) {
    values.mobile = merged.mobile;
    copied.push("mobile");
  }
  if (!keep.username && merged.username && (await free("username", merged.username))) {
    values.username = merged.username;
    copied.push("username");
  }
  // The kept account had no password (made by the school, say): the person keeps signing in as they did.
  if (!keep.passwordHash && merged.passwordHash) {
    values.passwordHash = merged.passwordHash;
    copied.push("password");
  }
  if (!keep.email && merged.email) {
    values.email = merged.email;
    values.emailVerifiedAt = merged.emailVerifiedAt;
    copied.push("email");
  }
  const targets = new Map<string, PushTarget>();
  for (const t of [...keep.pushTargets, ...merged.pushTargets]) if (!targets.has(pushKey(t))) targets.set(pushKey(t), t);
  if (targets.size !== keep.pushTargets.length) {
    values.pushTargets = [...targets.values()];
    copied.push("pushTargets");
  }
  return { values, copied };
}
