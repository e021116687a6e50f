import { Button, PasswordInput, Stack, TextInput } from "@mantine/core";
import { sessionCalls } from "@taleem/contract";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useAuth } from "../../lib/auth-store";
import { callAction } from "../../lib/call-action";
import { FormError, StepTitle, useDocumentTitle, useFocusOnMount } from "../auth/auth-ui";

/** /platform/sign-in: the people who run the service, by e-mail and password, no school code. */
export function PlatformSignInPage() {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const ref = useFocusOnMount<HTMLInputElement>();
  useDocumentTitle(t("platform.title"));

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!email.trim()) return setError(t("validation.emailRequired"));
    if (!password) return setError(t("validation.passwordRequired"));
    setBusy(true);
    setError(null);
    try {
      const reply = await callAction(sessionCalls.platformSignIn, { body: { email: email.trim(), password } });
      useAuth.getState().setPlatformSession(reply.admin, reply.token);
      navigate("/platform/home", { replace: true });
    } catch (err) {
      setError(err);
      setBusy(false);
    }
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
        <PasswordInput
          label={t("fields.password")}
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          autoComplete="current-password"
          name="password"
          required
          visibilityToggleButtonProps={{ "aria-label": t("signIn.showPassword") }}
        />
        <FormError error={error} />
        <Button type="submit" loading={busy} fullWidth>
          {t("signIn.submit")}
        </Button>
      </Stack>
    </form>
  );
}
