import { IconListCheck } from "@tabler/icons-react";
import { type GeneralAttendanceRow, generalAttendanceResource, generalAttendanceTypeResource } from "@taleem/contract";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useAreaPath } from "../../../ui/area-path";
import { ResourceList } from "../../../ui/resource";

/** The school's own registers (events, hostel rolls, trips); a row opens its day's marking. */
export function GeneralRegistersPage() {
  const { t } = useTranslation("salaah");
  const navigate = useNavigate();
  const to = useAreaPath();
  return (
    <ResourceList<GeneralAttendanceRow>
      definition={generalAttendanceResource}
      rowActions={[
        { key: "mark", label: t("registers.mark"), icon: <IconListCheck size={16} />, onClick: (row) => navigate(to(`general-attendance/${row.id}`)) },
      ]}
      description={t("registers.description")}
    />
  );
}

/** The kinds of the school's own registers. */
export function GeneralRegisterTypesPage() {
  return <ResourceList definition={generalAttendanceTypeResource} />;
}
