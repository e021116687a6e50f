import { type AuthReply, areaHome } from "@taleem/contract";
import type { NavigateFunction } from "react-router";
import { useAuth } from "../../lib/auth-store";

export type SignedIn = Extract<AuthReply, { auth: true }>;

/** Opens the session here and lands the person in their area (or asks for a password first). */
export function finishSignIn(reply: SignedIn, navigate: NavigateFunction) {
  useAuth.getState().setSession(reply.user, reply.token);
  navigate(reply.user.mustSetPassword ? "/auth/set-password" : areaHome[reply.user.role.area], { replace: true });
}

/** Typed like a phone number (digits, +, spaces, brackets, dashes): sign in by mobile, else by username. */
export const looksLikeMobile = (v: string) => /^\+?[\d\s()-]{6,}$/.test(v.trim());

export const PASSWORD_MIN = 8;
