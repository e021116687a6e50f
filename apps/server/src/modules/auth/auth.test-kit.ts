import { and, desc, eq } from "drizzle-orm";
import type { TestApp } from "../../../test/harness.js";
import { roles } from "../../platform/auth/roles.table.js";
import { builtinRoleId, createUser } from "../../platform/auth/user-accounts.js";
import { outbox } from "../../platform/messaging/outbox.table.js";
import { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { tenants } from "../../platform/tenancy/tenants.table.js";

/** What tests of the sign-in calls share: reading the outbox, making people, changing a school. */

/** The newest message to `recipient` in the outbox, after the deliveries in flight have landed. */
export async function lastMessage(app: TestApp, recipient: string, channel: "sms" | "email") {
  await app.services.messenger.settled();
  const [row] = await app.services.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, recipient), eq(outbox.channel, channel)))
    .orderBy(desc(outbox.id))
    .limit(1);
  return row;
}

/** The six-digit code of the newest SMS to `mobile`: how a test learns a code. */
export async function lastCode(app: TestApp, mobile: string): Promise<string> {
  const row = await lastMessage(app, mobile, "sms");
  const code = row?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code was sent to ${mobile}`);
  return code;
}

export async function messageCount(app: TestApp, recipient: string) {
  await app.services.messenger.settled();
  return (await app.services.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.recipient, recipient))).length;
}

/** The token in the newest e-mailed link of one kind to `email`. */
export async function lastLinkToken(app: TestApp, email: string, path: "reset-password" | "verify-email"): Promise<string> {
  const row = await lastMessage(app, email, "email");
  const token = row?.body.match(new RegExp(`/auth/${path}/([A-Za-z0-9_-]{43})`))?.[1];
  if (!token) throw new Error(`no ${path} link was sent to ${email}`);
  return token;
}

type RoleKey = "admin" | "staff" | "parent" | "muawin";

/** A person in a school with the given built-in roles (a parent made by an enrolment has no password). */
export async function addPerson(
  app: TestApp,
  tenantId: number,
  input: { name?: string; mobile?: string; username?: string; email?: string; password?: string; language?: string; roles: RoleKey[] },
) {
  return app.services.db.transaction(async (tx) => {
    const scope = new TenantScope(tx as unknown as TestApp["services"]["db"], tenantId);
    const roleIds = [];
    for (const key of input.roles) roleIds.push(await builtinRoleId(scope, key));
    return createUser(scope, "IN", { name: input.name ?? "Test Person", ...input, roleIds });
  });
}

export async function suspendTenant(app: TestApp, tenantId: number, reason: string) {
  await app.services.db.update(tenants).set({ status: "suspended", suspendedReason: reason }).where(eq(tenants.id, tenantId));
}

export async function requireTwoFactor(app: TestApp, tenantId: number, key: RoleKey) {
  await app.services.db
    .update(roles)
    .set({ requiresTwoFactor: true })
    .where(and(eq(roles.tenantId, tenantId), eq(roles.builtin, key)));
}
