import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Center mih="70vh" p="md">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <Title order={1} size="h2">
          {t("notFound.title")}
        </Title>
        <Text c="dimmed">{t("notFound.body")}</Text>
        <Button component={Link} to="/" variant="outline">
          {t("notFound.home")}
        </Button>
      </Stack>
    </Center>
  );
}
