import { type SaveRegisterReply, saveRegister } from "@taleem/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { ApiError } from "../../../lib/api";
import { callAction } from "../../../lib/use-action";
import { dropSave, type PendingSave, pendingSaves } from "./register-store";

export interface SyncOutcome {
  save: PendingSave;
  reply?: SaveRegisterReply;
  /** A refusal the server will give again (a date too old, a child who left): not retried. */
  error?: unknown;
}

/** Whether a failed send is worth retrying: no connection, the server busy or restarting, or signed out. */
const retryable = (e: unknown) => !(e instanceof ApiError) || e.status >= 500 || e.status === 401 || e.status === 408 || e.status === 429;

let flushing: Promise<SyncOutcome[]> | null = null;

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
    void sync();
    return () => {
      window.removeEventListener("online", up);
      window.removeEventListener("offline", down);
    };
  }, [sync]);

  return { waiting, online, sending, sync };
}
