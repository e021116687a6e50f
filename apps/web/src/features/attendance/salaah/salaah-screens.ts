import type { ComponentType } from "react";

/** Salaah, leave and the school's own registers in the administration area (paths inside the area, how each loads). */
export const SALAAH_LEAVE_SCREENS: [string, () => Promise<ComponentType>][] = [
  ["salaah", () => import("./salaah-grid-page").then((m) => m.SalaahGridPage)],
  ["salaah-types", () => import("./salaah-settings-page").then((m) => m.SalaahTypesPage)],
  ["salaah-options", () => import("./salaah-settings-page").then((m) => m.SalaahOptionsPage)],
  ["leave", () => import("../leave/leave-applications-page").then((m) => m.LeaveApplicationsPage)],
  ["leave-types", () => import("../leave/leave-applications-page").then((m) => m.LeaveTypesPage)],
  ["general-attendance", () => import("../general/general-registers-page").then((m) => m.GeneralRegistersPage)],
  ["general-attendance-types", () => import("../general/general-registers-page").then((m) => m.GeneralRegisterTypesPage)],
  ["general-attendance/:id", () => import("../general/general-register-day-page").then((m) => m.GeneralRegisterDayPage)],
];

/** The same in the parent area: a teacher's grid, a parent's week, applying for leave. */
export const SALAAH_LEAVE_PARENT_SCREENS: [string, () => Promise<ComponentType>][] = [
  ["salaah", () => import("./salaah-grid-page").then((m) => m.SalaahGridPage)],
  ["salaah-week", () => import("./salaah-week-page").then((m) => m.SalaahWeekPage)],
  ["leave", () => import("../leave/leave-apply-page").then((m) => m.LeaveApplyPage)],
];
