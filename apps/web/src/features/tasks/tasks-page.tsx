import { Button } from "@mantine/core";
import { IconListCheck, IconPencilPlus } from "@tabler/icons-react";
import { type TaskLogRow, type TaskRow, type TaskTypeRow, taskLogResource, taskResource, taskTypeResource } from "@taleem/contract";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { useAreaPath } from "../../ui/area-path";
import { ResourceList } from "../../ui/resource";
import { useCan } from "../../ui/use-can";

/** The school's tasks: set one (the three-tap screen), open one to see who has done it. */
export function TasksPage() {
  const { t } = useTranslation("tasks");
  const to = useAreaPath();
  const navigate = useNavigate();
  const can = useCan();
  return (
    <ResourceList<TaskRow>
      definition={taskResource}
      rowLabel={(r) => r.title}
      rowActions={[{ key: "open", label: t("task.open"), icon: <IconListCheck size={16} />, onClick: (r) => navigate(to(`tasks/${r.id}`)) }]}
      toolbar={
        can("tasks", "add") && (
          <Button component={Link} to={to("tasks/new")} variant="light" leftSection={<IconPencilPlus size={16} />}>
            {t("nav.setTask")}
          </Button>
        )
      }
    />
  );
}

export function TaskTypesPage() {
  return <ResourceList<TaskTypeRow> definition={taskTypeResource} />;
}

export function TaskLogsPage() {
  return <ResourceList<TaskLogRow> definition={taskLogResource} rowLabel={(r) => `${r.studentName} · ${r.taskTitle}`} />;
}
