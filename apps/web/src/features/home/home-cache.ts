import type { HomeData } from "@taleem/contract";

/**
 * The last home reply of each child, kept in localStorage so a parent with no signal (or a failed
 * call) still sees their child's day, with the time it was true (`asOf`). Small on purpose: at most
 * `MAX_KEPT` children per phone, registers the child was not marked in are left out, and a reply
 * that is still too big is not kept. Each entry names the account it belongs to: a shared phone
 * never shows one parent's child to another, and signing out forgets every entry.
 */

const PREFIX = "taleem_home:";
/** The children list of an account: offline, the chooser still knows them. */
const CHILDREN = "children";
/** Children kept per phone (a large family, or two parents on one phone). */
export const MAX_KEPT = 6;
/** Largest entry kept, in characters of JSON (about 60 KB). */
export const MAX_CHARS = 60_000;

interface KeptHome {
  /** The account (user id) that received it. */
  user: number;
  /** When it was kept (ms), to drop the oldest first. */
  keptAt: number;
  data: HomeData;
}

export interface HomeStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  key(index: number): string | null;
  readonly length: number;
}

/** localStorage, or null where the browser refuses it (private modes, locked-down phones). */
function defaultStore(): HomeStore | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const keyOf = (user: number, student: number) => `${PREFIX}${user}:${student}`;

function keys(store: HomeStore): string[] {
  const out: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const k = store.key(i);
    if (k?.startsWith(PREFIX)) out.push(k);
  }
  return out;
}

function parse(raw: string | null): KeptHome | null {
  if (!raw) return null;
  try {
    const kept = JSON.parse(raw) as KeptHome;
    return typeof kept?.user === "number" && kept.data?.student && typeof kept.data.asOf === "string" ? kept : null;
  } catch {
    return null;
  }
}

/** The reply as kept: registers without a mark of the child count nowhere (see attendanceTotals), so they go. */
function slim(data: HomeData): HomeData {
  return { ...data, attendance: data.attendance.filter((e) => e.attendances.length > 0).map((e) => ({ ...e, attendances: e.attendances.slice(0, 1) })) };
}

/** Keeps a child's home reply for this account; the oldest entries go past `MAX_KEPT`. Never throws. */
export function keepHome(user: number, data: HomeData, store: HomeStore | null = defaultStore(), now = Date.now()): void {
  if (!store) return;
  const key = keyOf(user, data.student.id);
  const text = JSON.stringify({ user, keptAt: now, data: slim(data) } satisfies KeptHome);
  try {
    if (text.length > MAX_CHARS) {
      // Better nothing than a kept day older than the one the parent just saw.
      store.removeItem(key);
      return;
    }
    store.setItem(key, text);
    const others = keys(store)
      .filter((k) => k !== key && !k.endsWith(`:${CHILDREN}`))
      .map((k) => ({ k, at: parse(store.getItem(k))?.keptAt ?? 0 }))
      .sort((a, b) => b.at - a.at);
    for (const old of others.slice(MAX_KEPT - 1)) store.removeItem(old.k);
  } catch {
    // A full or refused store: the home simply is not kept.
  }
}

/** The reply kept for this account and child, or null. */
export function keptHome(user: number, student: number, store: HomeStore | null = defaultStore()): HomeData | null {
  if (!store) return null;
  try {
    const kept = parse(store.getItem(keyOf(user, student)));
    return kept && kept.user === user && kept.data.student.id === student ? kept.data : null;
  } catch {
    return null;
  }
}

/** A child as the chooser shows them (the linked-children reply's rows). */
export interface KeptChild {
  id: number;
  name: string;
  nameNative: string | null;
  className: string | null;
}

/** Keeps the account's children (a few names and classes). Never throws. */
export function keepChildren(user: number, rows: KeptChild[], store: HomeStore | null = defaultStore()): void {
  if (!store) return;
  const slimRows = rows.map(({ id, name, nameNative, className }) => ({ id, name, nameNative, className }));
  try {
    store.setItem(`${PREFIX}${user}:${CHILDREN}`, JSON.stringify({ user, rows: slimRows }));
  } catch {
    // Not kept: offline, the chooser then has nothing to offer.
  }
}

/** The children kept for this account, or null. */
export function keptChildren(user: number, store: HomeStore | null = defaultStore()): KeptChild[] | null {
  if (!store) return null;
  try {
    const kept = JSON.parse(store.getItem(`${PREFIX}${user}:${CHILDREN}`) ?? "null") as { user: number; rows: KeptChild[] } | null;
    return kept?.user === user && Array.isArray(kept.rows) ? kept.rows : null;
  } catch {
    return null;
  }
}

/** Forgets every kept home (sign-out: the next person on this phone sees none of it). */
export function forgetHomes(store: HomeStore | null = defaultStore()): void {
  if (!store) return;
  try {
    for (const k of keys(store)) store.removeItem(k);
  } catch {
    // Nothing kept, nothing to forget.
  }
}
