import { z } from "zod";
import { RowId } from "./admin/common.js";
import { Password, Username } from "./admin/users.js";
import { AuthUser, Otp } from "./auth.js";
import { Language } from "./platform/areas.js";

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
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});
/** A native wrapper's device token, or a browser's Web Push subscription; neither means nothing to store. */
export const PushTokenBody = z.object({
  fcmToken: z.string().trim().max(4096).nullish(),
  subscription: WebPushSubscription.nullish(),
});
export const PushTokenReply = z.object({ message: z.string(), stored: z.boolean() });

export const MeReply = z.object({ message: z.string(), data: AuthUser });
