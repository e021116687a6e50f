import { createContext } from "react";
import { storage } from "./storage";

/**
 * The child a parent's account last chose on this device, kept in a cookie so the server, drawing
 * the parent home (src/ssr), draws that child's home at once. Named per account: two parents
 * sharing a phone keep their own. The server draws it only when the child is the signed-in
 * family's own (apps/server/src/platform/http/server-home.ts); the app only when the family's list holds it.
 */
export const chosenChildCookie = (userId: number) => `taleem_child_${userId}`;

/** Where the app kept the choice before the cookie (localStorage): read once, then moved to the cookie. */
const legacyKey = (userId: number) => `taleem_last_child:${userId}`;

/** About 400 days, the longest a browser keeps a cookie: a choice outlives long holidays. */
const MAX_AGE = 400 * 24 * 3600;

const positive = (v: string | null | undefined) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** The child id a `Cookie` header (or document.cookie) keeps for this account, if any. */
export function chosenChildIn(cookies: string | undefined, userId: number): number | null {
  const name = chosenChildCookie(userId);
  for (const part of (cookies ?? "").split(";")) {
    const [k, v] = part.trim().split("=");
    if (k === name) return positive(v);
  }
  return null;
}

/** The child this account chose last on this device (null on the server, where there is no document). */
export function rememberedChild(userId: number): number | null {
  if (typeof document === "undefined") return null;
  return chosenChildIn(document.cookie, userId) ?? positive(storage.get(legacyKey(userId)));
}

/** Remembers the chosen child for the next visit, on every page of the parent area and on the server. */
export function rememberChild(userId: number, studentId: number): void {
  if (typeof document === "undefined") return;
  const secure = window.location.protocol === "https:" ? "; secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from the older Safari and Firefox phones still in use
  document.cookie = `${chosenChildCookie(userId)}=${studentId}; path=/; max-age=${MAX_AGE}; samesite=lax${secure}`;
  storage.remove(legacyKey(userId));
}

/**
 * On the server, the child the server chose to draw (the address's, the remembered one it checked
 * is the family's, or an only child): `undefined` in the browser, where the cookie is read.
 */
export const ServerChosenChild = createContext<number | null | undefined>(undefined);
