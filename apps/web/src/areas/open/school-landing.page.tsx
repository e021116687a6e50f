import { Anchor, Button, Center, Group, Image, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import { IconForms } from "@tabler/icons-react";
import { type ActionReply, sessionCalls } from "@taleem/contract";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { LanguageSwitcher } from "../../app/language-switcher";
import { callAction } from "../../lib/call-action";
import { errorText } from "../../lib/error-text";

type Info = ActionReply<typeof sessionCalls.publicSettings>;

/** /open/:code: a school's public page (name, logo, tagline) with the way in. */
export function SchoolLandingPage() {
  const { t } = useTranslation(["auth", "forms"]);
  const { code = "" } = useParams();
  const [info, setInfo] = useState<Info | null>(null);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    let live = true;
    setInfo(null);
    setError(null);
    callAction(sessionCalls.publicSettings, { params: { code } })
      .then((r) => live && setInfo(r))
      .catch((e) => live && setError(e));
    return () => {
      live = false;
    };
  }, [code]);

  useEffect(() => {
    if (info) document.title = `${info.name} · Taleem`;
  }, [info]);

  const tagline = typeof info?.config?.tagline === "string" ? info.config.tagline : null;
  // The public setting the admission form itself obeys: the link shows exactly while it would accept an application.
  const admissionsOpen = info?.config?.admissionsOpen === true;
  const website = typeof info?.config?.website === "string" && /^https?:\/\//.test(info.config.website) ? info.config.website : null;

  return (
    <Stack mih="100dvh" bg="gray.0" gap={0}>
      <Group justify="flex-end" px="sm" py="xs">
        <LanguageSwitcher />
      </Group>
      <Center px="sm" style={{ flex: 1 }}>
        <Paper component="main" withBorder shadow="sm" radius="lg" p="xl" w="100%" maw={440}>
          {!info && !error && (
            <Center py="xl" role="status">
              <Loader size="sm" aria-label={t("open.loading")} />
            </Center>
          )}
          {error != null && (
            <Stack align="center" ta="center" gap="sm" role="alert">
              <Title order={1} size="h3">
                {t("open.notFound")}
              </Title>
              <Text c="dimmed">{errorText(error)}</Text>
            </Stack>
          )}
          {info && (
            <Stack align="center" ta="center" gap="md">
              {info.logo && <Image src={info.logo} alt="" w={88} h={88} fit="contain" />}
              <Title order={1} size="h2">
                {info.name}
              </Title>
              {tagline && <Text c="dimmed">{tagline}</Text>}
              {admissionsOpen && (
                <Stack gap={6} w="100%">
                  <Text size="sm" fw={600} c="teal.9">
                    {t("forms:landing.open")}
                  </Text>
                  <Button component={Link} to={`/open/admission/${encodeURIComponent(info.code)}`} size="md" fullWidth leftSection={<IconForms size={18} />}>
                    {t("forms:landing.apply")}
                  </Button>
                </Stack>
              )}
              <Button component={Link} to={`/auth/sign-in?code=${encodeURIComponent(info.code)}`} variant={admissionsOpen ? "default" : "filled"} fullWidth>
                {t("open.signIn")}
              </Button>
              <Group justify="center" gap="lg">
                <Anchor component={Link} to="/download" size="sm">
                  {t("open.getApp")}
                </Anchor>
                {website && (
                  <Anchor href={website} target="_blank" rel="noopener noreferrer" size="sm">
                    {t("open.website")}
                  </Anchor>
                )}
              </Group>
            </Stack>
          )}
        </Paper>
      </Center>
    </Stack>
  );
}
