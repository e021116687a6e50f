import { Title } from "@mantine/core";
import { IconChalkboard } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { EmptyList } from "../../ui/list-states";

/** A teacher's or Muawin's classes. Classes come with the classrooms module; until the school assigns some, this says so. */
export function MyClassesPage() {
  const { t } = useTranslation("parent");
  return (
    <>
      <Title order={2} mb="md">
        {t("classes.title")}
      </Title>
      <EmptyList icon={<IconChalkboard size={32} stroke={1.5} />} title={t("classes.emptyTitle")} description={t("classes.emptyText")} />
    </>
  );
}
