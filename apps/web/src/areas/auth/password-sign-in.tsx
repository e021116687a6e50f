import { Anchor, Stack, TextInput } from "@mantine/core";
import { sessionCalls } from "@taleem/contract";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { callAction } from "../../lib/call-action";
import { CurrentPasswordField, StepSubmit, useFocusOnMount, useStepSending } from "./auth-ui";
import { finishSignIn, looksLikeMobile } from "./finish-sign-in";
import type { School } from "./school";

export type PasswordAccount = { mobile: string } | { username: string };

/** Mobile number or username with a password; the server may ask for a second factor. */
export function PasswordSignIn({ school, onTwoFactor }: { school: School; onTwoFactor: (account: PasswordAccount, password: string) => void }) {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const [who, setWho] = useState("");
  const [password, setPassword] = useState("");
  const sending = useStepSending();
  const ref = useFocusOnMount<HTMLInputElement>();

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!who.trim()) return sending.setError(t("validation.whoRequired"));
    if (!password) return sending.setError(t("validation.passwordRequired"));
    const account: PasswordAccount = looksLikeMobile(who) ? { mobile: who.trim() } : { username: who.trim() };
    void sending.send(async () => {
      const reply =
        "mobile" in account
          ? await callAction(sessionCalls.loginMobile, { body: { mobile: account.mobile, password, code: school.code } })
          : await callAction(sessionCalls.loginUsername, { body: { username: account.username, password, code: school.code } });
      if (reply.auth) return finishSignIn(reply, navigate);
      if (reply.twoFactorRequired) return onTwoFactor(account, password);
      return reply.message;
    });
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
        <CurrentPasswordField value={password} onValue={setPassword} />
        <StepSubmit busy={sending.busy} error={sending.error} label={t("signIn.submit")} />
        <Anchor component={Link} to="/auth/forgot-password" size="sm" ta="center">
          {t("signIn.forgot")}
        </Anchor>
      </Stack>
    </form>
  );
}
