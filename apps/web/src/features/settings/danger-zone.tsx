import { Alert, Badge, Button, Card, Code, Group, List, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck, IconLock, IconShieldCheck, IconTrash } from "@tabler/icons-react";
import { wipeData } from "@taleem/contract";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../lib/api";
import { useAuth } from "../../lib/auth-store";
import { refreshAfter } from "../../lib/use-action";
import { useErrorText } from "../../ui/api-error";
import { useAdminVerification, useDataWipe } from "./danger-states";

/**
 * Wiping the school's data, behind two locks: the admin's password is verified first, then the
 * school's code is typed to confirm. Everything except settings, admins, roles, the activity log
 * and the number series is removed.
 */
export function DangerZone() {
  const { t } = useTranslation(["settings", "admin"]);
  const code = useAuth((s) => s.user?.tenant.code ?? "");
  const errorText = useErrorText();
  const qc = useQueryClient();
  const verification = useAdminVerification();
  const wiping = useDataWipe();
  const [password, setPassword] = useState("");
  const [typed, setTyped] = useState("");

  // A known sentence of the specification in the reader's language; a server error by its code.
  const say = (error: string | null, cause: unknown, fallbackKey: string) => {
    if (isApiError(cause) && cause.code !== "verify.failed") return errorText(cause);
    if (error === "Verification failed") return t("settings:danger.verifyFailed");
    if (error === "Data wipe failed") return t("settings:danger.wipeFailed");
    return error ?? t(fallbackKey);
  };

  function startOver() {
    verification.reset();
    wiping.reset();
    setPassword("");
    setTyped("");
  }
  function verify(e: FormEvent) {
    e.preventDefault();
    if (password) void verification.verify(password);
  }
  async function wipe(e: FormEvent) {
    e.preventDefault();
    if (typed.trim() !== code) return;
    await wiping.wipe(password);
    void refreshAfter(qc, wipeData);
  }

  return (
    <Card withBorder radius="md" padding="lg" style={{ borderColor: "var(--mantine-color-red-filled)" }}>
      <Stack gap="md">
        <Group gap="xs">
          <IconAlertTriangle size={22} color="var(--mantine-color-red-filled)" aria-hidden />
          <Title order={3} size="h4" c="red">
            {t("settings:danger.title")}
          </Title>
        </Group>
        <Text size="sm">{t("settings:danger.text")}</Text>
        <List size="sm" spacing={2}>
          <List.Item>{t("settings:danger.removed")}</List.Item>
          <List.Item>{t("settings:danger.kept")}</List.Item>
        </List>

        {wiping.done ? (
          <Alert color="teal.9" variant="outline" icon={<IconCircleCheck size={18} />} title={t("settings:danger.wipedTitle")} role="status">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t("settings:danger.wiped")}</Text>
              <Button size="xs" variant="white" onClick={startOver}>
                {t("admin:actions.close")}
              </Button>
            </Stack>
          </Alert>
        ) : !verification.verified ? (
          <form onSubmit={verify} noValidate>
            <Stack gap="sm">
              <Group gap="xs">
                <IconLock size={16} aria-hidden />
                <Text size="sm" fw={600}>
                  {t("settings:danger.stepVerify")}
                </Text>
              </Group>
              <PasswordInput
                label={t("settings:danger.password")}
                autoComplete="current-password"
                value={password}
                onChange={(e) => {
                  setPassword(e.currentTarget.value);
                  if (verification.phase === "failed") verification.reset();
                }}
                maw={360}
                name="adminPassword"
              />
              {verification.phase === "loading" && (
                <Text size="sm" c="dimmed" role="status">
                  {t("settings:danger.verifying")}
                </Text>
              )}
              {verification.phase === "failed" && (
                <Alert color="red" variant="light" role="alert" maw={520}>
                  {say(verification.error, verification.cause, "settings:danger.verifyFailed")}
                </Alert>
              )}
              <Group>
                <Button
                  type="submit"
                  color="red.9"
                  variant="outline"
                  leftSection={<IconShieldCheck size={16} />}
                  loading={verification.phase === "loading"}
                  disabled={!password}
                >
                  {t("settings:danger.verify")}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <form onSubmit={wipe} noValidate>
            <Stack gap="sm">
              <Group gap="xs">
                <Badge color="teal.9" leftSection={<IconShieldCheck size={12} />}>
                  {t("settings:danger.verified")}
                </Badge>
                <Button size="xs" variant="subtle" onClick={startOver}>
                  {t("settings:danger.reset")}
                </Button>
              </Group>
              <TextInput
                label={t("settings:danger.typeCode")}
                description={
                  <>
                    {t("settings:danger.typeCodeHint")} <Code>{code}</Code>
                  </>
                }
                value={typed}
                onChange={(e) => setTyped(e.currentTarget.value)}
                autoComplete="off"
                dir="ltr"
                maw={360}
                name="confirmCode"
              />
              {wiping.phase === "loading" && (
                <Text size="sm" c="dimmed" role="status">
                  {t("settings:danger.wiping")}
                </Text>
              )}
              {wiping.phase === "failed" && (
                <Alert color="red" variant="light" role="alert" maw={520}>
                  <Stack gap="xs" align="flex-start">
                    <Text size="sm">{say(wiping.error, wiping.cause, "settings:danger.wipeFailed")}</Text>
                    <Button size="xs" variant="white" color="red" onClick={wiping.reset}>
                      {t("admin:actions.retry")}
                    </Button>
                  </Stack>
                </Alert>
              )}
              <Group>
                <Button
                  type="submit"
                  color="red"
                  leftSection={<IconTrash size={16} />}
                  loading={wiping.phase === "loading"}
                  disabled={typed.trim() !== code || wiping.phase === "failed"}
                >
                  {t("settings:danger.wipe")}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Card>
  );
}
