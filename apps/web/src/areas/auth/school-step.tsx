import { Stack, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { StepSubmit, StepTitle, useFocusOnMount, useStepSending } from "./auth-ui";
import { findSchool, type School } from "./school";

/** First visit: which school? The code is remembered on this device afterwards. */
export function SchoolStep({ onFound }: { onFound: (s: School) => void }) {
  const { t } = useTranslation("auth");
  const [code, setCode] = useState("");
  const sending = useStepSending();
  const ref = useFocusOnMount<HTMLInputElement>();

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!code.trim()) return sending.setError(t("validation.codeRequired"));
    void sending.send(async () => onFound(await findSchool(code)));
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
        <StepSubmit busy={sending.busy} error={sending.error} label={t("school.continue")} />
      </Stack>
    </form>
  );
}
