import { Button } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useAreaPath } from "../../ui/area-path";
import { EmptyList } from "../../ui/list-states";
import { useCan } from "../../ui/use-can";

/** A screen the person's role cannot view says so, instead of a page of failed calls. */
export function PermissionGate({ module, children }: { module: string; children: ReactNode }) {
  const { t } = useTranslation("admin");
  const allowed = useCan();
  const to = useAreaPath();
  if (allowed(module, "view")) return children;
  return (
    <EmptyList
      icon={<IconLock size={32} stroke={1.5} />}
      title={t("noAccess.title")}
      description={t("noAccess.text")}
      extra={
        <Button component={Link} to={to("dashboard")} variant="default">
          {t("noAccess.back")}
        </Button>
      }
    />
  );
}
