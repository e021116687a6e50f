import type { AuthMediaReply, SuperSettingsReply } from "@taleem/contract";
import type { z } from "zod";
import { api } from "./api";

export type SuperSettings = z.infer<typeof SuperSettingsReply> & {
  /** The Web Push public key, once the server publishes it here. */
  vapidPublicKey?: string;
  push?: { vapidPublicKey?: string };
};
export type AuthMedia = z.infer<typeof AuthMediaReply>;

let cached: Promise<SuperSettings | null> | null = null;

/**
 * The service's public settings (GET /user/open/auth/super-settings): languages, app store
 * links, password rules. Read once per page; a failure reads as "nothing configured".
 */
export function superSettings(): Promise<SuperSettings | null> {
  cached ??= api.get<SuperSettings>("/user/open/auth/super-settings", undefined, { ignoreUnauthorized: true }).catch(() => {
    cached = null;
    return null;
  });
  return cached;
}

/** The service's sign-in media (GET /user/open/auth/auth-media): logo, pictures, store links. */
export function authMedia(): Promise<AuthMedia | null> {
  return api.get<AuthMedia>("/user/open/auth/auth-media", undefined, { ignoreUnauthorized: true }).catch(() => null);
}
