import { IconAward, IconCertificate, IconClipboardList, IconFileCertificate, IconListCheck, IconPencil } from "@tabler/icons-react";
import type { ComponentType } from "react";
import type { NavItem } from "../../ui/nav-item";

/** The examination screens in the administration area (paths inside the area, how each loads). */
export const EXAMS_SCREENS: [string, () => Promise<ComponentType>][] = [
  ["exams/grades", () => import("./exam-lists-page").then((m) => m.GradesPage)],
  ["exams/masters", () => import("./exam-lists-page").then((m) => m.ExamMastersPage)],
  ["exams/papers", () => import("./exam-lists-page").then((m) => m.ExamsPage)],
  ["exams/results", () => import("./exam-lists-page").then((m) => m.ResultsPage)],
  ["exams/sets", () => import("./exam-lists-page").then((m) => m.ExamSetsPage)],
  ["exams/sets/:id", () => import("./sets/exam-set-page").then((m) => m.ExamSetPage)],
  ["exams/marks", () => import("./marks/marks-picker-page").then((m) => m.MarksPickerPage)],
  ["exams/marks/:examId", () => import("./marks/marks-page").then((m) => m.MarksPage)],
];

/** The parent area: a child's published report cards, and a teacher's marks entry (opened from My classes). */
export const EXAMS_PARENT_SCREENS: [string, () => Promise<ComponentType>][] = [
  ["results", () => import("./parent/child-results-page").then((m) => m.ChildResultsPage)],
  ["exams/marks/:examId", () => import("./marks/marks-page").then((m) => m.MarksPage)],
];

export const EXAMS_NAV: NavItem[] = [
  { group: "exams", path: "exams/marks", label: "exams:nav.marks", icon: IconPencil, permission: ["exams", "view"] },
  { group: "exams", path: "exams/masters", label: "exams:nav.masters", icon: IconClipboardList, permission: ["exams", "view"] },
  { group: "exams", path: "exams/papers", label: "exams:nav.papers", icon: IconListCheck, permission: ["exams", "view"] },
  { group: "exams", path: "exams/results", label: "exams:nav.results", icon: IconCertificate, permission: ["exams", "view"] },
  { group: "exams", path: "exams/sets", label: "exams:nav.sets", icon: IconFileCertificate, permission: ["exams", "view"] },
  { group: "exams", path: "exams/grades", label: "exams:nav.grades", icon: IconAward, permission: ["exams", "view"] },
];
