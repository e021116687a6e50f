import { verifyAdmin, WIPE_DONE_MESSAGE, wipeData } from "@taleem/contract";
import { useCallback, useState } from "react";
import { isApiError } from "../../lib/api";
import { callAction } from "../../lib/use-action";

export type Phase = "idle" | "loading" | "succeeded" | "failed";

interface Outcome {
  phase: Phase;
  /** The specification's text of the failure. */
  error: string | null;
  /** What was thrown, so the screen can say it in the reader's language. */
  cause: unknown;
}
const IDLE: Outcome = { phase: "idle", error: null, cause: null };

/**
 * The admin-verification step of the specification: loading, then verified only if the reply's
 * `auth` is true, otherwise an error ('Verification failed' by default). It can be reset.
 */
export function useAdminVerification() {
  const [state, setState] = useState<Outcome>(IDLE);
  const verify = useCallback(async (password: string) => {
    setState({ ...IDLE, phase: "loading" });
    try {
      // Read defensively: the specification's client trusts only `auth: true`.
      const reply: { auth?: boolean; message?: string } = await callAction(verifyAdmin, { body: { password } });
      if (reply?.auth === true) return setState({ ...IDLE, phase: "succeeded" });
      setState({ phase: "failed", error: reply?.message || "Verification failed", cause: null });
    } catch (e) {
      setState({ phase: "failed", error: isApiError(e) && e.message ? e.message : "Verification failed", cause: e });
    }
  }, []);
  const reset = useCallback(() => setState(IDLE), []);
  return { ...state, verified: state.phase === "succeeded", verify, reset };
}

/**
 * The data-wipe step: loading, then success only if the reply's message is exactly the
 * specification's sentence, otherwise the reply's error_message ('Data wipe failed' by default).
 * It can be reset.
 */
export function useDataWipe() {
  const [state, setState] = useState<Outcome>(IDLE);
  const wipe = useCallback(async (password: string) => {
    setState({ ...IDLE, phase: "loading" });
    try {
      const reply: { message?: string; error_message?: string } = await callAction(wipeData, { body: { password } });
      if (reply?.message === WIPE_DONE_MESSAGE) return setState({ ...IDLE, phase: "succeeded" });
      setState({ phase: "failed", error: reply?.error_message || "Data wipe failed", cause: null });
    } catch (e) {
      const body = isApiError(e) ? (e.body as { error_message?: string } | undefined) : undefined;
      setState({ phase: "failed", error: body?.error_message || "Data wipe failed", cause: e });
    }
  }, []);
  const reset = useCallback(() => setState(IDLE), []);
  return { ...state, done: state.phase === "succeeded", wipe, reset };
}
