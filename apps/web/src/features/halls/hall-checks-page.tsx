import { IconUserCheck } from "@tabler/icons-react";
import { type HallCheckRow, hallCheckResource } from "@taleem/contract";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useAreaPath } from "../../ui/area-path";
import { ResourceList } from "../../ui/resource";

/**
 * The office's roll calls, newest first, each with its absentees by name; "with absentees" keeps
 * only the checks that found someone missing. A row opens its register to change it.
 */
export function HallChecksPage() {
  const { t } = useTranslation("halls");
  const navigate = useNavigate();
  const to = useAreaPath();
  return (
    <ResourceList<HallCheckRow>
      definition={hallCheckResource}
      description={t("check.description")}
      filterOptions={{ withAbsentees: [{ value: "true", label: t("check.withAbsentees") }] }}
      rowLabel={(row) => `${row.hallName} ${row.date}`}
      rowActions={[
        {
          key: "register",
          label: t("register.open"),
          icon: <IconUserCheck size={16} />,
          onClick: (row) => navigate(to(`hall-check?hallId=${row.hallId}&date=${row.date}&slot=${row.slot}`)),
        },
      ]}
    />
  );
}
