import { Anchor, Text } from "@mantine/core";
import { IconBooks } from "@tabler/icons-react";
import type { HomeData } from "@taleem/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { forChild, ListCard, ListCardRow } from "./home-card";

/** The newest study materials of the child's classes, each opening the material itself. */
export function MaterialsCard({ home }: { home: HomeData }) {
  const { t } = useTranslation("parent");
  const materials = home.today.materials;
  if (!materials.length) return null;
  return (
    <ListCard
      icon={IconBooks}
      color="cyan"
      title={t("homeCards.materials.title")}
      testId="home-materials"
      aside={
        <Anchor component={Link} to={forChild("/parent/materials", home.student.id)} size="sm">
          {t("homeCards.materials.all")}
        </Anchor>
      }
    >
      {materials.map((m) => (
        <ListCardRow key={m.id} to={`/parent/materials/${m.id}`} testId="home-material">
          <Text size="sm" fw={600} dir="auto" lineClamp={1}>
            {m.title}
          </Text>
        </ListCardRow>
      ))}
    </ListCard>
  );
}
