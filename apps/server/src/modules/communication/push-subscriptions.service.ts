import { ECDH } from "node:crypto";
import { Agent } from "node:https";
import type { WebPushSubscription } from "@taleem/contract";
import { eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Config } from "../../config.js";
import { type PushTarget, users } from "../../platform/auth/users.table.js";
import { badRequest } from "../../platform/http/errors.js";
import { isPrivateHost, isPrivateLiteral, publicOnlyLookup } from "../../platform/security/public-address.js";
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

/** A push service on a private address the configuration allows: outside production only, a local test service. */
function allowedPrivately(config: Config, endpoint: URL): boolean {
  if (config.production) return false;
  return (config.PUSH_ALLOW_EXTRA ?? "").split(",").some((origin) => origin.trim() === endpoint.origin);
}

/**
 * Refuses a browser's subscription the server must not send to: an endpoint with credentials or
 * whose host is, or resolves to, an address that is not public (the server would connect to it),
 * and a p256dh key that is no point of P-256 (the contract has checked the keys' lengths).
 */
export async function checkWebPushSubscription(config: Config, subscription: z.infer<typeof WebPushSubscription>): Promise<void> {
  const endpoint = new URL(subscription.endpoint);
  const field = "subscription.endpoint";
  if (endpoint.username || endpoint.password) throw badRequest("push.endpoint_credentials", "A push endpoint carries no user name or password.", { field });
  if (!allowedPrivately(config, endpoint) && (await isPrivateHost(endpoint.hostname))) {
    throw badRequest("push.endpoint_not_public", "The push endpoint is not on a public address.", { field });
  }
  try {
    // Converting a key reads it as a point, which must lie on the curve.
    ECDH.convertKey(Buffer.from(subscription.keys.p256dh, "base64url"), "prime256v1");
  } catch {
    throw badRequest("push.bad_key", "The subscription's p256dh is not a P-256 public key.", { field: "subscription.keys.p256dh" });
  }
}

// Keeps no connection open: each send looks the name up again, through the check.
const publicOnly = new Agent({ lookup: publicOnlyLookup });

/**
 * How a push is sent to an endpoint: through an agent whose look-up refuses private addresses (a
 * name that resolves elsewhere since it was stored), or undefined when its host is itself such an
 * address (stored before they were refused). An allowed local service uses the default agent.
 */
export function pushConnection(config: Config, endpoint: string): { agent?: Agent } | undefined {
  const url = new URL(endpoint);
  if (allowedPrivately(config, url)) return {};
  return isPrivateLiteral(url.hostname) ? undefined : { agent: publicOnly };
}
