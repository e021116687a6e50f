import { Anchor, Stack, Text } from "@mantine/core";
import { sessionCalls } from "@taleem/contract";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { callAction } from "../../lib/call-action";
import { CodeField, CodeStepActions, FormError, MobileField, StepSubmit, StepTitle, useFocusOnMount, useStepSending } from "./auth-ui";
import { requestOtp } from "./otp-request";
import type { School } from "./school";
import { useCodeStep } from "./use-code-step";

/** Sign in with a code sent by SMS: no password needed (one may be set afterwards). */
export function OtpSignIn({ school, onBack }: { school: School; onBack: () => void }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  return sentTo ? <OtpCode school={school} mobile={sentTo} onBack={() => setSentTo(null)} /> : <OtpMobile school={school} onSent={setSentTo} onBack={onBack} />;
}

function OtpMobile({ school, onSent, onBack }: { school: School; onSent: (mobile: string) => void; onBack: () => void }) {
  const { t } = useTranslation("auth");
  const [mobile, setMobile] = useState("");
  const sending = useStepSending();
  const ref = useFocusOnMount<HTMLInputElement>();

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!mobile.trim()) return sending.setError(t("validation.mobileRequired"));
    void sending.send(async () => {
      await requestOtp(school.code, mobile, "login");
      onSent(mobile.trim());
    });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <StepTitle title={t("otp.title")} hint={t("otp.hint")} />
        <MobileField inputRef={ref} value={mobile} onValue={setMobile} />
        <StepSubmit busy={sending.busy} error={sending.error} label={t("otp.send")} />
        <Anchor component="button" type="button" size="sm" onClick={onBack} ta="center">
          {t("otp.usePassword")}
        </Anchor>
      </Stack>
    </form>
  );
}

function OtpCode({ school, mobile, onBack }: { school: School; mobile: string; onBack: () => void }) {
  const { t } = useTranslation("auth");
  const { otp, setOtp, busy, resending, error, ref, submit, sendAgain } = useCodeStep({
    verify: (otp) => callAction(sessionCalls.signInWithCode, { body: { mobile, otp, code: school.code } }),
    resend: () => requestOtp(school.code, mobile, "login"),
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <StepTitle title={t("otp.codeTitle")} />
        <Text size="sm" c="dimmed">
          {t("otp.sentTo")}{" "}
          <Text span fw={600} className="ltr-value" style={{ unicodeBidi: "isolate" }}>
            {mobile}
          </Text>
        </Text>
        <CodeField inputRef={ref} value={otp} onValue={setOtp} name="otp" />
        <FormError error={error} />
        <CodeStepActions
          submitLabel={t("otp.verify")}
          backLabel={t("otp.changeMobile")}
          busy={busy}
          resending={resending}
          onBack={onBack}
          onResend={sendAgain}
        />
      </Stack>
    </form>
  );
}
