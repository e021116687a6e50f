import { z } from "zod";
import { ProfileSummary } from "./admin/users.js";
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
  role: z.object({ id: z.number(), name: z.string(), area: Area, permissions: z.record(z.string(), z.array(z.string())) }),
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
