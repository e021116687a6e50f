import { hash, verify } from "@node-rs/argon2";
import { dictionary } from "@zxcvbn-ts/language-common";
import { badRequest } from "../http/errors.js";

// OWASP's argon2id recommendation: 19 MiB, 2 iterations, 1 lane.
// algorithm 2 is Argon2id (a const enum in the package, which isolated modules cannot read).
const ARGON = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

// The most common passwords, by frequency; the first 10,000 are refused.
const common = new Set((dictionary["passwords-common"] as string[]).slice(0, 10_000).map((p) => p.toLowerCase()));

/** Refuses a password that is too short, too long or among the most common. */
export function checkPasswordPolicy(password: string, field = "password"): void {
  if (password.length < PASSWORD_MIN)
    throw badRequest("password.too_short", `Password must be at least ${PASSWORD_MIN} characters.`, { field, min: PASSWORD_MIN });
  if (password.length > PASSWORD_MAX)
    throw badRequest("password.too_long", `Password must be at most ${PASSWORD_MAX} characters.`, { field, max: PASSWORD_MAX });
  if (common.has(password.toLowerCase())) throw badRequest("password.common", "This password is too common. Choose another.", { field });
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON);
}

export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    // Spend the same time so a missing account is not told apart by timing.
    await hash(password, ARGON);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
