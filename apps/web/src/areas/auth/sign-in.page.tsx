import { Anchor, Button, Divider, Stack } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SchoolBadge, StepTitle, useDocumentTitle } from "./auth-ui";
import { OtpSignIn } from "./otp-sign-in";
import { type PasswordAccount, PasswordSignIn } from "./password-sign-in";
import { useSchool } from "./school";
import { SchoolStep } from "./school-step";
import { TwoFactorStep } from "./two-factor-step";

type Step = { kind: "password" } | { kind: "otp" } | { kind: "two-factor"; account: PasswordAccount; password: string };

/** /auth/sign-in: the school, then a password or a one-time code, then the second factor if asked. */
export function SignInPage() {
  const { t } = useTranslation("auth");
  const { school, choose, forget } = useSchool();
  const [step, setStep] = useState<Step>({ kind: "password" });
  useDocumentTitle(t("signIn.title"));

  if (!school) return <SchoolStep onFound={choose} />;

  const change = (
    <Anchor
      component="button"
      type="button"
      size="sm"
      onClick={() => {
        setStep({ kind: "password" });
        forget();
      }}
    >
      {t("school.change")}
    </Anchor>
  );

  return (
    <Stack gap="lg">
      <SchoolBadge school={school} action={change} />
      {step.kind === "two-factor" ? (
        <TwoFactorStep school={school} account={step.account} password={step.password} onBack={() => setStep({ kind: "password" })} />
      ) : step.kind === "otp" ? (
        <OtpSignIn school={school} onBack={() => setStep({ kind: "password" })} />
      ) : (
        <Stack gap="md">
          <StepTitle title={t("signIn.title")} />
          <PasswordSignIn school={school} onTwoFactor={(account, password) => setStep({ kind: "two-factor", account, password })} />
          <Divider label={t("signIn.or")} labelPosition="center" />
          <Button variant="outline" fullWidth onClick={() => setStep({ kind: "otp" })}>
            {t("signIn.withCode")}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
