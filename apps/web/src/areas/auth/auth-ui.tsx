import { Alert, Anchor, Button, Group, Image, PasswordInput, Stack, Text, TextInput, type TextInputProps, Title } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { type RefObject, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../lib/error-text";
import type { School } from "./school";

/** A failed step, read aloud by screen readers as it appears. */
export function FormError({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert" data-testid="form-error">
      {typeof error === "string" ? error : errorText(error)}
    </Alert>
  );
}

/**
 * A step's sending: busy while its call runs, and what went wrong, a refused call or the step's
 * own words (`setError` for a check before sending). `work` returns a message to show when the
 * call answered but did not let the person through.
 */
export function useStepSending() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  async function send(work: () => Promise<unknown>) {
    setBusy(true);
    setError(null);
    try {
      const refusal = await work();
      if (typeof refusal === "string") setError(refusal);
    } catch (err) {
      setError(err);
    }
    setBusy(false);
  }
  return { busy, error, setError, send };
}

/** What went wrong, above the step's full-width submit button. */
export function StepSubmit({ busy, error, label }: { busy: boolean; error: unknown; label: string }) {
  return (
    <>
      <FormError error={error} />
      <Button type="submit" loading={busy} fullWidth>
        {label}
      </Button>
    </>
  );
}

/** The password of an account that has one, as a password manager fills it. */
export function CurrentPasswordField({ value, onValue }: { value: string; onValue: (v: string) => void }) {
  const { t } = useTranslation("auth");
  return (
    <PasswordInput
      label={t("fields.password")}
      value={value}
      onChange={(e) => onValue(e.currentTarget.value)}
      autoComplete="current-password"
      name="password"
      required
      visibilityToggleButtonProps={{ "aria-label": t("signIn.showPassword") }}
    />
  );
}

/** A step's heading and the line under it. */
export function StepTitle({ title, hint }: { title: string; hint?: string }) {
  return (
    <Stack gap={4}>
      <Title order={1} size="h3">
        {title}
      </Title>
      {hint && (
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      )}
    </Stack>
  );
}

/** The chosen school, so nobody signs in to the wrong one by mistake. */
export function SchoolBadge({ school, action }: { school: School; action?: React.ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" justify="space-between" align="flex-start" data-testid="school-badge">
      <Group gap="sm" wrap="nowrap" miw={0}>
        {school.logo && <Image src={school.logo} alt="" w={40} h={40} radius="sm" fit="contain" />}
        <Stack gap={0} miw={0}>
          <Text fw={600} style={{ overflowWrap: "anywhere" }}>
            {school.name ?? school.code}
          </Text>
          <Text size="xs" c="dimmed" className="ltr-value">
            {school.code}
          </Text>
        </Stack>
      </Group>
      {action && <div style={{ flexShrink: 0, maxWidth: "45%" }}>{action}</div>}
    </Group>
  );
}

/** Focuses a step's first field when the step appears (keyboard users start typing at once). */
export function useFocusOnMount<T extends HTMLElement>(): RefObject<T | null> {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}

/** Six digits from an SMS: numeric keypad, filled in by phones that read the message. */
export function CodeField(props: Omit<TextInputProps, "onChange"> & { onValue: (v: string) => void; inputRef?: RefObject<HTMLInputElement | null> }) {
  const { t } = useTranslation("auth");
  const { onValue, inputRef, ...rest } = props;
  return (
    <TextInput
      ref={inputRef}
      label={t("fields.code")}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      placeholder="••••••"
      required
      onChange={(e) => onValue(e.currentTarget.value.replace(/\D/g, "").slice(0, 6))}
      {...rest}
    />
  );
}

/** A mobile number: the phone keypad, filled in from the browser's saved number. */
export function MobileField(props: Omit<TextInputProps, "onChange"> & { onValue: (v: string) => void; inputRef?: RefObject<HTMLInputElement | null> }) {
  const { t } = useTranslation("auth");
  const { onValue, inputRef, ...rest } = props;
  return (
    <TextInput
      ref={inputRef}
      type="tel"
      label={t("fields.mobile")}
      autoComplete="tel"
      inputMode="tel"
      name="mobile"
      required
      onChange={(e) => onValue(e.currentTarget.value)}
      {...rest}
    />
  );
}

export function useDocumentTitle(title: string) {
  useEffect(() => {
    const before = document.title;
    document.title = `${title} · Taleem`;
    return () => {
      document.title = before;
    };
  }, [title]);
}

/** The end of a code step: submit, go back, and send the code again. */
export function CodeStepActions(props: {
  submitLabel: string;
  backLabel: string;
  busy: boolean;
  resending: boolean;
  onBack: () => void;
  onResend: () => void;
}) {
  const { t } = useTranslation("auth");
  return (
    <>
      <Button type="submit" loading={props.busy} fullWidth>
        {props.submitLabel}
      </Button>
      <Group justify="space-between">
        <Anchor component="button" type="button" size="sm" onClick={props.onBack}>
          {props.backLabel}
        </Anchor>
        <Anchor component="button" type="button" size="sm" onClick={props.onResend} disabled={props.resending}>
          {t("otp.resend")}
        </Anchor>
      </Group>
    </>
  );
}
