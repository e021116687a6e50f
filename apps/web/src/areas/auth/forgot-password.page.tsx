import { Alert, Anchor, Button, SegmentedControl, Stack, TextInput } from "@mantine/core";
import { sessionCalls } from "@taleem/contract";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { callAction } from "../../lib/call-action";
import { notify } from "../../lib/notify";
import { CodeField, MobileField, SchoolBadge, StepSubmit, StepTitle, useDocumentTitle, useFocusOnMount, useStepSending } from "./auth-ui";
import { PASSWORD_MIN } from "./finish-sign-in";
import { NewPasswordFields, newPasswordProblem } from "./new-password-fields";
import { requestOtp } from "./otp-request";
import { type School, useSchool } from "./school";
import { SchoolStep } from "./school-step";

type Method = "sms" | "email";

/** /auth/forgot-password: a code by SMS and a new password, or a reset link by e-mail. */
export function ForgotPasswordPage() {
  const { t } = useTranslation("auth");
  const { school, choose } = useSchool();
  const [method, setMethod] = useState<Method>("sms");
  useDocumentTitle(t("forgot.title"));

  if (!school) return <SchoolStep onFound={choose} />;
  return (
    <Stack gap="lg">
      <SchoolBadge school={school} />
      <StepTitle title={t("forgot.title")} hint={t("forgot.hint")} />
      <SegmentedControl
        fullWidth
        value={method}
        onChange={(v) => setMethod(v as Method)}
        data={[
          { value: "sms", label: t("forgot.bySms") },
          { value: "email", label: t("forgot.byEmail") },
        ]}
        aria-label={t("forgot.method")}
        // Long labels (Malayalam, Tamil) wrap on a phone instead of being cut off.
        styles={{ label: { whiteSpace: "normal", lineHeight: 1.3, height: "100%", display: "flex", alignItems: "center", justifyContent: "center" } }}
      />
      {method === "sms" ? <BySms school={school} /> : <ByEmail school={school} />}
      <Anchor component={Link} to="/auth/sign-in" size="sm" ta="center">
        {t("backToSignIn")}
      </Anchor>
    </Stack>
  );
}

function BySms({ school }: { school: School }) {
  const { t } = useTranslation("auth");
  const [mobile, setMobile] = useState("");
  const [sent, setSent] = useState(false);
  const [otp, setOtp] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [done, setDone] = useState(false);
  const sending = useStepSending();
  const ref = useFocusOnMount<HTMLInputElement>();

  function send(e?: FormEvent) {
    e?.preventDefault();
    if (!mobile.trim()) return sending.setError(t("validation.mobileRequired"));
    void sending.send(async () => {
      await requestOtp(school.code, mobile, "reset");
      if (sent) notify.info(t("otp.resent"));
      setSent(true);
    });
  }

  function reset(e: FormEvent) {
    e.preventDefault();
    if (otp.length !== 6) return sending.setError(t("validation.codeDigits"));
    const problem = newPasswordProblem(password, confirm);
    if (problem) return sending.setError(t(problem, { min: PASSWORD_MIN }));
    void sending.send(async () => {
      await callAction(sessionCalls.resetPasswordWithCode, { body: { mobile: mobile.trim(), password, otp, code: school.code } });
      setDone(true);
    });
  }

  if (done) return <ResetDone />;
  if (!sent) {
    return (
      <form onSubmit={send} noValidate>
        <Stack gap="md">
          <MobileField inputRef={ref} value={mobile} onValue={setMobile} />
          <StepSubmit busy={sending.busy} error={sending.error} label={t("otp.send")} />
        </Stack>
      </form>
    );
  }
  return (
    <form onSubmit={reset} noValidate>
      <Stack gap="md">
        <Alert color="teal" variant="light" role="status">
          {t("forgot.codeSent")}
        </Alert>
        <CodeField value={otp} onValue={setOtp} name="otp" />
        <NewPasswordFields password={password} confirm={confirm} onPassword={setPassword} onConfirm={setConfirm} />
        <StepSubmit busy={sending.busy} error={sending.error} label={t("forgot.setPassword")} />
        <Anchor component="button" type="button" size="sm" onClick={() => send()} ta="center">
          {t("otp.resend")}
        </Anchor>
      </Stack>
    </form>
  );
}

function ByEmail({ school }: { school: School }) {
  const { t } = useTranslation("auth");
  const [user, setUser] = useState("");
  const [sent, setSent] = useState(false);
  const sending = useStepSending();
  const ref = useFocusOnMount<HTMLInputElement>();

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!user.trim()) return sending.setError(t("validation.emailRequired"));
    void sending.send(async () => {
      await callAction(sessionCalls.sendResetLink, { body: { user: user.trim(), code: school.code } });
      setSent(true);
    });
  }

  if (sent) {
    return (
      <Alert color="teal" variant="light" role="status" data-testid="link-sent">
        {t("forgot.linkSent")}
      </Alert>
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          ref={ref}
          label={t("fields.emailOrUsername")}
          value={user}
          onChange={(e) => setUser(e.currentTarget.value)}
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          classNames={{ input: "ltr-value" }}
        />
        <StepSubmit busy={sending.busy} error={sending.error} label={t("forgot.sendLink")} />
      </Stack>
    </form>
  );
}

export function ResetDone() {
  const { t } = useTranslation("auth");
  return (
    <Stack gap="md">
      <Alert color="teal" variant="light" role="status" data-testid="reset-done">
        {t("forgot.done")}
      </Alert>
      <Button component={Link} to="/auth/sign-in" fullWidth>
        {t("forgot.signInNow")}
      </Button>
    </Stack>
  );
}
