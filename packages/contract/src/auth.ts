import { z } from "zod";
import { Email, Mobile, Password, ProfileSummary } from "./admin/users.js";
import { Area, Language } from "./platform/areas.js";

export const BusinessCode = z.string().trim().min(2).max(32);

/** The signed-in person as every sign-in reply and the session check describe them. */
export const AuthUser = z.object({
  id: z.number(),
  name: z.string(),
  mobile: z.string().nullable(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  language: Language,
  code: z.string(),
  tenant: z.object({ id: z.number(), name: z.string(), code: z.string(), logo: z.string().nullable() }),
  role: z.object({
    id: z.number(),
    name: z.string(),
    /** admin, staff, parent or muawin for the built-in roles (a school may rename them); null for its own. */
    builtin: z.string().nullable(),
    area: Area,
    permissions: z.record(z.string(), z.array(z.string())),
  }),
  profile: ProfileSummary,
  profiles: z.array(ProfileSummary),
  mustSetPassword: z.boolean(),
});
export type AuthUser = z.infer<typeof AuthUser>;

export const AuthReply = z.union([
  z.object({ auth: z.literal(true), user: AuthUser, token: z.string(), message: z.string() }),
  z.object({ auth: z.literal(false), twoFactorRequired: z.boolean().optional(), message: z.string() }),
]);
export type AuthReply = z.infer<typeof AuthReply>;

/** A six-digit one-time code as typed. */
export const Otp = z
  .string()
  .trim()
  .regex(/^\d{6}$/, "The code has 6 digits");

/** What a one-time code requested at sign-in is for: signing in, or setting a new password. */
export const OtpPurpose = z.enum(["login", "reset"]);

export const LoginOtpBody = z.object({ mobile: Mobile, code: BusinessCode, purpose: OtpPurpose.default("login") });
export const ValidateOtpBody = z.object({ mobile: Mobile, otp: Otp, code: BusinessCode });
export const ResetPasswordMobileBody = z.object({ mobile: Mobile, password: Password, otp: Otp, code: BusinessCode });

/** `user` is the account's e-mail address, mobile number or username in the school named by `code`. */
export const SendResetLinkBody = z.object({ user: z.string().trim().min(3).max(254), code: BusinessCode });
export const LinkTokenBody = z.object({ token: z.string().trim().min(20).max(200) });
/** `code` is optional: the link carries no school code; when given it must be the link's school. */
export const ResetPasswordBody = z.object({ password: Password, code: BusinessCode.optional() });
export const LinkTokenReply = z.object({ valid: z.literal(true), message: z.string(), school: z.object({ code: z.string(), name: z.string() }) });

export const CheckEntityBody = z.object({ code: BusinessCode });
export const CheckEntityReply = z.object({ exists: z.boolean(), name: z.string().nullable(), logo: z.string().nullable() });

export const AppLinks = z.object({ ios: z.string(), android: z.string() });
/** What the sign-in pages show: names and pictures, never a secret. */
export const AuthMediaReply = z.object({
  message: z.string(),
  serviceName: z.string(),
  logo: z.string(),
  images: z.object({ signIn: z.string(), background: z.string() }),
  appLinks: AppLinks,
});
export const SuperSettingsReply = z.object({
  message: z.string(),
  serviceName: z.string(),
  defaultLanguage: Language,
  languages: z.array(z.object({ code: Language, name: z.string(), rtl: z.boolean() })),
  appLinks: AppLinks,
  passwordPolicy: z.object({ minLength: z.number(), maxLength: z.number() }),
  otp: z.object({ length: z.number(), validMinutes: z.number() }),
  /** The Web Push public key browsers subscribe with; null when push is not set up. */
  vapidPublicKey: z.string().nullable(),
  /** PUBLIC_URL without a trailing slash: where links given to parents point. Null: the address the app is opened at. */
  publicUrl: z.string().nullable(),
});

export const VerifyAdminBody = z.object({ password: z.string().min(1).max(128) });
export const VerifyAdminReply = z.object({ auth: z.literal(true), message: z.string() });

/** The people who run the service: no school. */
export const PlatformAdmin = z.object({ id: z.number(), name: z.string(), email: z.string() });
export const PlatformLoginBody = z.object({ email: Email, password: z.string().min(1).max(128) });
export const PlatformAuthReply = z.object({ auth: z.literal(true), admin: PlatformAdmin, token: z.string(), message: z.string() });
export const PlatformMeReply = z.object({ auth: z.literal(true), admin: PlatformAdmin });
