import { Anchor, Card, Group, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconBooks, IconChevronRight } from "@tabler/icons-react";
import type { HomeData } from "@taleem/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import mirror from "../../ui/mirror.module.css";
import { forChild } from "./home-card";

/** The newest study materials of the child's classes, each opening the material itself. */
export function MaterialsCard({ home }: { home: HomeData }) {
  const { t } = useTranslation("parent");
  const materials = home.today.materials;
  if (!materials.length) return null;
  return (
    <Card withBorder radius="md" padding="sm" data-testid="home-materials">
      <Group gap="sm" wrap="nowrap" mb={6}>
        <ThemeIcon variant="light" color="cyan" radius="xl" size={36} aria-hidden>
          <IconBooks size={20} />
        </ThemeIcon>
        <Text size="xs" c="dimmed" fw={600} style={{ flex: 1 }}>
          {t("homeCards.materials.title")}
        </Text>
        <Anchor component={Link} to={forChild("/parent/materials", home.student.id)} size="sm">
          {t("homeCards.materials.all")}
        </Anchor>
      </Group>
      <Stack gap={2}>
        {materials.map((m) => (
          <Anchor
            key={m.id}
            component={Link}
            to={`/parent/materials/${m.id}`}
            underline="never"
            c="inherit"
            py={6}
            data-testid="home-material"
            style={{ borderBlockStart: "1px solid var(--mantine-color-default-border)" }}
          >
            <Group wrap="nowrap" gap="xs">
              <Text size="sm" fw={600} dir="auto" lineClamp={1} style={{ flex: 1, minWidth: 0 }}>
                {m.title}
              </Text>
              <IconChevronRight size={16} className={mirror.mirror} aria-hidden style={{ flex: "none", opacity: 0.6 }} />
            </Group>
          </Anchor>
        ))}
      </Stack>
    </Card>
  );
}
