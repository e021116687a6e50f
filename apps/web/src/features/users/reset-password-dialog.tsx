import { Alert, Button, Group, Modal, PasswordInput, Stack, Text } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { Password, resetUserPassword, type UserRow } from "@taleem/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { notify } from "../../lib/notify";
import { useAction } from "../../lib/use-action";
import { useErrorText, useFieldErrors } from "../../ui/api-error";

/**
 * Resets a person's password (POST /admin/api/user/resetpassword): a new one typed here, or none,
 * which clears it so they sign in with a one-time code and choose their own. Either way every
 * session of theirs ends.
 */
export function ResetPasswordDialog({ user, onClose }: { user: UserRow | null; onClose: () => void }) {
  const { t } = useTranslation(["users", "admin"]);
  const errorText = useErrorText();
  const fieldErrors = useFieldErrors();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const reset = useAction(resetUserPassword);
  function close() {
    setPassword("");
    setError(null);
    onClose();
  }
  function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!user) return;
    if (password && !Password.safeParse(password).success) return setError(t("admin:validation.minLength", { min: 8 }));
    reset.mutate(
      { body: { userId: user.id, ...(password ? { password } : {}) } },
      {
        onSuccess: () => {
          notify.success(t("users:reset.done", { name: user.name }));
          close();
        },
        onError: (e) => {
          setError(fieldErrors(e).password ?? errorText(e));
          notify.error(`${t("users:reset.failed")} ${errorText(e)}`);
        },
      },
    );
  }
  return (
    <Modal
      closeButtonProps={{ "aria-label": t("admin:actions.close") }}
      opened={!!user}
      onClose={close}
      title={t("users:reset.title", { name: user?.name ?? "" })}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t("users:reset.text")}</Text>
          <PasswordInput
            label={t("users:reset.password")}
            description={t("users:reset.passwordHint")}
            autoComplete="new-password"
            value={password}
            onChange={(e) => {
              setPassword(e.currentTarget.value);
              setError(null);
            }}
            error={error}
          />
          <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />}>
            {password ? t("users:reset.withPassword") : t("users:reset.withoutPassword")}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={reset.isPending}>
              {t("admin:actions.cancel")}
            </Button>
            <Button type="submit" color="orange" loading={reset.isPending}>
              {t("users:reset.submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
