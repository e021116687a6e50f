import { availableParallelism } from "node:os";
import { hash, verify } from "@node-rs/argon2";
import { dictionary } from "@zxcvbn-ts/language-common";
import { AppError, badRequest } from "../http/errors.js";
import { BoundedWork } from "../security/bounded-work.js";

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

// Each hash takes a core for ~50 ms: leave one core to every other call, and let at most a few
// seconds' worth wait; beyond that a sign-in is told to retry rather than everyone waiting.
const hashing = new BoundedWork(
  Math.max(1, availableParallelism() - 1),
  48,
  () => new AppError(503, "busy", "Too many sign-ins at this moment. Try again in a few seconds.", undefined, { retryAfter: 3 }),
);

export function hashPassword(password: string): Promise<string> {
  return hashing.run(() => hash(password, ARGON));
}

export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    // Spend the same time so a missing account is not told apart by timing.
    await hashing.run(() => hash(password, ARGON));
    return false;
  }
  return hashing.run(async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  });
}
