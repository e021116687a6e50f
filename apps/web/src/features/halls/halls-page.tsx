import { IconUsers } from "@tabler/icons-react";
import { type HallRow, hallResource } from "@taleem/contract";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useAreaPath } from "../../ui/area-path";
import { ResourceList } from "../../ui/resource";

/** Dormitories and study halls; a row opens the hall's students. */
export function HallsPage() {
  const { t } = useTranslation("halls");
  const navigate = useNavigate();
  const to = useAreaPath();
  return (
    <ResourceList<HallRow>
      definition={hallResource}
      description={t("hall.description")}
      rowActions={[{ key: "students", label: t("students.open"), icon: <IconUsers size={16} />, onClick: (row) => navigate(to(`halls/${row.id}`)) }]}
    />
  );
}
