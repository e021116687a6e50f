import {
  IconBook2,
  IconBooks,
  IconCalendarEvent,
  IconCalendarStats,
  IconCalendarTime,
  IconChalkboard,
  IconClipboardCheck,
  IconClock,
  IconDatabase,
  IconFileDescription,
  IconForms,
  IconLayoutDashboard,
  IconListDetails,
  IconListNumbers,
  IconSchool,
  IconSettings,
  IconShieldLock,
  IconStairsUp,
  IconTemplate,
  IconUserCheck,
  IconUserStar,
  IconUsers,
  IconUsersGroup,
} from "@tabler/icons-react";
import { ATTENDANCE_NAV } from "../../features/attendance/attendance-screens";
import { SALAAH_LEAVE_NAV } from "../../features/attendance/salaah/salaah-nav";
import { CHECKLISTS_NAV } from "../../features/checklists/checklists-screens";
import { ANNOUNCEMENT_NAV } from "../../features/communication/announcements-nav";
import { CHAT_NAV } from "../../features/communication/chat/chat-nav";
import { MESSAGING_NAV } from "../../features/communication/messaging/messaging-nav";
import { EXAMS_NAV } from "../../features/exams/exams-screens";
import { FEES_NAV } from "../../features/fees/fees-screens";
import { HALLS_NAV } from "../../features/halls/halls-screens";
import { HIFZ_NAV } from "../../features/hifz/hifz-screens";
import { QURAN_NAV } from "../../features/hifz/quran-nav";
import { LESSONS_NAV } from "../../features/lessons/lessons-screens";
import { MATERIALS_NAV } from "../../features/materials/materials-screens";
import { MEETINGS_NAV } from "../../features/meetings/meetings-screens";
import { PLAN_NAV } from "../../features/settings/plan/plan-screens";
import { TASKS_NAV } from "../../features/tasks/tasks-screens";
import type { NavItem } from "../../ui/nav-item";

/** Groups as a school looks for things; a later module adds its group here, in the order shown. */
export const NAV_GROUPS = [
  { key: "overview", label: "admin:navGroups.overview" },
  { key: "people", label: "admin:navGroups.people" },
  { key: "students", label: "students:navGroup" },
  { key: "academics", label: "academics:navGroup" },
  { key: "hifz", label: "hifz:navGroup" },
  { key: "schoolLife", label: "admin:navGroups.schoolLife" },
  { key: "exams", label: "exams:navGroup" },
  { key: "fees", label: "fees:navGroup" },
  { key: "attendance", label: "salaah:navGroup" },
  { key: "admissions", label: "admissions:navGroup" },
  { key: "school", label: "admin:navGroups.school" },
] as const satisfies readonly { key: string; label: string }[];

/**
 * The administration area's navigation, one line per screen: a later module adds its screens
 * here (and its group above); the layout shows only what the person's role can view.
 */
export const ADMIN_NAV: NavItem[] = [
  { group: "overview", path: "dashboard", label: "admin:nav.dashboard", icon: IconLayoutDashboard },
  { group: "overview", ...CHAT_NAV },
  ...ANNOUNCEMENT_NAV,
  ...MESSAGING_NAV,
  { group: "people", path: "users", label: "admin:nav.users", icon: IconUsers, permission: ["users", "view"] },
  { group: "people", path: "roles", label: "admin:nav.roles", icon: IconShieldLock, permission: ["roles", "view"] },
  { group: "students", path: "students", label: "students:nav.students", icon: IconSchool, permission: ["students", "view"] },
  { group: "students", path: "student-groups", label: "students:nav.groups", icon: IconUsersGroup, permission: ["students", "view"] },
  { group: "students", path: "alumni", label: "students:nav.alumni", icon: IconUserStar, permission: ["students", "view"] },
  { group: "academics", path: "batches", label: "academics:nav.batches", icon: IconCalendarStats, permission: ["academics", "view"] },
  { group: "academics", path: "courses", label: "academics:nav.courses", icon: IconBooks, permission: ["academics", "view"] },
  { group: "academics", path: "course-classes", label: "academics:nav.courseClasses", icon: IconListNumbers, permission: ["academics", "view"] },
  { group: "academics", path: "subjects", label: "academics:nav.subjects", icon: IconBook2, permission: ["academics", "view"] },
  { group: "academics", path: "sessions", label: "academics:nav.sessions", icon: IconClock, permission: ["academics", "view"] },
  { group: "academics", path: "classrooms", label: "academics:nav.classrooms", icon: IconChalkboard, permission: ["academics", "view"] },
  { group: "academics", path: "enrolments", label: "academics:nav.enrolments", icon: IconUserCheck, permission: ["academics", "view"] },
  { group: "academics", path: "promotion", label: "academics:nav.promotion", icon: IconStairsUp, permission: ["academics", "promote"] },
  { group: "academics", path: "timetable", label: "timetable:nav.timetable", icon: IconCalendarTime, permission: ["academics", "view"] },
  { group: "academics", path: "hours", label: "timetable:nav.hours", icon: IconCalendarEvent, permission: ["academics", "view"] },
  { group: "academics", path: "periods", label: "timetable:nav.periods", icon: IconClipboardCheck, permission: ["academics", "view"] },
  ...QURAN_NAV,
  ...HIFZ_NAV,
  ...CHECKLISTS_NAV,
  ...EXAMS_NAV,
  ...FEES_NAV,
  ...HALLS_NAV,
  ...LESSONS_NAV,
  ...MEETINGS_NAV,
  { group: "admissions", path: "admissions", label: "admissions:nav.admissions", icon: IconFileDescription, permission: ["admissions", "view"] },
  { group: "admissions", path: "admission-form", label: "forms:nav.admissionForm", icon: IconForms, permission: ["settings", "view"] },
  { group: "admissions", path: "custom-fields", label: "forms:nav.customFields", icon: IconListDetails, permission: ["settings", "view"] },
  { group: "admissions", path: "document-templates", label: "forms:nav.templates", icon: IconTemplate, permission: ["communication", "view"] },
  { group: "admissions", path: "custom-records", label: "forms:nav.records", icon: IconDatabase, permission: ["records", "view"] },
  ...ATTENDANCE_NAV,
  ...SALAAH_LEAVE_NAV,
  ...TASKS_NAV,
  ...MATERIALS_NAV,
  { group: "school", path: "settings", label: "admin:nav.settings", icon: IconSettings, permission: ["settings", "view"] },
  ...PLAN_NAV,
];

/** The namespaces the navigation's labels come from ("admin" first, the layout's own). */
export const NAV_NAMESPACES = [...new Set(["admin", ...[...NAV_GROUPS, ...ADMIN_NAV].map((i) => i.label.split(":")[0]!)])];
