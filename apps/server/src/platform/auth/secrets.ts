import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";

/** An opaque token with 256 bits from the system's secure source. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** A six-digit one-time code from the secure source. */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

/** Tokens and codes are stored only as a keyed hash. */
export function hashSecret(secret: string, key: string): string {
  return createHmac("sha256", key).update(secret).digest("hex");
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && timingSafeEqual(x, y);
}
