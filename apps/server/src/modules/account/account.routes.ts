import { changeOwnPassword, getMe, linkedChildren as linkedChildrenAction, registerPush, switchProfile, updateMe } from "@taleem/contract";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/db-types.js";
import { serveAction } from "../../platform/actions/serve-action.js";
import type { UserPrincipal } from "../../platform/auth/principal.js";
import { notFound } from "../../platform/http/errors.js";
import type { Services } from "../../platform/services.js";
import { loadAuthUser } from "../auth/identity.service.js";
import { changePassword, storePushTargets, switchTo, updateOwnProfile } from "./account.service.js";
import { linkedChildren } from "./linked-children.service.js";

/** The signed-in person as their own profile shows them. */
async function me(db: Db, p: UserPrincipal) {
  const user = await loadAuthUser(db, p.tenantId, p.userId, p.profileId);
  if (!user) throw notFound("User");
  return user;
}

/** A person's own account: profile, language, password, profile switch, push registration, their own children. */
export function registerAccountModule(app: FastifyInstance, services: Services) {
  serveAction(app, getMe, async (ctx) => ({ message: "Profile fetched successfully", data: await me(ctx.scope.db, ctx.principal) }));

  serveAction(app, updateMe, async (ctx, { body }) => {
    await updateOwnProfile(ctx, body);
    return { message: "Profile updated successfully", data: await me(ctx.scope.db, ctx.principal) };
  });

  serveAction(app, changeOwnPassword, async (ctx, { body }) => {
    await changePassword(services, ctx, body);
    return { message: "Your password has been changed. Your other devices were signed out.", data: await me(ctx.scope.db, ctx.principal) };
  });

  // A code for a two-factor role is stored and sent through the platform's own connection, so
  // this call opens its transaction only around the switch itself.
  serveAction(
    app,
    switchProfile,
    async (ctx, { body }) => {
      const outcome = await switchTo(services, ctx, body.profileId, body.otp);
      if (outcome === "code-sent") {
        return { auth: false as const, twoFactorRequired: true as const, message: "A verification code was sent to your mobile number." };
      }
      return { auth: true as const, user: await me(ctx.scope.db, { ...ctx.principal, profileId: outcome }), message: "Profile switched" };
    },
    { transaction: false },
  );

  serveAction(app, registerPush, async (ctx, { body }) => {
    const stored = await storePushTargets(services, ctx, body);
    return stored ? { message: "Push token saved", stored: true } : { message: "No push token or subscription was given; nothing was stored.", stored: false };
  });

  serveAction(app, linkedChildrenAction, async (ctx) => {
    const rows = await linkedChildren(ctx.scope, ctx.principal.userId);
    return { message: "Children fetched successfully", rows, count: rows.length };
  });
}
