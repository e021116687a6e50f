import { Box, Center, Group, Image, Paper, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { LanguageSwitcher } from "../../app/language-switcher";

/** The frame of every sign-in page: the language choice, the brand, one card. */
export function AuthLayout() {
  const { t } = useTranslation("auth");
  return (
    <Box mih="100dvh" bg="gray.0" pb="xl">
      <Group component="header" justify="flex-end" px="sm" py="xs">
        <LanguageSwitcher />
      </Group>
      <Center px="sm">
        <Box w="100%" maw={420}>
          <Box component="main">
            <Group gap="sm" justify="center" mb="md">
              <Image src="/logo.svg" alt="" w={44} h={44} />
              <Text component="span" fw={700} fz="xl" c="teal.9">
                {t("brand")}
              </Text>
            </Group>
            <Paper withBorder shadow="sm" radius="lg" p={{ base: "md", xs: "xl" }}>
              <Outlet />
            </Paper>
          </Box>
          <Text component="footer" size="xs" c="dimmed" ta="center" mt="md">
            {t("tagline")}
          </Text>
        </Box>
      </Center>
    </Box>
  );
}
