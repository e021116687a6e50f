import { isIPv6 } from "node:net";
import { availableParallelism } from "node:os";
import { hash, verify } from "@node-rs/argon2";
import { dictionary } from "@zxcvbn-ts/language-common";
import { AppError, badRequest } from "../http/errors.js";
import { FairWork } from "../security/fair-work.js";

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

// Each hash takes a core for tens of milliseconds: leave one core to every other call. Hashing is
// shared fairly between client addresses, and a burst of sign-ins waits its turn (up to the
// deadline) rather than being refused; only far beyond normal load is anyone told to retry.
const hashing = new FairWork({
  slots: Math.max(1, availableParallelism() - 1),
  deadlineMs: 20_000,
  maxWaiting: 5_000,
  busy: () => new AppError(503, "busy", "Too many sign-ins at this moment. Try again in a few seconds.", undefined, { retryAfter: 3 }),
});

/** The hashing line's figures: jobs running and waiting, and how many were hashed, imitated or refused. */
export const hashingStats = () => hashing.stats;

/** The line a caller waits in: its address, or its /64 for IPv6 (what one subscriber is given). */
export function hashingLine(ip: string): string {
  const v4 = /^(?:::ffff:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (v4 || !isIPv6(ip)) return v4 ?? ip;
  const [head = "", tail = ""] = ip.split("::");
  const [front, back] = [head ? head.split(":") : [], tail ? tail.split(":") : []];
  const groups = [...front, ...Array<string>(Math.max(0, 8 - front.length - back.length)).fill("0"), ...back];
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(":")}::/64`;
}

/** Hashing the server does of its own accord (an import, an account an admin creates) waits in one line. */
const SERVER_LINE = "server";

/** A new password's hash, in the line of the client that set it (`ip`), or the server's. */
export function hashPassword(password: string, ip?: string): Promise<string> {
  return hashing.run(ip ? hashingLine(ip) : SERVER_LINE, () => hash(password, ARGON));
}

/**
 * Whether the password matches, hashed in the caller's line. Without a hash (no such account, or
 * one without a password) nothing is hashed, yet the answer comes after as long as a check takes,
 * so a missing account is not told apart by timing and a flood of made-up numbers costs no CPU.
 */
export async function verifyPassword(passwordHash: string | null | undefined, password: string, ip: string): Promise<boolean> {
  const line = hashingLine(ip);
  if (!passwordHash) {
    await hashing.imitate(line, () => hash(password, ARGON));
    return false;
  }
  return hashing.run(line, async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  });
}
