import { ErrorReply, MeReply, PasswordChange, ProfileUpdate, PushTokenBody, PushTokenReply, SwitchProfileBody, SwitchProfileReply } from "@taleem/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { userOf } from "../../platform/auth/auth.plugin.js";
import type { UserPrincipal } from "../../platform/auth/principal.js";
import { notFound } from "../../platform/http/errors.js";
import type { Services } from "../../platform/services.js";
import { loadAuthUser } from "../auth/identity.service.js";
import { changeOwnPassword, storePushTargets, switchProfile, updateOwnProfile } from "./account.service.js";

const tags = ["account"];

/** A person's own account: profile, language, password, profile switch, push registration. */
export function registerAccountModule(app: FastifyInstance, services: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  async function me(p: UserPrincipal) {
    const user = await loadAuthUser(services.db, p.tenantId, p.userId, p.profileId);
    if (!user) throw notFound("User");
    return user;
  }

  r.get("/user/api/user", {
    schema: { tags, summary: "The signed-in person's own profile", response: { 200: MeReply } },
    handler: async (req) => ({ message: "Profile fetched successfully", data: await me(userOf(req)) }),
  });

  r.put("/user/api/user", {
    schema: {
      tags,
      summary: "Change one's own name, e-mail address (it then needs verifying again), language or username; role and mobile number are the school's to change",
      body: ProfileUpdate,
      response: { 200: MeReply, 400: ErrorReply, 409: ErrorReply },
    },
    handler: async (req) => {
      const p = userOf(req);
      await updateOwnProfile(services, p, req.ip, req.body);
      return { message: "Profile updated successfully", data: await me(p) };
    },
  });

  r.put("/user/api/user/reset-password", {
    schema: {
      tags,
      summary:
        "Change one's own password: currentPassword and newPassword, or only newPassword while the account has none yet. Every other session of the person ends; this one stays.",
      body: PasswordChange,
      response: { 200: MeReply, 400: ErrorReply, 429: ErrorReply },
    },
    handler: async (req) => {
      const p = userOf(req);
      await changeOwnPassword(services, req, p, req.body);
      return { message: "Your password has been changed. Your other devices were signed out.", data: await me(p) };
    },
  });

  r.put("/user/api/user/switchprofile", {
    schema: {
      tags,
      summary:
        "Make another of one's profiles the session's active one. When its role requires two-factor, the first call sends a code and answers twoFactorRequired; repeat it with otp.",
      body: SwitchProfileBody,
      response: { 200: SwitchProfileReply, 400: ErrorReply, 404: ErrorReply, 429: ErrorReply },
    },
    handler: async (req) => {
      const p = userOf(req);
      const outcome = await switchProfile(services, req.ip, p, req.body.profileId, req.body.otp);
      if (outcome === "code-sent") {
        return { auth: false as const, twoFactorRequired: true as const, message: "A verification code was sent to your mobile number." };
      }
      return { auth: true as const, user: await me({ ...p, profileId: outcome }), message: "Profile switched" };
    },
  });

  r.post("/user/api/user/updatefcmtoken", {
    schema: {
      tags,
      summary:
        "Register this device for push: a native wrapper's fcmToken or a browser's Web Push subscription. Kept newest first, at most 10 per person; a device moves to whoever registers it last. Without either, nothing is stored.",
      body: PushTokenBody,
      response: { 200: PushTokenReply, 400: ErrorReply },
    },
    handler: async (req) => {
      const stored = await storePushTargets(services, userOf(req), req.body);
      return stored
        ? { message: "Push token saved", stored: true }
        : { message: "No push token or subscription was given; nothing was stored.", stored: false };
    },
  });
}
