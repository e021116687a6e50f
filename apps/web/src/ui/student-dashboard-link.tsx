import { Button } from "@mantine/core";
import { IconLayoutDashboard } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useAreaPath } from "./area-path";

/** The button on a student's profile that opens their year in one page. */
export function StudentDashboardLink({ studentId }: { studentId: number }) {
  const { t } = useTranslation("dashboard");
  const to = useAreaPath();
  return (
    <Button
      variant="light"
      component={Link}
      to={to(`students/${studentId}/dashboard`)}
      leftSection={<IconLayoutDashboard size={16} />}
      data-testid="student-dashboard-link"
    >
      {t("student.open")}
    </Button>
  );
}
