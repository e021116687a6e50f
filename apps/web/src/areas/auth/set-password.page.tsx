import { Anchor, Stack } from "@mantine/core";
import { areaHome, sessionCalls } from "@taleem/contract";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { useAuth } from "../../lib/auth-store";
import { callAction } from "../../lib/call-action";
import { notify } from "../../lib/notify";
import touch from "../../ui/touch-target.module.css";
import { StepSubmit, StepTitle, useDocumentTitle, useFocusOnMount, useStepSending } from "./auth-ui";
import { PASSWORD_MIN } from "./finish-sign-in";
import { NewPasswordFields, newPasswordProblem } from "./new-password-fields";

/** /auth/set-password: a person who signed in by code chooses a password (or does it later). */
export function SetPasswordPage() {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const user = useAuth((s) => s.user);
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const sending = useStepSending();
  const ref = useFocusOnMount<HTMLInputElement>();
  useDocumentTitle(t("setPassword.title"));
  const home = user ? areaHome[user.role.area] : "/auth/sign-in";

  function submit(e: FormEvent) {
    e.preventDefault();
    const problem = newPasswordProblem(password, confirm);
    if (problem) return sending.setError(t(problem, { min: PASSWORD_MIN }));
    void sending.send(async () => {
      await callAction(sessionCalls.changeOwnPassword, { body: { newPassword: password } });
      if (user) useAuth.setState({ user: { ...user, mustSetPassword: false } });
      notify.success(t("setPassword.saved"));
      navigate(home, { replace: true });
    });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <StepTitle title={t("setPassword.title")} hint={t("setPassword.hint")} />
        <NewPasswordFields inputRef={ref} password={password} confirm={confirm} onPassword={setPassword} onConfirm={setConfirm} />
        <StepSubmit busy={sending.busy} error={sending.error} label={t("setPassword.submit")} />
        <Anchor component={Link} to={home} replace size="sm" className={touch.target}>
          {t("setPassword.later")}
        </Anchor>
      </Stack>
    </form>
  );
}
