import { Anchor, Button, PasswordInput, Stack, TextInput } from "@mantine/core";
import { sessionCalls } from "@taleem/contract";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { callAction } from "../../lib/call-action";
import { FormError, useFocusOnMount } from "./auth-ui";
import { finishSignIn, looksLikeMobile } from "./finish-sign-in";
import type { School } from "./school";

export type PasswordAccount = { mobile: string } | { username: string };

/** Mobile number or username with a password; the server may ask for a second factor. */
export function PasswordSignIn({ school, onTwoFactor }: { school: School; onTwoFactor: (account: PasswordAccount, password: string) => void }) {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const [who, setWho] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const ref = useFocusOnMount<HTMLInputElement>();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!who.trim()) return setError(t("validation.whoRequired"));
    if (!password) return setError(t("validation.passwordRequired"));
    setBusy(true);
    setError(null);
    const account: PasswordAccount = looksLikeMobile(who) ? { mobile: who.trim() } : { username: who.trim() };
    try {
      const reply =
        "mobile" in account
          ? await callAction(sessionCalls.loginMobile, { body: { mobile: account.mobile, password, code: school.code } })
          : await callAction(sessionCalls.loginUsername, { body: { username: account.username, password, code: school.code } });
      if (reply.auth) return finishSignIn(reply, navigate);
      if (reply.twoFactorRequired) return onTwoFactor(account, password);
      setError(reply.message);
    } catch (err) {
      setError(err);
    }
    setBusy(false);
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t("signIn.title")}>
      <Stack gap="md">
        <TextInput
          ref={ref}
          label={t("fields.mobileOrUsername")}
          description={t("signIn.whoHint")}
          value={who}
          onChange={(e) => setWho(e.currentTarget.value)}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          name="username"
          required
          classNames={{ input: "ltr-value" }}
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
        <Anchor component={Link} to="/auth/forgot-password" size="sm" ta="center">
          {t("signIn.forgot")}
        </Anchor>
      </Stack>
    </form>
  );
}
