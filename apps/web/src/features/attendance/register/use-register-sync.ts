import { type SaveRegisterReply, saveRegister } from "@taleem/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { ApiError } from "../../../lib/api";
import { errorText } from "../../../lib/error-text";
import { i18n } from "../../../lib/i18n";
import { notify } from "../../../lib/notify";
import { callAction } from "../../../lib/use-action";
import { dropSave, type PendingSave, pendingSaves } from "./register-store";

export interface SyncOutcome {
  save: PendingSave;
  reply?: SaveRegisterReply;
  /** A refusal the server will give again (a date too old, a child who left): not retried. */
  error?: unknown;
}

/**
 * Whether a failed send is worth retrying: no connection (status 0: the phone may say it is
 * online behind a signal too weak to reach the server), the server busy or restarting, or signed
 * out. Anything else is the server's refusal, which it would give again.
 */
export const retryable = (e: unknown) =>
  !(e instanceof ApiError) || e.status === 0 || e.status >= 500 || e.status === 401 || e.status === 408 || e.status === 429;

let flushing: Promise<SyncOutcome[]> | null = null;
/** Register pages open now: while one is, it sends the waiting saves and reports them itself. */
let pagesOpen = 0;

/** Tells the teacher what became of each sent register: saved, saved with conflicts, or refused and why. */
export function reportOutcomes(outcomes: SyncOutcome[]) {
  for (const o of outcomes) {
    if (o.error) notify.error(i18n.t("attendance:register.refused", { label: o.save.label, reason: errorText(o.error) }));
    else if (o.reply?.conflicts.length) notify.warning(i18n.t("attendance:register.conflicts", { count: o.reply.conflicts.length }));
    else notify.success(i18n.t("attendance:register.sent", { label: o.save.label }));
  }
}

/**
 * Sends the registers waiting on this phone from wherever the teacher is in the app (the shell
 * calls it at start and whenever the connection returns), and says what became of each.
 */
export async function sendWaitingRegisters(): Promise<void> {
  if (pagesOpen > 0 || !navigator.onLine || !(await pendingSaves()).length) return;
  const outcomes = await flush();
  if (!outcomes.length) return;
  await i18n.loadNamespaces(["attendance", "errors"]);
  reportOutcomes(outcomes);
}

/** Sends every waiting save, oldest first, one at a time; a save leaves the phone only once the server has it. */
function flush(): Promise<SyncOutcome[]> {
  flushing ??= (async () => {
    const out: SyncOutcome[] = [];
    try {
      const waiting = (await pendingSaves()).sort((a, b) => a.queuedAt - b.queuedAt);
      for (const save of waiting) {
        try {
          const reply = await callAction(saveRegister, { body: save.body });
          await dropSave(save.batchId);
          out.push({ save, reply });
        } catch (e) {
          if (retryable(e)) break;
          await dropSave(save.batchId);
          out.push({ save, error: e });
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
 * The phone's waiting saves: how many, whether the browser says it is online, and `sync` to send
 * them, called at once, whenever the connection returns, and after each new save. Outcomes
 * (conflicts, refusals) go to `onOutcome`.
 */
export function useRegisterSync(onOutcome: (outcomes: SyncOutcome[]) => void) {
  const queryClient = useQueryClient();
  const [waiting, setWaiting] = useState(0);
  const [online, setOnline] = useState(() => navigator.onLine);
  const [sending, setSending] = useState(false);

  const count = useCallback(async () => setWaiting((await pendingSaves()).length), []);

  const sync = useCallback(async () => {
    await count();
    if (!navigator.onLine) return;
    setSending(true);
    try {
      const outcomes = await flush();
      if (outcomes.length) {
        onOutcome(outcomes);
        void queryClient.invalidateQueries({ queryKey: ["action", "/admin/api/attendance/register"] });
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

  return { waiting, online, sending, sync };
}
