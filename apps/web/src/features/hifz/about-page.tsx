import { Anchor, Container, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { LanguageSwitcher } from "../../app/language-switcher";

/** What the app draws the Quran with, whose it is and under which licence (THIRD-PARTY.md says the same). */
const CREDITS = [
  {
    key: "text",
    name: "quran-json 3.1.2 (Risan Bagja Pradana), from The Noble Qur'an Encyclopedia",
    url: "https://github.com/risan/quran-json",
    licence: "CC BY-SA 4.0",
    licenceUrl: "https://creativecommons.org/licenses/by-sa/4.0/",
  },
  {
    key: "structure",
    name: "quran-meta 6.0.17 (Quran-Center)",
    url: "https://github.com/quran-center/quran-meta",
    licence: "MIT",
    licenceUrl: "https://opensource.org/license/mit",
  },
  {
    key: "font",
    name: "Amiri Quran (Khaled Hosny)",
    url: "https://github.com/aliftype/amiri",
    licence: "SIL Open Font License 1.1",
    licenceUrl: "https://openfontlicense.org",
  },
] as const;

/** /open/about: the app's sources for the Quran's text, structure and font, open to everyone. */
export function AboutPage() {
  const { t } = useTranslation("quran");
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={1} size="h2">
            {t("about.title")}
          </Title>
          <LanguageSwitcher />
        </Group>
        <Text>{t("about.intro")}</Text>
        {CREDITS.map((c) => (
          <Paper key={c.key} withBorder p="md" radius="md" data-testid={`credit-${c.key}`}>
            <Title order={2} size="h4">
              {t(`about.${c.key}`)}
            </Title>
            <Text dir="ltr" ta="start">
              <Anchor href={c.url} target="_blank" rel="noreferrer">
                {c.name}
              </Anchor>
            </Text>
            <Text size="sm" c="dimmed">
              {t("about.licence")}:{" "}
              <Anchor href={c.licenceUrl} target="_blank" rel="noreferrer" dir="ltr">
                {c.licence}
              </Anchor>
            </Text>
          </Paper>
        ))}
        <Text size="sm" c="dimmed">
          {t("about.unaltered")}
        </Text>
      </Stack>
    </Container>
  );
}
