import { checkParent } from "@taleem/contract";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/db-types.js";
import { serveAction } from "../../platform/actions/serve-action.js";
import { CODE_TTL_MINUTES } from "../../platform/auth/otp.service.js";
import { toE164 } from "../../platform/auth/phone.js";
import { roles } from "../../platform/auth/roles.table.js";
import { profiles, users } from "../../platform/auth/users.table.js";
import { badRequest } from "../../platform/http/errors.js";
import { render } from "../../platform/messaging/texts.js";
import type { Services } from "../../platform/services.js";
import { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { findTenantByCode } from "../auth/identity.service.js";
import { clearFailures, guardAttempts, limitCodeRequests } from "../auth/sign-in.service.js";

const CODE_SENT = `If this number belongs to a parent of this school, a code has been sent to it by SMS. Enter it to fill in your details. It is valid for ${CODE_TTL_MINUTES} minutes.`;
const wrongCode = () => badRequest("otp.invalid", "The code is wrong or has expired.", { field: "otp" });

/** The active account with a parent-area profile (parents, and staff who sign in there) that has this number. */
async function guardianByMobile(db: Db, tenantId: number, mobile: string) {
  const scope = new TenantScope(db, tenantId);
  const [found] = await scope.db
    .selectDistinct({ name: users.name, email: users.email, language: users.language })
    .from(users)
    .innerJoin(profiles, and(eq(profiles.tenantId, users.tenantId), eq(profiles.userId, users.id)))
    .innerJoin(roles, and(eq(roles.tenantId, profiles.tenantId), eq(roles.id, profiles.roleId)))
    .where(scope.where(users, eq(users.mobile, mobile), eq(users.status, "active"), eq(roles.area, "parent")))
    .limit(1);
  return found;
}

/**
 * The admission form's "fill in my details": a guardian the school knows gets their name and
 * e-mail filled in once their number has proved itself with a one-time code. Asking sends a code
 * only to a known guardian, but every number gets the same reply, the same work (a code is made
 * and stored for an unknown number too, and never sent) and the same limits, so the call tells a
 * stranger nothing about who is registered. Tries of a code are limited as sign-in codes are.
 */
export function registerKnownGuardianCheck(app: FastifyInstance, services: Services) {
  serveAction(app, checkParent, async (ctx, { params, body }) => {
    const tenant = await findTenantByCode(ctx.db, params.code);
    // An unreadable number is refused for its form alone, which says nothing about accounts.
    const mobile = toE164(params.mobile, tenant.country, "mobile");
    if (!body?.otp) {
      await limitCodeRequests(services, ctx.ip, tenant.id, mobile);
      const guardian = await guardianByMobile(ctx.db, tenant.id, mobile);
      const otp = await services.otp.issue(tenant.id, mobile, "admission");
      if (guardian) {
        const text = render("otp.admission", guardian.language, { code: otp, school: tenant.name });
        // Delivered after the reply, so its timing does not tell either.
        services.messenger.later(() => services.messenger.sms(tenant.id, mobile, text));
      }
      return { exists: false, message: CODE_SENT, guardian: null };
    }
    const key = `admission-code:${tenant.id}:${mobile}`;
    await guardAttempts(services, ctx.ip, key);
    const guardian = await guardianByMobile(ctx.db, tenant.id, mobile);
    await services.otp.verify(tenant.id, mobile, "admission", body.otp);
    if (!guardian) throw wrongCode();
    await clearFailures(services, ctx.ip, key);
    return { exists: true, message: "Your details are filled in.", guardian: { name: guardian.name, email: guardian.email } };
  });
}
