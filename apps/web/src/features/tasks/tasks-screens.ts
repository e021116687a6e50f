import { IconChecklist, IconListCheck, IconPencilPlus, IconTags } from "@tabler/icons-react";
import type { ComponentType } from "react";
import type { NavItem } from "../../ui/nav-item";

const setTask = () => import("./set-task-page").then((m) => m.SetTaskPage);
const taskPage = () => import("./task-page").then((m) => m.TaskPage);

/** The task screens in the administration area (paths inside the area, how each loads). */
export const TASKS_SCREENS: [string, () => Promise<ComponentType>][] = [
  ["tasks", () => import("./tasks-page").then((m) => m.TasksPage)],
  ["tasks/new", setTask],
  ["tasks/:id", taskPage],
  ["task-types", () => import("./tasks-page").then((m) => m.TaskTypesPage)],
  ["task-logs", () => import("./tasks-page").then((m) => m.TaskLogsPage)],
];

/** The parent area: a family's tasks of the day, or a teacher's tasks (setting one in three taps, marking it). */
export const TASKS_PARENT_SCREENS: [string, () => Promise<ComponentType>][] = [
  ["tasks", () => import("./parent-tasks-page").then((m) => m.ParentTasksPage)],
  ["tasks/new", setTask],
  ["tasks/:id", taskPage],
];

export const TASKS_NAV: NavItem[] = [
  { group: "schoolLife", path: "tasks", label: "tasks:nav.tasks", icon: IconChecklist, permission: ["tasks", "view"] },
  { group: "schoolLife", path: "tasks/new", label: "tasks:nav.setTask", icon: IconPencilPlus, permission: ["tasks", "add"] },
  { group: "schoolLife", path: "task-logs", label: "tasks:nav.logs", icon: IconListCheck, permission: ["tasks", "view"] },
  { group: "schoolLife", path: "task-types", label: "tasks:nav.types", icon: IconTags, permission: ["tasks", "view"] },
];
