import { Anchor, Button, Center, Loader, Stack } from "@mantine/core";
import { sessionCalls } from "@taleem/contract";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { callAction } from "../../lib/call-action";
import { KEYS, storage } from "../../lib/storage";
import { FormError, StepSubmit, StepTitle, useDocumentTitle, useFocusOnMount, useStepSending } from "./auth-ui";
import { PASSWORD_MIN } from "./finish-sign-in";
import { ResetDone } from "./forgot-password.page";
import { NewPasswordFields, newPasswordProblem } from "./new-password-fields";

type Check = { state: "checking" } | { state: "valid"; code?: string } | { state: "invalid"; error: unknown };

/** /auth/reset-password/:token, from the e-mailed link: the token is checked, then a new password set. */
export function ResetPasswordPage() {
  const { t } = useTranslation("auth");
  const { token = "" } = useParams();
  const [check, setCheck] = useState<Check>({ state: "checking" });
  useDocumentTitle(t("reset.title"));

  useEffect(() => {
    let live = true;
    callAction(sessionCalls.checkResetLink, { body: { token } })
      .then((r) => live && setCheck({ state: "valid", code: r.school?.code }))
      .catch((error) => live && setCheck({ state: "invalid", error }));
    return () => {
      live = false;
    };
  }, [token]);

  if (check.state === "checking") {
    return (
      <Center py="xl" role="status">
        <Loader size="sm" aria-label={t("reset.checking")} />
      </Center>
    );
  }
  if (check.state === "invalid") {
    return (
      <Stack gap="md">
        <StepTitle title={t("reset.title")} />
        <FormError error={check.error} />
        <Button component={Link} to="/auth/forgot-password" fullWidth>
          {t("reset.askAgain")}
        </Button>
      </Stack>
    );
  }
  return <NewPasswordForm token={token} code={check.code ?? storage.get(KEYS.schoolCode) ?? undefined} />;
}

function NewPasswordForm({ token, code }: { token: string; code?: string }) {
  const { t } = useTranslation("auth");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [done, setDone] = useState(false);
  const sending = useStepSending();
  const ref = useFocusOnMount<HTMLInputElement>();

  function submit(e: FormEvent) {
    e.preventDefault();
    const problem = newPasswordProblem(password, confirm);
    if (problem) return sending.setError(t(problem, { min: PASSWORD_MIN }));
    void sending.send(async () => {
      await callAction(sessionCalls.resetPasswordWithLink, { params: { token }, body: { password, ...(code ? { code } : {}) } });
      setDone(true);
    });
  }

  if (done) return <ResetDone />;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <StepTitle title={t("reset.title")} hint={t("reset.hint")} />
        <NewPasswordFields inputRef={ref} password={password} confirm={confirm} onPassword={setPassword} onConfirm={setConfirm} />
        <StepSubmit busy={sending.busy} error={sending.error} label={t("forgot.setPassword")} />
        <Anchor component={Link} to="/auth/sign-in" size="sm" ta="center">
          {t("backToSignIn")}
        </Anchor>
      </Stack>
    </form>
  );
}
