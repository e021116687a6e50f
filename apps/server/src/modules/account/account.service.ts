import type { PasswordChange, ProfileUpdate, PushTokenBody } from "@taleem/contract";
import { ne, sql } from "drizzle-orm";
import type { z } from "zod";
import { type RequestContext, withScope } from "../../platform/actions/request-context.js";
import { LinkTokens } from "../../platform/auth/link-tokens.js";
import { checkPasswordPolicy, hashPassword, verifyPassword } from "../../platform/auth/passwords.js";
import { prepareIdentity } from "../../platform/auth/user-accounts.js";
import { type PushTarget, users } from "../../platform/auth/users.table.js";
import { badRequest, notFound } from "../../platform/http/errors.js";
import { render } from "../../platform/messaging/texts.js";
import type { Services } from "../../platform/services.js";
import { tenantOf } from "../../platform/tenancy/tenant-of.js";
import { profilesOf } from "../auth/identity.service.js";
import { checkOwnPassword } from "../auth/sign-in.service.js";
import { checkWebPushSubscription } from "../communication/push-subscriptions.service.js";

/** A person keeps at most this many devices for push, the newest first. */
export const MAX_PUSH_TARGETS = 10;

/** Name, language, username and e-mail address of one's own account; a new address needs verifying again. */
export async function updateOwnProfile(ctx: RequestContext, input: z.infer<typeof ProfileUpdate>) {
  const { scope, principal: p } = ctx;
  const before = await scope.find(users, p.userId, "User");
  const tenant = await tenantOf(scope);
  const identity = await prepareIdentity(scope, tenant.country, { username: input.username, email: input.email }, p.userId);
  if (input.username === null && !before.mobile) {
    throw badRequest("user.no_identifier", "Keep a username or a mobile number, so you can sign in.", { field: "username" });
  }
  const values: Partial<typeof users.$inferInsert> = {};
  if (input.name !== undefined) values.name = input.name;
  if (input.language !== undefined) values.language = input.language;
  if (identity.username !== undefined) values.username = identity.username;
  if (identity.email !== undefined && identity.email !== before.email) {
    values.email = identity.email;
    values.emailVerifiedAt = null;
  }
  if (!Object.keys(values).length) return;
  const after = await scope.update(users, p.userId, values, "User");
  await ctx.audit({ action: "update", entity: "user", entityId: p.userId, before, after });
}

/**
 * Changes one's own password: the current one is asked for once the account has one (wrong
 * tries count in the sign-in limiter). Every other session ends; open reset links die.
 */
export async function changePassword(services: Services, ctx: RequestContext, input: z.infer<typeof PasswordChange>) {
  const { scope, principal: p } = ctx;
  const user = await scope.find(users, p.userId, "User");
  if (user.passwordHash) {
    if (!input.currentPassword) throw badRequest("password.current_required", "Enter your current password.", { field: "currentPassword" });
    if (!(await checkOwnPassword(services, scope, ctx.ip, p, input.currentPassword))) {
      throw badRequest("password.wrong", "Your current password is not correct.", { field: "currentPassword" });
    }
  }
  checkPasswordPolicy(input.newPassword, "newPassword");
  if (user.passwordHash && (await verifyPassword(user.passwordHash, input.newPassword, ctx.ip))) {
    throw badRequest("password.same", "Choose a new password different from the current one.", { field: "newPassword" });
  }
  const passwordHash = await hashPassword(input.newPassword, ctx.ip);
  await scope.update(users, user.id, { passwordHash });
  await new LinkTokens(scope.db, services.config.secretKey).retire(scope, user.id, "reset-password");
  await services.sessions.revokeOthers(p.tenantId, p.userId, p.sessionId, scope.db);
  await ctx.audit({ action: user.passwordHash ? "password-change" : "password-set", entity: "user", entityId: p.userId });
}

/**
 * Makes another of the person's profiles the session's active one. A profile whose role requires
 * two-factor first gets a code sent ("code-sent"), then is opened with it. Returns the profile id.
 * The code is stored and checked outside any transaction (the platform's own connection); the
 * switch itself is one transaction.
 */
export async function switchTo(services: Services, ctx: RequestContext, profileId: number, otp?: string): Promise<number | "code-sent"> {
  const { scope, principal: p } = ctx;
  const all = await profilesOf(scope.db, p.tenantId, p.userId);
  const target = all.find((x) => x.id === profileId);
  if (!target) throw notFound("Profile");
  if (target.id === p.profileId) return target.id;
  if (target.requiresTwoFactor) {
    const user = await scope.find(users, p.userId, "User");
    if (!user.mobile) throw badRequest("signin.no_mobile", "Two-step verification needs a mobile number on this account. Please contact the school.");
    if (!otp) {
      const tenant = await tenantOf(scope);
      await services.otp.send(p.tenantId, user.mobile, "switch-profile", (code) => render("otp.switch-profile", user.language, { code, school: tenant.name }));
      return "code-sent";
    }
    await services.otp.verify(p.tenantId, user.mobile, "switch-profile", otp);
  }
  await scope.transaction(async (tx) => {
    await services.sessions.setProfile(p.sessionId, target.id, tx.db);
    await tx.update(users, p.userId, { lastProfileId: target.id });
    await withScope(ctx, tx).audit({ action: "switch-profile", entity: "session", details: { from: p.profileId, to: target.id } });
  });
  return target.id;
}

const samePushTarget = (a: PushTarget, b: PushTarget) =>
  a.kind === "fcm" ? b.kind === "fcm" && a.token === b.token : b.kind === "webpush" && a.endpoint === b.endpoint;

/**
 * Stores a device's push token or subscription: deduplicated, newest first, at most ten. A device
 * belongs to whoever registered it last in the school, so it leaves the others' lists.
 */
export async function storePushTargets(services: Services, ctx: RequestContext, input: z.infer<typeof PushTokenBody>): Promise<boolean> {
  const { scope, principal: p } = ctx;
  if (input.subscription) await checkWebPushSubscription(services.config, input.subscription);
  const at = new Date().toISOString();
  const incoming: PushTarget[] = [];
  if (input.fcmToken) incoming.push({ kind: "fcm", token: input.fcmToken, at });
  if (input.subscription) incoming.push({ kind: "webpush", endpoint: input.subscription.endpoint, keys: input.subscription.keys, at });
  if (!incoming.length) return false;
  const user = await scope.find(users, p.userId, "User");
  const kept = user.pushTargets.filter((t) => !incoming.some((n) => samePushTarget(n, t)));
  await scope.update(users, user.id, { pushTargets: [...incoming, ...kept].slice(0, MAX_PUSH_TARGETS) });
  for (const t of incoming) {
    const [field, value] = t.kind === "fcm" ? (["token", t.token] as const) : (["endpoint", t.endpoint] as const);
    const needle = JSON.stringify([{ [field]: value }]);
    await scope.db
      .update(users)
      .set({
        pushTargets: sql`coalesce((select jsonb_agg(x.e order by x.i) from jsonb_array_elements(${users.pushTargets}) with ordinality as x(e, i) where x.e->>(${field}::text) is distinct from ${value}::text), '[]'::jsonb)`,
      })
      .where(scope.where(users, ne(users.id, p.userId), sql`${users.pushTargets} @> ${needle}::jsonb`));
  }
  return true;
}
