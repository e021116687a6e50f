import { Alert, Button, Center, Loader, Stack } from "@mantine/core";
import { sessionCalls } from "@taleem/contract";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { callAction } from "../../lib/call-action";
import { FormError, StepTitle, useDocumentTitle } from "./auth-ui";

/** /auth/verify-email/:token, from the e-mailed link. */
export function VerifyEmailPage() {
  const { t } = useTranslation("auth");
  const { token = "" } = useParams();
  const [result, setResult] = useState<{ ok: true } | { ok: false; error: unknown } | null>(null);
  useDocumentTitle(t("verify.title"));

  useEffect(() => {
    let live = true;
    callAction(sessionCalls.verifyEmail, { body: { token } })
      .then(() => live && setResult({ ok: true }))
      .catch((error) => live && setResult({ ok: false, error }));
    return () => {
      live = false;
    };
  }, [token]);

  return (
    <Stack gap="md">
      <StepTitle title={t("verify.title")} />
      {result === null ? (
        <Center py="md" role="status">
          <Loader size="sm" aria-label={t("verify.checking")} />
        </Center>
      ) : result.ok ? (
        <Alert color="teal" variant="light" role="status" data-testid="verify-done">
          {t("verify.done")}
        </Alert>
      ) : (
        <FormError error={result.error} />
      )}
      <Button component={Link} to="/auth/sign-in" variant={result?.ok ? "filled" : "outline"} fullWidth>
        {t("forgot.signInNow")}
      </Button>
    </Stack>
  );
}
