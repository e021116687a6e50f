import type { AuthReply } from "@taleem/contract";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { notify } from "../../lib/notify";
import { useFocusOnMount } from "./auth-ui";
import { finishSignIn } from "./finish-sign-in";

/**
 * A step that asks for a six-digit code (code sign-in, second factor): what is typed, the check,
 * sending a fresh code, and where it went wrong. The step says how a code is checked and resent.
 */
export function useCodeStep({ verify, resend }: { verify: (otp: string) => Promise<AuthReply>; resend: () => Promise<unknown> }) {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const [otp, setOtp] = useState("");
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const ref = useFocusOnMount<HTMLInputElement>();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (otp.length !== 6) return setError(t("validation.codeDigits"));
    setBusy(true);
    setError(null);
    try {
      const reply = await verify(otp);
      if (reply.auth) return finishSignIn(reply, navigate);
      setError(reply.message);
    } catch (err) {
      setError(err);
    }
    setBusy(false);
  }

  async function sendAgain() {
    setResending(true);
    setError(null);
    try {
      await resend();
      notify.info(t("otp.resent"));
    } catch (err) {
      setError(err);
    }
    setResending(false);
  }

  return { otp, setOtp, busy, resending, error, ref, submit, sendAgain };
}
