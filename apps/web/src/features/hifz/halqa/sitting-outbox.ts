import { saveSitting } from "@taleem/contract";
import { useEffect, useState } from "react";
import { useAuth } from "../../../lib/auth-store";
import { errorText } from "../../../lib/error-text";
import { i18n } from "../../../lib/i18n";
import { notify } from "../../../lib/notify";
import { queryClient } from "../../../lib/query-client";
import { callAction, refreshAfter } from "../../../lib/use-action";
import { retryable } from "../../../lib/use-register-sync";
import type { SittingBody } from "./halqa-draft";
import { WAITING_SITTING_PREFIX } from "./sitting-keys";

/**
 * Sittings saved with no connection, kept in localStorage (one key per sitting) until the server
 * takes them. Saving a sitting twice changes nothing on the server, so a body is simply sent again:
 * when the connection returns, when the app starts, and when its screen opens. A newer save of the
 * same sitting replaces the waiting one.
 */

const CHANGED = "taleem:hifz-sittings";

export interface WaitingSitting {
  body: SittingBody;
  /** The halqa and day, to say what was sent. */
  label: string;
  /** The school's user who saved it (a shared phone): only they send it. */
  who: string;
  queuedAt: number;
}

export const whoIsSignedIn = () => {
  const u = useAuth.getState().user;
  return u ? `${u.code ?? ""}-${u.id}` : "";
};

const changed = () => window.dispatchEvent(new Event(CHANGED));

export function keepWaiting(w: WaitingSitting) {
  localStorage.setItem(`${WAITING_SITTING_PREFIX}${w.body.sessionId}`, JSON.stringify(w));
  changed();
}

export function dropWaiting(sessionId: number) {
  localStorage.removeItem(`${WAITING_SITTING_PREFIX}${sessionId}`);
  changed();
}

function read(key: string): WaitingSitting | null {
  try {
    const w = JSON.parse(localStorage.getItem(key) ?? "null") as WaitingSitting | null;
    return w?.body?.sessionId ? w : null;
  } catch {
    return null;
  }
}

export function waitingSitting(sessionId: number, who = whoIsSignedIn()): WaitingSitting | null {
  const w = read(`${WAITING_SITTING_PREFIX}${sessionId}`);
  return w && w.who === who ? w : null;
}

/** The signed-in person's waiting sittings, oldest first. */
export function waitingSittings(who = whoIsSignedIn()): WaitingSitting[] {
  const out: WaitingSitting[] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    const w = key?.startsWith(WAITING_SITTING_PREFIX) ? read(key) : null;
    if (w && w.who === who) out.push(w);
  }
  return out.sort((a, b) => a.queuedAt - b.queuedAt);
}

// A sitting's entries not yet saved, kept for this tab so that a teacher who opens a child's
// profile from the halqa and comes back finds them as they were.
const unsavedKey = (sessionId: number) => `taleem_hifz_unsaved:${whoIsSignedIn()}:${sessionId}`;

export function keepUnsaved(body: SittingBody) {
  sessionStorage.setItem(unsavedKey(body.sessionId), JSON.stringify(body));
}

export function dropUnsaved(sessionId: number) {
  sessionStorage.removeItem(unsavedKey(sessionId));
}

export function unsavedSitting(sessionId: number): SittingBody | null {
  try {
    const body = JSON.parse(sessionStorage.getItem(unsavedKey(sessionId)) ?? "null") as SittingBody | null;
    return body?.sessionId === sessionId ? body : null;
  } catch {
    return null;
  }
}

let sending: Promise<void> | null = null;

/**
 * Sends every waiting sitting, one at a time. One the server refuses (a sitting deleted meanwhile)
 * would be refused again: it leaves the phone with the reason said. No connection stops the round.
 */
export function sendWaitingSittings(): Promise<void> {
  // Cleared once settled (a round that finds nothing to send settles at once).
  sending ??= sendRound().finally(() => {
    sending = null;
  });
  return sending;
}

async function sendRound(): Promise<void> {
  if (!navigator.onLine || useAuth.getState().status !== "signed-in") return;
  const waiting = waitingSittings();
  if (!waiting.length) return;
  await i18n.loadNamespaces(["hifz", "errors"]);
  for (const w of waiting) {
    try {
      await callAction(saveSitting, { body: w.body });
      dropWaiting(w.body.sessionId);
      void refreshAfter(queryClient, saveSitting);
      notify.success(i18n.t("hifz:halqa.sentLater", { label: w.label }));
    } catch (e) {
      if (retryable(e)) return;
      dropWaiting(w.body.sessionId);
      notify.error(i18n.t("hifz:halqa.refusedLater", { label: w.label, reason: errorText(e) }));
    }
  }
}

/** Whether this sitting waits on the phone, and whether the browser says it is online; both kept current. */
export function useWaitingSitting(sessionId: number | null) {
  const [state, setState] = useState(() => ({ waiting: sessionId ? !!waitingSitting(sessionId) : false, online: navigator.onLine }));
  useEffect(() => {
    const update = () => setState({ waiting: sessionId ? !!waitingSitting(sessionId) : false, online: navigator.onLine });
    update();
    window.addEventListener(CHANGED, update);
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener(CHANGED, update);
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, [sessionId]);
  return state;
}
