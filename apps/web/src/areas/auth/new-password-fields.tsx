import { PasswordInput, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { PASSWORD_MIN } from "./finish-sign-in";

/** New password twice; `check` returns the message to show, or null when both are fine. */
export function NewPasswordFields({
  password,
  confirm,
  onPassword,
  onConfirm,
  inputRef,
}: {
  password: string;
  confirm: string;
  onPassword: (v: string) => void;
  onConfirm: (v: string) => void;
  inputRef?: React.Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation("auth");
  return (
    <Stack gap="md">
      <PasswordInput
        ref={inputRef}
        label={t("fields.newPassword")}
        description={t("password.rule", { min: PASSWORD_MIN })}
        value={password}
        onChange={(e) => onPassword(e.currentTarget.value)}
        autoComplete="new-password"
        name="new-password"
        required
        visibilityToggleButtonProps={{ "aria-label": t("signIn.showPassword") }}
      />
      <PasswordInput
        label={t("fields.confirmPassword")}
        value={confirm}
        onChange={(e) => onConfirm(e.currentTarget.value)}
        autoComplete="new-password"
        name="confirm-password"
        required
        visibilityToggleButtonProps={{ "aria-label": t("signIn.showPassword") }}
      />
    </Stack>
  );
}

/** The first problem with a new password, as a translation key of the auth namespace. */
export function newPasswordProblem(password: string, confirm: string): string | null {
  if (password.length < PASSWORD_MIN) return "validation.passwordShort";
  if (password !== confirm) return "validation.passwordsDiffer";
  return null;
}
