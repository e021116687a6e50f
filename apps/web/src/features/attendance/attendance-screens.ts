import { IconCalendarUser, IconChecklist, IconClipboardCheck, IconPercentage, IconTable, IconTags } from "@tabler/icons-react";
import type { ComponentType } from "react";
import type { NavItem } from "../../ui/nav-item";

/** The registers' screens in the administration area (paths inside the area, how each loads). */
export const ATTENDANCE_SCREENS: [string, () => Promise<ComponentType>][] = [
  ["register", () => import("./register/register-page").then((m) => m.RegisterPage)],
  ["attendance-today", () => import("./office/attendance-today-page").then((m) => m.AttendanceTodayPage)],
  ["attendance-sheet", () => import("./office/monthly-sheet-page").then((m) => m.MonthlySheetPage)],
  ["attendance-codes", () => import("./office/attendance-codes-page").then((m) => m.AttendanceCodesPage)],
  ["attendance-percentages", () => import("./office/percentages-page").then((m) => m.PercentagesPage)],
  ["attendance-student", () => import("./student/student-attendance-page").then((m) => m.StudentAttendancePage)],
];

/** The parent area: a teacher's register (Staff), a child's attendance or one's own in and out. */
export const ATTENDANCE_PARENT_SCREENS: [string, () => Promise<ComponentType>][] = [
  ["register", () => import("./register/register-page").then((m) => m.RegisterPage)],
  ["attendance", () => import("./parent/child-attendance-page").then((m) => m.ChildAttendancePage)],
];

export const ATTENDANCE_NAV: NavItem[] = [
  { group: "attendance", path: "register", label: "attendance:nav.register", icon: IconChecklist, permission: ["attendance", "view"] },
  { group: "attendance", path: "attendance-today", label: "attendance:nav.today", icon: IconClipboardCheck, permission: ["attendance", "view"] },
  { group: "attendance", path: "attendance-sheet", label: "attendance:nav.sheet", icon: IconTable, permission: ["attendance", "view"] },
  { group: "attendance", path: "attendance-percentages", label: "attendance:nav.percentages", icon: IconPercentage, permission: ["attendance", "view"] },
  { group: "attendance", path: "attendance-student", label: "attendance:nav.student", icon: IconCalendarUser, permission: ["attendance", "view"] },
  { group: "attendance", path: "attendance-codes", label: "attendance:nav.codes", icon: IconTags, permission: ["attendance", "view"] },
];
