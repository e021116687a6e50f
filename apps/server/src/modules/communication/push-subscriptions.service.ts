import { eq, inArray, sql } from "drizzle-orm";
import { type PushTarget, users } from "../../platform/auth/users.table.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";

/** What a device is known by: a Web Push subscription's endpoint or a native wrapper's token. */
export type PushAddress = { endpoint: string } | { token: string };

const fieldOf = (a: PushAddress) => ("endpoint" in a ? (["endpoint", a.endpoint] as const) : (["token", a.token] as const));

/**
 * The people's contact details and devices, for delivery. Devices are registered by the account
 * module (`updatefcmtoken`), kept on the person's record, newest first.
 */
export async function recipientsOf(scope: TenantScope, userIds: number[]) {
  if (!userIds.length) return [];
  return scope.db
    .select({ id: users.id, name: users.name, language: users.language, mobile: users.mobile, email: users.email, pushTargets: users.pushTargets })
    .from(users)
    .where(scope.where(users, inArray(users.id, userIds)));
}

/**
 * Forgets a device in every list of the school that holds it: a push service answered that the
 * subscription is gone (404/410); only the person's own list when `userId` is given (they turned
 * push off on that device).
 */
export async function dropPushTarget(scope: TenantScope, address: PushAddress, userId?: number): Promise<number> {
  const [field, value] = fieldOf(address);
  const needle = JSON.stringify([{ [field]: value }]);
  const changed = await scope.db
    .update(users)
    .set({
      pushTargets: sql`coalesce((select jsonb_agg(x.e order by x.i) from jsonb_array_elements(${users.pushTargets}) with ordinality as x(e, i) where x.e->>(${field}::text) is distinct from ${value}::text), '[]'::jsonb)`,
    })
    .where(scope.where(users, userId === undefined ? undefined : eq(users.id, userId), sql`${users.pushTargets} @> ${needle}::jsonb`))
    .returning({ id: users.id });
  return changed.length;
}

export const webPushTargets = (targets: PushTarget[]) => targets.filter((t): t is Extract<PushTarget, { kind: "webpush" }> => t.kind === "webpush");
export const fcmTargets = (targets: PushTarget[]) => targets.filter((t): t is Extract<PushTarget, { kind: "fcm" }> => t.kind === "fcm");
