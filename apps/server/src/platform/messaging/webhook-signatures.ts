import { createHmac, timingSafeEqual } from "node:crypto";

/** Compares two texts in time that does not depend on where they differ. */
const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

const hmac = (secret: string, data: string) => createHmac("sha256", secret).update(data, "utf8").digest("hex");

/**
 * Meta's X-Hub-Signature-256: `sha256=` and the hex HMAC-SHA256 of the raw body with the app
 * secret. The raw bytes matter: a body parsed and written again would not match.
 */
export const metaSignature = (appSecret: string, rawBody: string) => `sha256=${hmac(appSecret, rawBody)}`;
export const checkMetaSignature = (appSecret: string, rawBody: string, header: string | undefined) =>
  !!header && same(header, metaSignature(appSecret, rawBody));

/** How old an SMS gateway's signed timestamp may be: a captured report cannot be replayed later. */
export const GATEWAY_SIGNATURE_MAX_AGE_S = 300;

/**
 * The SMS gateway's delivery reports: `X-Gateway-Timestamp` (Unix seconds) and
 * `X-Gateway-Signature: sha256=hex(HMAC-SHA256(secret, timestamp + "." + rawBody))`, the scheme
 * most Indian gateways (and Stripe-style senders) use; the timestamp inside the signature stops replays.
 */
export const gatewaySignature = (secret: string, timestamp: string, rawBody: string) => `sha256=${hmac(secret, `${timestamp}.${rawBody}`)}`;
export function checkGatewaySignature(secret: string, rawBody: string, timestamp: string | undefined, header: string | undefined, now = Date.now()) {
  if (!timestamp || !header || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(now / 1000 - Number(timestamp)) > GATEWAY_SIGNATURE_MAX_AGE_S) return false;
  return same(header, gatewaySignature(secret, timestamp, rawBody));
}
