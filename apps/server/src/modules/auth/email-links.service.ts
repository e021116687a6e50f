import { count, eq, gt, or, sql } from "drizzle-orm";
import type { Config } from "../../config.js";
import type { Db } from "../../db/db-types.js";
import { linkTokens } from "../../platform/auth/codes.table.js";
import { LINK_TTL_MINUTES, LinkTokens } from "../../platform/auth/link-tokens.js";
import { tryE164 } from "../../platform/auth/phone.js";
import { users } from "../../platform/auth/users.table.js";
import { badRequest } from "../../platform/http/errors.js";
import { renderEmail } from "../../platform/messaging/texts.js";
import type { Services } from "../../platform/services.js";
import { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import type { TenantRow } from "../../platform/tenancy/tenants.table.js";
import type { UserRecord } from "./identity.service.js";

/** Where people open the app: PUBLIC_URL, else the local server. */
export function publicUrl(config: Config): string {
  return (config.PUBLIC_URL ?? "http://localhost:3001").replace(/\/+$/, "");
}

export const resetPasswordLink = (config: Config, token: string) => `${publicUrl(config)}/auth/reset-password/${token}`;
export const verifyEmailLink = (config: Config, token: string) => `${publicUrl(config)}/auth/verify-email/${token}`;

/** At most this many accounts get a link for one request (an address a family shares, say). */
const MAX_LINKS_PER_REQUEST = 5;

/**
 * Sends a reset link to every active account of the school that `identifier` names (its e-mail
 * address, mobile number or username) and that has an e-mail address. The links leave after the
 * reply, so neither the reply nor its timing tells whether any account matched.
 */
export async function sendResetLinks(services: Services, db: Db, tenant: TenantRow, identifier: string): Promise<void> {
  const scope = new TenantScope(db, tenant.id);
  const value = identifier.trim().toLowerCase();
  const mobile = tryE164(identifier, tenant.country);
  const matches = await scope.db
    .select()
    .from(users)
    .where(
      scope.where(
        users,
        eq(users.status, "active"),
        or(eq(sql`lower(${users.email})`, value), eq(sql`lower(${users.username})`, value), mobile ? eq(users.mobile, mobile) : undefined),
      ),
    )
    .limit(MAX_LINKS_PER_REQUEST);
  const links = new LinkTokens(db, services.config.secretKey);
  const since = new Date(Date.now() - services.config.OTP_SEND_WINDOW_SECONDS * 1000);
  for (const user of matches) {
    if (!user.email) continue;
    // An account named three ways (address, mobile, username) still gets at most the window's
    // share of links; the surplus is dropped silently, since the reply must not differ.
    const [recent] = await scope.db
      .select({ n: count() })
      .from(linkTokens)
      .where(scope.where(linkTokens, eq(linkTokens.userId, user.id), eq(linkTokens.purpose, "reset-password"), gt(linkTokens.createdAt, since)));
    if ((recent?.n ?? 0) >= services.config.OTP_MAX_SENDS) continue;
    const token = await links.issue(scope, { userId: user.id, purpose: "reset-password", email: user.email });
    const mail = renderEmail("reset-password", user.language, {
      name: user.name,
      school: tenant.name,
      link: resetPasswordLink(services.config, token),
      minutes: LINK_TTL_MINUTES["reset-password"],
    });
    const to = user.email;
    services.messenger.later(() => services.messenger.email(tenant.id, to, mail.subject, mail.text));
  }
}

/** The signed-in person's own e-mail address, or a clear refusal when they have none. */
export function ownEmail(user: UserRecord): string {
  if (!user.email) throw badRequest("email.none", "Your account has no e-mail address. Add one in your profile first.", { field: "email" });
  return user.email;
}

/**
 * E-mails a person a link that confirms their address, its token issued in `scope`; the users
 * module may call it too. It waits for the mail server, so callers hold no transaction meanwhile.
 */
export async function sendVerificationEmail(services: Services, scope: TenantScope, tenant: TenantRow, user: UserRecord): Promise<void> {
  const email = ownEmail(user);
  const token = await new LinkTokens(scope.db, services.config.secretKey).issue(scope, {
    userId: user.id,
    purpose: "verify-email",
    email: email.toLowerCase(),
  });
  const mail = renderEmail("verify-email", user.language, {
    name: user.name,
    email,
    school: tenant.name,
    link: verifyEmailLink(services.config, token),
    hours: LINK_TTL_MINUTES["verify-email"] / 60,
  });
  await services.messenger.email(tenant.id, email, mail.subject, mail.text);
}

/** The welcome e-mail: what Taleem is for at this school and where to sign in. */
export async function sendWelcomeEmail(services: Services, tenant: TenantRow, user: UserRecord): Promise<void> {
  const email = ownEmail(user);
  const mail = renderEmail("welcome", user.language, {
    name: user.name,
    school: tenant.name,
    code: tenant.code,
    link: `${publicUrl(services.config)}/auth/sign-in`,
  });
  await services.messenger.email(tenant.id, email, mail.subject, mail.text);
}

/** Whether a link token still names the person's current address (it was made for `email`). */
export function sameAddress(user: UserRecord, email: string | null): boolean {
  return !!user.email && !!email && user.email.toLowerCase() === email.toLowerCase();
}
