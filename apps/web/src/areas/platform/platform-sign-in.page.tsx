import { Stack, TextInput } from "@mantine/core";
import { sessionCalls } from "@taleem/contract";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useAuth } from "../../lib/auth-store";
import { callAction } from "../../lib/call-action";
import { CurrentPasswordField, StepSubmit, StepTitle, useDocumentTitle, useFocusOnMount, useStepSending } from "../auth/auth-ui";

/** /platform/sign-in: the people who run the service, by e-mail and password, no school code. */
export function PlatformSignInPage() {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const sending = useStepSending();
  const ref = useFocusOnMount<HTMLInputElement>();
  useDocumentTitle(t("platform.title"));

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!email.trim()) return sending.setError(t("validation.emailRequired"));
    if (!password) return sending.setError(t("validation.passwordRequired"));
    void sending.send(async () => {
      const reply = await callAction(sessionCalls.platformSignIn, { body: { email: email.trim(), password } });
      useAuth.getState().setPlatformSession(reply.admin, reply.token);
      navigate("/platform/home", { replace: true });
    });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <StepTitle title={t("platform.title")} hint={t("platform.hint")} />
        <TextInput
          ref={ref}
          type="email"
          label={t("fields.email")}
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          autoComplete="username"
          name="email"
          required
        />
        <CurrentPasswordField value={password} onValue={setPassword} />
        <StepSubmit busy={sending.busy} error={sending.error} label={t("signIn.submit")} />
      </Stack>
    </form>
  );
}
