import { z } from "zod";
import { Area } from "./platform/areas.js";

// The values of a person's account that the sign-in, account and users calls share: defined
// here once, so those modules import them without importing each other.

export const Password = z.string().min(8, "Password must be at least 8 characters").max(128);

export const Username = z
  .string()
  .trim()
  .min(3)
  .max(60)
  .regex(/^[A-Za-z0-9._@-]+$/, "Letters, digits and . _ @ - only");

/** A school's or centre's business code, as typed at sign-in and in its public links. */
export const BusinessCode = z.string().trim().min(2).max(32);

/** A six-digit one-time code as typed. */
export const Otp = z
  .string()
  .trim()
  .regex(/^\d{6}$/, "The code has 6 digits");

/** One of a person's profiles: a role they hold. */
export const ProfileSummary = z.object({
  id: z.number(),
  roleId: z.number(),
  roleName: z.string(),
  area: Area,
});
