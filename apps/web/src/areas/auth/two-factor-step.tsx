import { Stack } from "@mantine/core";
import { sessionCalls } from "@taleem/contract";
import { useTranslation } from "react-i18next";
import { callAction } from "../../lib/call-action";
import { CodeField, CodeStepActions, FormError, StepTitle } from "./auth-ui";
import type { PasswordAccount } from "./password-sign-in";
import type { School } from "./school";
import { useCodeStep } from "./use-code-step";

/** The second factor: the code sent to the account's mobile number. */
export function TwoFactorStep({ school, account, password, onBack }: { school: School; account: PasswordAccount; password: string; onBack: () => void }) {
  const { t } = useTranslation("auth");
  const { otp, setOtp, busy, resending, error, ref, submit, sendAgain } = useCodeStep({
    verify: (otp) => callAction(sessionCalls.verifyTwoFactor, { body: { ...account, password, code: school.code, otp } }),
    // Signing in again with the same password sends a fresh code.
    resend: () =>
      "mobile" in account
        ? callAction(sessionCalls.loginMobile, { body: { mobile: account.mobile, password, code: school.code } })
        : callAction(sessionCalls.loginUsername, { body: { username: account.username, password, code: school.code } }),
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <StepTitle title={t("twoFactor.title")} hint={t("twoFactor.hint")} />
        <CodeField inputRef={ref} value={otp} onValue={setOtp} name="otp" />
        <FormError error={error} />
        <CodeStepActions submitLabel={t("twoFactor.submit")} backLabel={t("back")} busy={busy} resending={resending} onBack={onBack} onResend={sendAgain} />
      </Stack>
    </form>
  );
}
