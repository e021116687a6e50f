import { Badge } from "@mantine/core";
import type { TaskLogStatus } from "@taleem/contract";
import { useTranslation } from "react-i18next";

const COLORS: Record<TaskLogStatus | "pending", string> = { done: "teal", late: "yellow.4", not_done: "red", pending: "gray" };

/** A child's completion of a task: done, late, not done, or (no log yet) not done yet. */
export function StatusBadge({ status }: { status: TaskLogStatus | null }) {
  const { t } = useTranslation("tasks");
  const key = status ?? "pending";
  return (
    <Badge size="sm" variant={key === "late" ? "filled" : "light"} color={COLORS[key]} autoContrast data-status={key} style={{ flexShrink: 0 }}>
      {status ? t(`logs.options.status.${status}`) : t("task.notYet")}
    </Badge>
  );
}
