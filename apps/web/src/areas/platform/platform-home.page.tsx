import { Button, Container, Group, Image, Paper, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { LanguageSwitcher } from "../../app/language-switcher";
import { useAuth } from "../../lib/auth-store";
import { useDocumentTitle } from "../auth/auth-ui";

/** /platform/home: who is signed in, and the way out. The platform's own screens come later. */
export function PlatformHomePage() {
  const { t } = useTranslation("auth");
  const admin = useAuth((s) => s.platformAdmin);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  useDocumentTitle(t("platform.homeTitle"));

  async function signOut() {
    setBusy(true);
    await useAuth.getState().signOut();
    navigate("/platform/sign-in", { replace: true });
  }

  return (
    <Stack mih="100dvh" bg="gray.0" gap={0}>
      <Group component="header" justify="space-between" px="md" py="xs" bg="white" style={{ borderBottom: "1px solid var(--mantine-color-gray-3)" }}>
        <Group gap="xs">
          <Image src="/logo.svg" alt="" w={32} h={32} />
          <Text fw={700}>{t("platform.homeTitle")}</Text>
        </Group>
        <LanguageSwitcher />
      </Group>
      <Container component="main" size="sm" w="100%" py="xl">
        <Paper withBorder radius="lg" p="xl">
          <Stack gap="sm">
            <Title order={1} size="h3">
              {t("platform.welcome", { name: admin?.name ?? "" })}
            </Title>
            <Text c="dimmed" data-testid="platform-admin" className="ltr-value" style={{ unicodeBidi: "isolate" }}>
              {admin?.email}
            </Text>
            <Text>{t("platform.soon")}</Text>
            <Group>
              <Button variant="default" onClick={signOut} loading={busy}>
                {t("signOut")}
              </Button>
            </Group>
          </Stack>
        </Paper>
      </Container>
    </Stack>
  );
}
