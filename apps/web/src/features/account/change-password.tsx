import { Alert, Button, Card, Group, PasswordInput, Stack, Text, Title } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { changeOwnPassword, Password } from "@taleem/contract";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAuth } from "../../lib/auth-store";
import { notify } from "../../lib/notify";
import { useAction } from "../../lib/use-action";
import { useErrorText, useFieldErrors } from "../../ui/api-error";

type Errors = Partial<Record<"currentPassword" | "newPassword" | "confirm", string>>;

/**
 * Changes one's own password (PUT /user/api/user/reset-password). An account that has none yet
 * (it signs in by one-time code) only chooses a new one; other devices are signed out.
 */
export function ChangePassword() {
  const { t } = useTranslation(["account", "admin"]);
  const user = useAuth((s) => s.user);
  const setSession = useAuth((s) => s.setSession);
  const errorText = useErrorText();
  const fieldErrors = useFieldErrors();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const first = !!user?.mustSetPassword;

  const change = useAction(changeOwnPassword);

  function submit(e: FormEvent) {
    e.preventDefault();
    const found: Errors = {};
    if (!first && !current) found.currentPassword = t("admin:validation.required");
    if (!Password.safeParse(next).success) found.newPassword = t("admin:validation.minLength", { min: 8 });
    if (next !== confirm) found.confirm = t("account:password.mismatch");
    setErrors(found);
    if (Object.keys(found).length) return;
    change.mutate(
      { body: first ? { newPassword: next } : { currentPassword: current, newPassword: next } },
      {
        onSuccess: (reply) => {
          notify.success(t("account:password.done"));
          setSession(reply.data);
          setCurrent("");
          setNext("");
          setConfirm("");
        },
        onError: (e) => {
          const f = fieldErrors(e);
          setErrors({ currentPassword: f.currentPassword, newPassword: f.newPassword ?? (!f.currentPassword ? errorText(e) : undefined) });
          notify.error(`${t("account:password.failed")} ${errorText(e)}`);
        },
      },
    );
  }

  return (
    <Card withBorder radius="md" padding="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={3} size="h4">
            {first ? t("account:password.setTitle") : t("account:password.title")}
          </Title>
          {first ? (
            <Alert variant="light" icon={<IconInfoCircle size={18} />}>
              {t("account:password.noneYet")}
            </Alert>
          ) : (
            <Text size="sm" c="dimmed">
              {t("account:password.text")}
            </Text>
          )}
          {!first && (
            <PasswordInput
              label={t("account:password.current")}
              autoComplete="current-password"
              value={current}
              onChange={(e) => setCurrent(e.currentTarget.value)}
              error={errors.currentPassword}
              name="currentPassword"
            />
          )}
          <PasswordInput
            label={t("account:password.new")}
            description={t("account:password.rule")}
            autoComplete="new-password"
            value={next}
            onChange={(e) => setNext(e.currentTarget.value)}
            error={errors.newPassword}
            name="newPassword"
          />
          <PasswordInput
            label={t("account:password.confirm")}
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.currentTarget.value)}
            error={errors.confirm}
            name="confirmPassword"
          />
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending}>
              {first ? t("account:password.setSubmit") : t("account:password.submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
