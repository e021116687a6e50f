import type { AuthUser } from "@taleem/contract";
import { ApiError } from "./api";
import { useAuth } from "./auth-store";

/**
 * Replies kept on the phone (IndexedDB: it outlives a closed tab and a restart) for the screens a
 * teacher opens with no signal: My classes, the attendance rules, the chat's rooms and messages.
 * Each key starts with its account (`keeperOf`), so a shared phone never shows one person's copy
 * to another, and signing out forgets them all. A copy is read back only when a call meets no
 * connection (status 0): a refusal by the server is an answer, never hidden behind an older copy.
 */

const DB_NAME = "taleem-kept";
const REPLIES = "replies";

let opened: Promise<IDBDatabase> | null = null;

function database(): Promise<IDBDatabase> {
  opened ??= new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(REPLIES);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => {
      opened = null;
      reject(req.error);
    };
  });
  return opened;
}

async function run<T>(mode: IDBTransactionMode, work: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await database();
  return new Promise((resolve, reject) => {
    const tx = db.transaction(REPLIES, mode);
    const req = work(tx.objectStore(REPLIES));
    tx.oncomplete = () => resolve(req.result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

// Signing out (or a session the server ended) forgets every kept reply on this phone.
useAuth.subscribe((s, before) => {
  if (s.status === "signed-out" && before.status !== "signed-out") void run("readwrite", (store) => store.clear()).catch(() => undefined);
});

/** The account a kept copy belongs to: the school's user (a shared phone keeps each person's apart). */
export const keeperOf = (s: { user: AuthUser | null }) => `${s.user?.code ?? ""}-${s.user?.id ?? 0}`;

export const keepReply = (key: string, reply: unknown) => run("readwrite", (s) => s.put(reply, key));

export const keptReply = <T>(key: string) => run<T | undefined>("readonly", (s) => s.get(key));

/** Whether a failed call met no connection (rather than the server's refusal). */
export const noConnection = (e: unknown) => !(e instanceof ApiError) || e.status === 0;

/**
 * The call's reply, kept under `key` for a later visit with no signal; with no connection, the copy
 * kept last (`kept` true). Throws what the server refused, and no connection when nothing is kept.
 */
export async function replyOrKept<T>(key: string, call: () => Promise<T>): Promise<{ reply: T; kept: boolean }> {
  try {
    const reply = await call();
    await keepReply(key, reply).catch(() => undefined);
    return { reply, kept: false };
  } catch (e) {
    if (!noConnection(e)) throw e;
    const kept = await keptReply<T>(key).catch(() => undefined);
    if (kept === undefined) throw e;
    return { reply: kept, kept: true };
  }
}
