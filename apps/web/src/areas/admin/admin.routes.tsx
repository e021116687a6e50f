import type { ComponentType } from "react";
import { Navigate, type RouteObject } from "react-router";
import { ATTENDANCE_SCREENS } from "../../features/attendance/attendance-screens";
import { SALAAH_LEAVE_SCREENS } from "../../features/attendance/salaah/salaah-screens";
import { CHECKLISTS_SCREENS } from "../../features/checklists/checklists-screens";
import { MESSAGING_SCREENS } from "../../features/communication/messaging/messaging-screens";
import { EXAMS_SCREENS } from "../../features/exams/exams-screens";
import { FEES_SCREENS } from "../../features/fees/fees-screens";
import { HALLS_SCREENS } from "../../features/halls/halls-screens";
import { HIFZ_SCREENS } from "../../features/hifz/hifz-screens";
import { LESSONS_SCREENS } from "../../features/lessons/lessons-screens";
import { MATERIALS_SCREENS } from "../../features/materials/materials-screens";
import { MEETINGS_SCREENS } from "../../features/meetings/meetings-screens";
import { PLAN_SCREENS } from "../../features/settings/plan/plan-screens";
import { TASKS_SCREENS } from "../../features/tasks/tasks-screens";
import { AdminLayout } from "./admin-layout";
import { PermissionGate } from "./permission-gate";

/** A screen loaded on first visit, shown only to roles that may view its module. */
function screen(path: string, load: () => Promise<ComponentType>, module?: string): RouteObject {
  return {
    path,
    lazy: async () => {
      const Screen = await load();
      return {
        Component: module
          ? () => (
              <PermissionGate module={module}>
                <Screen />
              </PermissionGate>
            )
          : Screen,
      };
    },
  };
}

/** The administration screens, shared by /admin and its right-to-left twin /rtl. */
export const adminScreens: RouteObject[] = [
  { index: true, element: <Navigate to="dashboard" replace /> },
  screen("dashboard", () => import("./dashboard-page").then((m) => m.DashboardPage)),
  screen("users", () => import("../../features/users/users-page").then((m) => m.UsersPage), "users"),
  screen("roles", () => import("../../features/roles/roles-page").then((m) => m.RolesPage), "roles"),
  screen("settings", () => import("../../features/settings/settings-page").then((m) => m.SettingsPage), "settings"),
  screen("students", () => import("../../features/students/students-page").then((m) => m.StudentsPage), "students"),
  screen("students/:id", () => import("../../features/students/student-profile-page").then((m) => m.StudentProfilePage), "students"),
  screen("students/:id/dashboard", () => import("../../features/dashboard/student-dashboard-page").then((m) => m.StudentDashboardPage), "students"),
  screen("student-groups", () => import("../../features/students/student-groups-page").then((m) => m.StudentGroupsPage), "students"),
  screen("alumni", () => import("../../features/students/alumni-page").then((m) => m.AlumniPage), "students"),
  screen("batches", () => import("../../features/academics/batches-page").then((m) => m.BatchesPage), "academics"),
  screen("courses", () => import("../../features/academics/courses-page").then((m) => m.CoursesPage), "academics"),
  screen("course-classes", () => import("../../features/academics/course-classes-page").then((m) => m.CourseClassesPage), "academics"),
  screen("subjects", () => import("../../features/academics/subjects-page").then((m) => m.SubjectsPage), "academics"),
  screen("sessions", () => import("../../features/academics/sessions-page").then((m) => m.SessionsPage), "academics"),
  screen("classrooms", () => import("../../features/academics/classrooms-page").then((m) => m.ClassroomsPage), "academics"),
  screen("classrooms/:id", () => import("../../features/academics/classroom-roster-page").then((m) => m.ClassroomRosterPage), "academics"),
  screen("enrolments", () => import("../../features/academics/enrolments-page").then((m) => m.EnrolmentsPage), "academics"),
  screen("promotion", () => import("../../features/academics/promotion-page").then((m) => m.PromotionPage), "academics"),
  screen("timetable", () => import("../../features/academics/timetable-page").then((m) => m.TimetablePage), "academics"),
  screen("hours", () => import("../../features/academics/hours-page").then((m) => m.HoursPage), "academics"),
  screen("periods", () => import("../../features/academics/periods-page").then((m) => m.PeriodsPage), "academics"),
  screen("admissions", () => import("../../features/admissions/admissions-page").then((m) => m.AdmissionsPage), "admissions"),
  screen("admissions/:id", () => import("../../features/admissions/admission-detail-page").then((m) => m.AdmissionDetailPage), "admissions"),
  screen("admission-form", () => import("../../features/settings/form-customisation-page").then((m) => m.FormCustomisationPage), "settings"),
  screen("custom-fields", () => import("../../features/settings/custom-fields-page").then((m) => m.CustomFieldsPage), "settings"),
  screen("document-templates", () => import("../../features/communication/templates/templates-page").then((m) => m.TemplatesPage), "communication"),
  screen("custom-records", () => import("../../features/records/records-page").then((m) => m.RecordsPage), "records"),
  screen("custom-records/:id", () => import("../../features/records/record-rows-page").then((m) => m.RecordRowsPage), "records"),
  screen("profile", () => import("../../features/account/profile-page").then((m) => m.ProfilePage)),
  screen("notifications", () => import("../../features/communication/notifications-page").then((m) => m.NotificationsPage)),
  screen("mushaf", () => import("../../features/hifz/mushaf-screen").then((m) => m.MushafScreen)),
  screen("chat", () => import("../../features/communication/chat/chat-page").then((m) => m.ChatPage)),
  screen("announcements", () => import("../../features/communication/announcements-page").then((m) => m.AnnouncementsPage), "communication"),
  screen("announcements/:id", () => import("../../features/communication/announcement-page").then((m) => m.AnnouncementPage), "communication"),
  screen("notification-settings", () => import("../../features/communication/school-channels-page").then((m) => m.SchoolChannelsPage), "communication"),
  ...MESSAGING_SCREENS.map(([path, load]) => screen(path, load, "communication")),
  ...ATTENDANCE_SCREENS.map(([path, load]) => screen(path, load, "attendance")),
  ...SALAAH_LEAVE_SCREENS.map(([path, load]) => screen(path, load, "attendance")),
  ...HIFZ_SCREENS.map(([path, load]) => screen(path, load, "hifz")),
  ...EXAMS_SCREENS.map(([path, load]) => screen(path, load, "exams")),
  ...CHECKLISTS_SCREENS.map(([path, load]) => screen(path, load, "checklists")),
  ...FEES_SCREENS.map(([path, load]) => screen(path, load, "fees")),
  ...HALLS_SCREENS.map(([path, load]) => screen(path, load, "halls")),
  ...LESSONS_SCREENS.map(([path, load]) => screen(path, load, "lessons")),
  ...MEETINGS_SCREENS.map(([path, load]) => screen(path, load, "meetings")),
  ...PLAN_SCREENS.map(([path, load]) => screen(path, load, "settings")),
  ...TASKS_SCREENS.map(([path, load]) => screen(path, load, "tasks")),
  ...MATERIALS_SCREENS.map(([path, load]) => screen(path, load, "materials")),
];

/** The /admin area: the layout and its screens (the shell's guard is around them). */
export const adminRoutes: RouteObject[] = [{ element: <AdminLayout base="/admin" />, children: adminScreens }];
