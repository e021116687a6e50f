import { IconChartBar, IconListNumbers, IconPencilCheck } from "@tabler/icons-react";
import type { ComponentType } from "react";
import type { NavItem } from "../../ui/nav-item";

const logLesson = () => import("./log-lesson-page").then((m) => m.LogLessonPage);

/** The syllabus, the day's lesson log and a class's progress in the administration area. */
export const LESSONS_SCREENS: [string, () => Promise<ComponentType>][] = [
  ["lessons", () => import("./syllabus-page").then((m) => m.SyllabusPage)],
  ["lesson-log", logLesson],
  ["lesson-progress", () => import("./class-progress-page").then((m) => m.ClassProgressPage)],
];

/** The parent area: a teacher's "log today's lesson", a family's view of the child's class progress. */
export const LESSONS_PARENT_SCREENS: [string, () => Promise<ComponentType>][] = [
  ["lesson-log", logLesson],
  ["lessons", () => import("./child-progress-page").then((m) => m.ChildProgressPage)],
];

export const LESSONS_NAV: NavItem[] = [
  { group: "schoolLife", path: "lessons", label: "lessons:nav.syllabus", icon: IconListNumbers, permission: ["lessons", "view"] },
  { group: "schoolLife", path: "lesson-log", label: "lessons:nav.log", icon: IconPencilCheck, permission: ["lessons", "add"] },
  { group: "schoolLife", path: "lesson-progress", label: "lessons:nav.progress", icon: IconChartBar, permission: ["lessons", "view"] },
];
