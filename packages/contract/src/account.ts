import { z } from "zod";
import { Otp, Password, Username } from "./account-values.js";
import { defineAction } from "./action.js";
import { AuthUser } from "./auth.js";
import { SESSION_ROUTES } from "./session-calls.js";
import { Language, RowId } from "./values.js";

/** What a person may change of their own account; role and mobile number are the school's to change. */
export const ProfileUpdate = z
  .object({
    name: z.string().trim().min(1).max(120),
    email: z.email().max(254).nullable(),
    language: Language,
    username: Username.nullable(),
  })
  .partial();

/** `currentPassword` is required once the account has a password. */
export const PasswordChange = z.object({ currentPassword: z.string().min(1).max(128).optional(), newPassword: Password });

export const SwitchProfileBody = z.object({ profileId: RowId, otp: Otp.optional() });
export const SwitchProfileReply = z.union([
  z.object({ auth: z.literal(true), user: AuthUser, message: z.string() }),
  z.object({ auth: z.literal(false), twoFactorRequired: z.literal(true), message: z.string() }),
]);

export const WebPushSubscription = z.object({
  endpoint: z.url({ protocol: /^https$/ }).max(1000),
  // base64url: the browser's P-256 public key uncompressed (65 bytes, 0x04 first) and its 16-byte secret.
  keys: z.object({
    p256dh: z.string().regex(/^B[A-Za-z0-9_-]{86}=?$/, "Not a P-256 public key: 65 bytes starting 0x04, base64url"),
    auth: z.string().regex(/^[A-Za-z0-9_-]{22}(==)?$/, "Not a 16-byte secret, base64url"),
  }),
});
/** A native wrapper's device token, or a browser's Web Push subscription; neither means nothing to store. */
export const PushTokenBody = z.object({
  fcmToken: z.string().trim().max(4096).nullish(),
  subscription: WebPushSubscription.nullish(),
});
export const PushTokenReply = z.object({ message: z.string(), stored: z.boolean() });

export const MeReply = z.object({ message: z.string(), data: AuthUser });

// A person's own account: every call is the signed-in person's, about themselves.

export const getMe = defineAction({
  method: "GET",
  path: "/user/api/user",
  module: "account",
  family: "scoped",
  summary: "The signed-in person's own profile",
  reply: MeReply,
  // The person's profiles, their roles' permissions and the school's settings.
  reads: ["account", "users", "roles", "settings"],
});

export const updateMe = defineAction({
  ...SESSION_ROUTES.updateMe,
  module: "account",
  summary: "Change one's own name, e-mail address (it then needs verifying again), language or username; role and mobile number are the school's to change",
  body: ProfileUpdate,
  reply: MeReply,
  errors: [409],
  invalidates: ["account", "users"],
});

export const changeOwnPassword = defineAction({
  ...SESSION_ROUTES.changeOwnPassword,
  module: "account",
  summary:
    "Change one's own password: currentPassword and newPassword, or only newPassword while the account has none yet. Every other session of the person ends; this one stays.",
  body: PasswordChange,
  reply: MeReply,
  errors: [429],
});

export const switchProfile = defineAction({
  method: "PUT",
  path: "/user/api/user/switchprofile",
  module: "account",
  summary:
    "Make another of one's profiles the session's active one. When its role requires two-factor, the first call sends a code and answers twoFactorRequired; repeat it with otp.",
  body: SwitchProfileBody,
  reply: SwitchProfileReply,
  errors: [404, 429],
  // Every screen is the new profile's.
  invalidates: "everything",
});

export const registerPush = defineAction({
  ...SESSION_ROUTES.registerPush,
  module: "account",
  summary:
    "Register this device for push: a native wrapper's fcmToken or a browser's Web Push subscription. Kept newest first, at most 10 per person; a device moves to whoever registers it last. Without either, nothing is stored.",
  body: PushTokenBody,
  reply: PushTokenReply,
});
