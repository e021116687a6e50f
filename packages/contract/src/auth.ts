import { z } from "zod";
import { BusinessCode, Otp, Password, ProfileSummary, Username } from "./account-values.js";
import { defineAction } from "./action.js";
import { Area } from "./platform/areas.js";
import { MessageReply } from "./resource.js";
import { SESSION_ROUTES } from "./session-calls.js";
import { Email, Language, Mobile } from "./values.js";

/** The signed-in person as every sign-in reply and the session check describe them. */
export const AuthUser = z.object({
  id: z.number(),
  name: z.string(),
  mobile: z.string().nullable(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  language: Language,
  code: z.string(),
  /** `timeZone` (IANA): "today" on every screen is the school's day, not the device's. */
  tenant: z.object({ id: z.number(), name: z.string(), code: z.string(), logo: z.string().nullable(), timeZone: z.string() }),
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

/** A password as typed at sign-in: any length the policy ever allowed, checked against the stored hash. */
const SignInPassword = z.string().min(1).max(128);

// The sign-in calls: every refusal says `auth: false` (the client reads it), and failures are
// rate limited per account and address (429).

export const loginMobile = defineAction({
  ...SESSION_ROUTES.loginMobile,
  module: "auth",
  access: "open",
  summary: "Sign in with mobile number and password",
  body: z.object({ mobile: Mobile, password: SignInPassword, code: BusinessCode }),
  reply: AuthReply,
  errors: [429],
});

export const loginUsername = defineAction({
  ...SESSION_ROUTES.loginUsername,
  module: "auth",
  access: "open",
  summary: "Sign in with username and password",
  body: z.object({ username: Username, password: SignInPassword, code: BusinessCode }),
  reply: AuthReply,
  errors: [429],
});

export const verifyTwoFactor = defineAction({
  ...SESSION_ROUTES.verifyTwoFactor,
  module: "auth",
  access: "open",
  summary: "Complete a sign-in with the two-factor code (the password is checked again)",
  body: z
    .object({ mobile: Mobile.optional(), username: Username.optional(), password: SignInPassword, code: BusinessCode, otp: Otp })
    .refine((b) => b.mobile || b.username, { message: "Give the mobile number or the username", path: ["mobile"] }),
  reply: AuthReply,
  errors: [429],
});

export const requestCode = defineAction({
  ...SESSION_ROUTES.requestCode,
  module: "auth",
  access: "open",
  summary:
    "Send a one-time code by SMS for signing in (purpose login) or setting a new password (purpose reset). The reply is the same whether or not the number has an account; at most 3 requests per number per 15 minutes.",
  body: LoginOtpBody,
  reply: MessageReply,
  errors: [429],
});

export const signInWithCode = defineAction({
  ...SESSION_ROUTES.signInWithCode,
  module: "auth",
  access: "open",
  summary:
    "Sign in with a login code from loginotp. user.mustSetPassword is true when the account has no password yet. A role that requires two-factor cannot sign in by code alone.",
  body: ValidateOtpBody,
  reply: AuthReply,
  errors: [429],
});

export const resetPasswordWithCode = defineAction({
  ...SESSION_ROUTES.resetPasswordWithCode,
  module: "auth",
  access: "open",
  summary: "Set a new password with a reset code from loginotp (purpose reset); every session of the person ends",
  body: ResetPasswordMobileBody,
  reply: MessageReply,
  errors: [429],
});

export const sendResetLink = defineAction({
  ...SESSION_ROUTES.sendResetLink,
  module: "auth",
  access: "open",
  summary:
    "E-mail a password reset link. `user` is the account's e-mail address, mobile number or username; `code` is the school's business code (a person is an account in one school). The reply never tells whether an account matched.",
  body: SendResetLinkBody,
  reply: MessageReply,
  errors: [429],
});

export const checkResetLink = defineAction({
  ...SESSION_ROUTES.checkResetLink,
  module: "auth",
  access: "open",
  summary: "Whether a reset link still works (does not use it up); names the link's school",
  body: LinkTokenBody,
  reply: LinkTokenReply,
});

export const resetPasswordWithLink = defineAction({
  ...SESSION_ROUTES.resetPasswordWithLink,
  module: "auth",
  access: "open",
  summary: "Set a new password with a reset link (uses it up); every session of the person ends. `code`, when given, must be the link's school.",
  params: z.object({ token: LinkTokenBody.shape.token }),
  body: ResetPasswordBody,
  reply: MessageReply,
});

export const sendVerificationLink = defineAction({
  method: "POST",
  path: "/admin/open/auth/sendemailverificationlink",
  module: "auth",
  // Sends to an account, so it needs the account's session; the address must be the account's own.
  access: "user",
  summary:
    "E-mail the signed-in person a link confirming their address. `email`, when given, must be the account's address (change it with PUT /user/api/user first).",
  body: z.object({ email: Email.optional() }),
  reply: MessageReply,
  errors: [429],
});

export const verifyEmail = defineAction({
  ...SESSION_ROUTES.verifyEmail,
  module: "auth",
  access: "open",
  summary: "Confirm an e-mail address with the link's token (uses it up)",
  body: LinkTokenBody,
  reply: MessageReply,
});

export const sendWelcomeEmail = defineAction({
  method: "POST",
  path: "/admin/open/auth/signup-welcome-email",
  module: "auth",
  // Sends to an account, so it needs the account's session: nobody mails a stranger from here.
  access: "user",
  summary: "E-mail the signed-in person the welcome message (to the account's own address)",
  body: z.object({}).optional(),
  reply: MessageReply,
  errors: [429],
});

export const checkSchool = defineAction({
  ...SESSION_ROUTES.checkSchool,
  module: "auth",
  access: "open",
  summary: "Whether an active school or centre has this business code, with its name and logo",
  body: CheckEntityBody,
  reply: CheckEntityReply,
});

export const authMedia = defineAction({
  ...SESSION_ROUTES.authMedia,
  module: "auth",
  access: "open",
  summary: "The service's name, logo and pictures for the sign-in pages, and the app store links",
  reply: AuthMediaReply,
});

export const superSettings = defineAction({
  ...SESSION_ROUTES.superSettings,
  module: "auth",
  access: "open",
  summary: "Service-wide settings the sign-in pages need: languages, app store links, password and code rules",
  reply: SuperSettingsReply,
});

export const validateSession = defineAction({
  ...SESSION_ROUTES.validateSession,
  module: "auth",
  access: "open",
  summary: "The session check",
  reply: z.union([z.object({ auth: z.literal(true), user: AuthUser }), z.object({ auth: z.literal(false), message: z.string() })]),
});

export const signOut = defineAction({
  ...SESSION_ROUTES.signOut,
  module: "auth",
  summary: "Sign out: revokes this session",
  reply: MessageReply,
});

export const verifyAdmin = defineAction({
  method: "POST",
  path: "/admin/open/auth/verify-admin",
  module: "auth",
  // Under /admin/open by the specification's path, but it checks the caller's own password, so it
  // needs a signed-in session of an admin-area role.
  access: "user",
  summary: "Confirm the signed-in admin's password before a dangerous action (needs an admin-area session; failures are rate limited)",
  body: VerifyAdminBody,
  reply: VerifyAdminReply,
  errors: [429],
});

export const platformSignIn = defineAction({
  ...SESSION_ROUTES.platformSignIn,
  module: "platform",
  access: "open",
  summary: "Platform admin sign-in (no school code)",
  body: PlatformLoginBody,
  reply: PlatformAuthReply,
  errors: [429],
});

export const platformMe = defineAction({
  ...SESSION_ROUTES.platformMe,
  module: "platform",
  access: "platform",
  summary: "The signed-in platform admin",
  reply: PlatformMeReply,
});

export const platformSignOut = defineAction({
  ...SESSION_ROUTES.platformSignOut,
  module: "platform",
  access: "platform",
  summary: "Platform admin sign-out: revokes this session",
  reply: MessageReply,
});
