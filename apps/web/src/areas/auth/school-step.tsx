import { Button, Stack, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormError, StepTitle, useFocusOnMount } from "./auth-ui";
import { findSchool, type School } from "./school";

/** First visit: which school? The code is remembered on this device afterwards. */
export function SchoolStep({ onFound }: { onFound: (s: School) => void }) {
  const { t } = useTranslation("auth");
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const ref = useFocusOnMount<HTMLInputElement>();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!code.trim()) return setError(t("validation.codeRequired"));
    setBusy(true);
    setError(null);
    try {
      onFound(await findSchool(code));
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <StepTitle title={t("school.title")} hint={t("school.hint")} />
        <TextInput
          ref={ref}
          label={t("fields.schoolCode")}
          placeholder={t("school.placeholder")}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          autoCapitalize="characters"
          autoComplete="organization"
          spellCheck={false}
          required
          name="code"
        />
        <FormError error={error} />
        <Button type="submit" loading={busy} fullWidth>
          {t("school.continue")}
        </Button>
      </Stack>
    </form>
  );
}
