import { Stack } from "@mantine/core";
import type { AuthReply } from "@taleem/contract";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { api } from "../../lib/api";
import { notify } from "../../lib/notify";
import { CodeField, CodeStepActions, FormError, StepTitle, useFocusOnMount } from "./auth-ui";
import { finishSignIn } from "./finish-sign-in";
import type { PasswordAccount } from "./password-sign-in";
import type { School } from "./school";

/** The second factor: the code sent to the account's mobile number. */
export function TwoFactorStep({ school, account, password, onBack }: { school: School; account: PasswordAccount; password: string; onBack: () => void }) {
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
      const reply = await api.post<AuthReply>("/admin/open/auth/verify-2fa", { ...account, password, code: school.code, otp });
      if (reply.auth) return finishSignIn(reply, navigate);
      setError(reply.message);
    } catch (err) {
      setError(err);
    }
    setBusy(false);
  }

  // Signing in again with the same password sends a fresh code.
  async function resend() {
    setResending(true);
    setError(null);
    try {
      if ("mobile" in account) await api.post("/admin/open/auth/login-mobile", { mobile: account.mobile, password, code: school.code });
      else await api.post("/user/open/auth/login", { username: account.username, password, code: school.code });
      notify.info(t("otp.resent"));
    } catch (err) {
      setError(err);
    }
    setResending(false);
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <StepTitle title={t("twoFactor.title")} hint={t("twoFactor.hint")} />
        <CodeField inputRef={ref} value={otp} onValue={setOtp} name="otp" />
        <FormError error={error} />
        <CodeStepActions submitLabel={t("twoFactor.submit")} backLabel={t("back")} busy={busy} resending={resending} onBack={onBack} onResend={resend} />
      </Stack>
    </form>
  );
}
