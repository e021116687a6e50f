import { type ActionReply, sessionCalls } from "@taleem/contract";
import { callAction } from "./call-action";

export type SuperSettings = ActionReply<typeof sessionCalls.superSettings> & {
  /** Where an older server published the Web Push public key. */
  push?: { vapidPublicKey?: string };
};
export type AuthMedia = ActionReply<typeof sessionCalls.authMedia>;

let cached: Promise<SuperSettings | null> | null = null;

/**
 * The service's public settings (GET /user/open/auth/super-settings): languages, app store
 * links, password rules. Read once per page; a failure reads as "nothing configured".
 */
export function superSettings(): Promise<SuperSettings | null> {
  cached ??= callAction(sessionCalls.superSettings, {}, { ignoreUnauthorized: true }).catch(() => {
    cached = null;
    return null;
  });
  return cached;
}

/** The service's sign-in media (GET /user/open/auth/auth-media): logo, pictures, store links. */
export function authMedia(): Promise<AuthMedia | null> {
  return callAction(sessionCalls.authMedia, {}, { ignoreUnauthorized: true }).catch(() => null);
}
