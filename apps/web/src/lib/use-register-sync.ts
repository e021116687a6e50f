import { type MarkConflict, RegisterChanged, type SaveRegisterReply, saveRegister } from "@taleem/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useState } from "react";
import { ApiError } from "./api";
import { errorText } from "./error-text";
import { i18n } from "./i18n";
import { notify } from "./notify";
import { dropSave, type PendingSave, pendingSaves, queueSave } from "./register-store";
import { callAction, refreshAfter } from "./use-action";

export interface SyncOutcome {
  save: PendingSave;
  reply?: SaveRegisterReply;
  /** A refusal the server will give again (a date too old, a child who left): not retried. */
  error?: unknown;
  /** Someone else changed marks this save changes too: it stays on the phone until the teacher chooses. */
  conflicts?: MarkConflict[];
}

/**
 * Whether a failed send is worth retrying: no connection (status 0: the phone may say it is
 * online behind a signal too weak to reach the server), the server busy or restarting, or signed
 * out. Anything else is the server's refusal, which it would give again.
 */
export const retryable = (e: unknown) =>
  !(e instanceof ApiError) || e.status === 0 || e.status >= 500 || e.status === 401 || e.status === 408 || e.status === 429;

/** The other person's marks of a 409 attendance.register_changed; null for any other failure. */
export function conflictsOf(e: unknown): MarkConflict[] | null {
  if (!(e instanceof ApiError) || e.status !== 409 || e.code !== "attendance.register_changed") return null;
  const parsed = RegisterChanged.safeParse(e.params);
  return parsed.success ? parsed.data.conflicts : null;
}

/** The saves that can go now: not those waiting for the teacher's choice. */
const sendable = async () => (await pendingSaves()).filter((s) => !s.conflicts);

let flushing: Promise<SyncOutcome[]> | null = null;
/** Register pages open now: while one is, it sends the waiting saves and reports them itself. */
let pagesOpen = 0;

/** Tells the teacher what became of each sent register: saved, waiting for their choice, or refused and why. */
export function reportOutcomes(outcomes: SyncOutcome[]) {
  for (const o of outcomes) {
    if (o.error) notify.error(i18n.t("attendance:register.refused", { label: o.save.label, reason: errorText(o.error) }));
    else if (o.conflicts) notify.warning(i18n.t("attendance:register.conflicts", { label: o.save.label, count: o.conflicts.length }));
    else notify.success(i18n.t("attendance:register.sent", { label: o.save.label }));
  }
}

/**
 * Sends the registers waiting on this phone from wherever the teacher is in the app (the shell
 * calls it at start and whenever the connection returns), and says what became of each.
 */
export async function sendWaitingRegisters(): Promise<void> {
  if (pagesOpen > 0 || !navigator.onLine || !(await sendable()).length) return;
  const outcomes = await flush();
  if (!outcomes.length) return;
  await i18n.loadNamespaces(["attendance", "errors"]);
  reportOutcomes(outcomes);
}

/**
 * Sends every waiting save, oldest first, one at a time; a save leaves the phone only once the
 * server has it. One that crossed someone else's marks stays, with their marks, for the teacher.
 */
function flush(): Promise<SyncOutcome[]> {
  flushing ??= (async () => {
    const out: SyncOutcome[] = [];
    try {
      const waiting = (await sendable()).sort((a, b) => a.queuedAt - b.queuedAt);
      for (const save of waiting) {
        try {
          const reply = await callAction(saveRegister, { body: save.body });
          await dropSave(save.batchId);
          out.push({ save, reply });
        } catch (e) {
          if (retryable(e)) break;
          const conflicts = conflictsOf(e);
          if (conflicts) await queueSave({ ...save, conflicts });
          else await dropSave(save.batchId);
          out.push(conflicts ? { save, conflicts } : { save, error: e });
        }
      }
    } finally {
      flushing = null;
    }
    return out;
  })();
  return flushing;
}

/**
 * The phone's waiting saves: how many can go, all of them (oldest first) and those waiting for the
 * teacher's choice, whether the browser says it is online, and `sync` to send them, called at
 * once, whenever the connection returns, and after each new save. Outcomes (conflicts, refusals)
 * go to `onOutcome`.
 */
export function useRegisterSync(onOutcome: (outcomes: SyncOutcome[]) => void) {
  const queryClient = useQueryClient();
  const [waiting, setWaiting] = useState(0);
  const [saves, setSaves] = useState<PendingSave[]>([]);
  const [online, setOnline] = useState(() => navigator.onLine);
  const [sending, setSending] = useState(false);

  const count = useCallback(async () => {
    const all = await pendingSaves();
    setWaiting(all.filter((s) => !s.conflicts).length);
    const next = all.sort((a, b) => a.queuedAt - b.queuedAt);
    // A save never changes under its batch id (a conflict comes back as a new list): the same ids
    // and conflicts keep the same list, and the screen keeps the teacher's taps and choices.
    const idsOf = (list: PendingSave[]) => list.map((s) => `${s.batchId}${s.conflicts ? "!" : ""}`).join();
    setSaves((old) => (idsOf(old) === idsOf(next) ? old : next));
  }, []);

  const sync = useCallback(async () => {
    await count();
    if (!navigator.onLine) return;
    setSending(true);
    try {
      const outcomes = await flush();
      if (outcomes.length) {
        onOutcome(outcomes);
        // The registers as saved are in before the sent saves leave the screen: no flash of the marks before them.
        await refreshAfter(queryClient, saveRegister);
      }
    } finally {
      setSending(false);
      await count();
    }
  }, [count, onOutcome, queryClient]);

  useEffect(() => {
    const up = () => {
      setOnline(true);
      void sync();
    };
    const down = () => setOnline(false);
    window.addEventListener("online", up);
    window.addEventListener("offline", down);
    pagesOpen++;
    void sync();
    return () => {
      pagesOpen--;
      window.removeEventListener("online", up);
      window.removeEventListener("offline", down);
    };
  }, [sync]);

  const conflicted = useMemo(() => saves.filter((s) => s.conflicts), [saves]);
  return { waiting, saves, conflicted, online, sending, sync };
}
