import type { AuthUser } from "@taleem/contract";
import { areaHome, sessionCalls } from "@taleem/contract";
import { create } from "zustand";
import { type ApiError, setUnauthorizedHandler } from "./api";
import { callAction } from "./call-action";
import { setSchoolTimeZone } from "./format";
import { navigateTo, onPublicPage } from "./navigation";
import { KEYS, storage } from "./storage";

export type AuthStatus = "unknown" | "signed-in" | "signed-out";

/** A person who runs the service: no school, signs in at /platform/sign-in. */
export interface PlatformAdmin {
  id: number;
  name: string;
  email: string;
}

interface AuthState {
  user: AuthUser | null;
  platformAdmin: PlatformAdmin | null;
  token: string | null;
  status: AuthStatus;
  setSession(user: AuthUser, token?: string | null): void;
  setPlatformSession(admin: PlatformAdmin, token?: string | null): void;
  /** Ends the session on the server (best effort) and here. */
  signOut(): Promise<void>;
  /** Forgets the session here only (the server already said it is gone). */
  clear(): void;
  /** Asks the server who is signed in (GET /user/open/auth/validatetoken). */
  refresh(): Promise<void>;
  /** The settled state: refreshes once when still unknown. */
  ensure(): Promise<AuthState>;
}

let refreshing: Promise<void> | null = null;

/** The person the server last confirmed on this device, if any. */
function lastConfirmedUser(): AuthUser | null {
  try {
    return JSON.parse(storage.get(KEYS.sessionUser) ?? "null") as AuthUser | null;
  } catch {
    return null;
  }
}

export const useAuth = create<AuthState>()((set, get) => ({
  user: null,
  platformAdmin: null,
  token: storage.get(KEYS.token),
  status: "unknown",

  setSession(user, token) {
    if (token) storage.set(KEYS.token, token);
    storage.set(KEYS.sessionKind, "user");
    storage.set(KEYS.sessionUser, JSON.stringify(user));
    set({ user, platformAdmin: null, token: token ?? storage.get(KEYS.token), status: "signed-in" });
  },

  setPlatformSession(admin, token) {
    if (token) storage.set(KEYS.token, token);
    storage.set(KEYS.sessionKind, "platform");
    set({ user: null, platformAdmin: admin, token: token ?? storage.get(KEYS.token), status: "signed-in" });
  },

  async signOut() {
    const platform = get().platformAdmin !== null;
    try {
      await callAction(platform ? sessionCalls.platformSignOut : sessionCalls.signOut, {}, { ignoreUnauthorized: true });
    } catch {
      // The session is forgotten here either way; an unreachable server keeps a dead token only.
    }
    get().clear();
  },

  clear() {
    storage.remove(KEYS.token);
    storage.remove(KEYS.sessionKind);
    storage.remove(KEYS.sessionUser);
    set({ user: null, platformAdmin: null, token: null, status: "signed-out" });
  },

  refresh() {
    refreshing ??= (async () => {
      try {
        if (storage.get(KEYS.sessionKind) === "platform") {
          const r = await callAction(sessionCalls.platformMe, {}, { ignoreUnauthorized: true });
          if (r.auth) return get().setPlatformSession(r.admin);
        } else {
          const r = await callAction(sessionCalls.validateSession, {}, { ignoreUnauthorized: true });
          if (r.auth) return get().setSession(r.user);
        }
        get().clear();
      } catch (e) {
        // No answer is not "signed out": keep what we know, but stop waiting. A teacher who opens
        // the app with no signal keeps the session the server last confirmed (the token stays;
        // the server still checks it on every call once the connection is back). A 401 or 403
        // from the platform check means this is no (longer a) platform session.
        if ((e as ApiError).status === 0) {
          if (get().status !== "unknown") return;
          const known = lastConfirmedUser();
          if (known && storage.get(KEYS.token)) return set({ user: known, platformAdmin: null, token: storage.get(KEYS.token), status: "signed-in" });
        }
        get().clear();
      }
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  },

  async ensure() {
    if (get().status === "unknown") await get().refresh();
    return get();
  },
}));

// "Today" on every screen is the school's day as soon as the session names the school's zone.
useAuth.subscribe((s) => setSchoolTimeZone(s.user?.tenant?.timeZone));

/** Where a signed-in person belongs. */
export function homeOf(state: Pick<AuthState, "user" | "platformAdmin">): string {
  if (state.platformAdmin) return areaHome.platform;
  return state.user ? areaHome[state.user.role.area] : "/auth/sign-in";
}

// A 401 from any call: the session is gone. Forget it and go to sign-in (or where the reply says).
setUnauthorizedHandler((err) => {
  const wasPlatform = useAuth.getState().platformAdmin !== null || storage.get(KEYS.sessionKind) === "platform";
  useAuth.getState().clear();
  if (onPublicPage()) return;
  navigateTo(wasPlatform ? "/platform/sign-in" : (err.redirect ?? "/auth/sign-in"), { replace: true });
});
