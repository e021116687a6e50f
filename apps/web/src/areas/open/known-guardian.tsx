import { Button, Group, Stack, Text } from "@mantine/core";
import { IconUserCheck } from "@tabler/icons-react";
import { sessionCalls } from "@taleem/contract";
import { type KeyboardEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { callAction } from "../../lib/call-action";
import { errorText } from "../../lib/error-text";
import { CodeField } from "../auth/auth-ui";

export type KnownGuardian = { name: string; email: string | null };

type Stage = "ask" | "sent" | "found";

/**
 * Under the guardian's mobile number: a parent the school already knows gets their details filled
 * in once the number proves itself with a code sent to it by SMS. The server answers every number
 * alike, so the form says what happens if the number is a parent's, never whether it is; a
 * parent who gets no code simply fills in the form. Rendered per number (keyed by it), so a
 * changed number starts again.
 */
export function KnownGuardianCheck(props: { code: string; mobile: string; disabled: boolean; onFound: (guardian: KnownGuardian) => void }) {
  const { code, mobile, disabled, onFound } = props;
  const { t } = useTranslation("forms");
  const [stage, setStage] = useState<Stage>("ask");
  const [otp, setOtp] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function call(body: { otp?: string }) {
    setBusy(true);
    setError(null);
    try {
      const reply = await callAction(sessionCalls.checkParent, { params: { code, mobile }, body });
      if (reply.exists && reply.guardian) {
        onFound(reply.guardian);
        setStage("found");
      } else setStage("sent");
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  const verify = () => {
    if (otp.length === 6 && !busy) void call({ otp });
  };
  // Enter in the code checks the code; it must not send the application around it.
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== "Enter") return;
    e.preventDefault();
    verify();
  };

  const problem = error && (
    <Text size="sm" c="red.8" role="alert">
      {error}
    </Text>
  );

  if (stage === "found") {
    return (
      <Group gap={6} mt={6} c="teal.9" wrap="nowrap" role="status" data-testid="parent-found">
        <IconUserCheck size={16} aria-hidden />
        <Text size="sm">{t("apply.known.found")}</Text>
      </Group>
    );
  }
  if (stage === "ask") {
    return (
      <Stack gap={2} mt={6} align="flex-start">
        <Text size="sm" c="dimmed">
          {t("apply.known.question")}
        </Text>
        <Button variant="light" size="compact-sm" onClick={() => void call({})} loading={busy} disabled={disabled}>
          {t("apply.known.fill")}
        </Button>
        {problem}
      </Stack>
    );
  }
  return (
    <Stack gap="xs" mt={6} data-testid="parent-code">
      <Text size="sm" role="status">
        {t("apply.known.sent")}
      </Text>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <CodeField
          label={t("apply.known.code")}
          name="guardian-otp"
          value={otp}
          onValue={setOtp}
          onKeyDown={onKeyDown}
          required={false}
          error={!!error}
          disabled={disabled}
          style={{ flex: 1, maxWidth: 200 }}
        />
        <Button onClick={verify} loading={busy} disabled={disabled || otp.length !== 6}>
          {t("apply.known.verify")}
        </Button>
      </Group>
      {problem}
      <Button variant="subtle" size="compact-xs" onClick={() => void call({})} disabled={disabled || busy} style={{ alignSelf: "flex-start" }}>
        {t("apply.known.again")}
      </Button>
    </Stack>
  );
}
