import { IconAlertTriangle, IconBook2, IconCalendarEvent, IconChartBar, IconNotebook, IconTags, IconUsersGroup } from "@tabler/icons-react";
import type { ComponentType } from "react";
import type { NavItem } from "../../ui/nav-item";

/** The memorisation screens in the administration area (paths inside the area, how each loads). */
export const HIFZ_SCREENS: [string, () => Promise<ComponentType>][] = [
  ["halqa", () => import("./halqa/halqa-page").then((m) => m.HalqaPage)],
  ["hafiz", () => import("./hifz-lists-page").then((m) => m.HafizListPage)],
  ["hafiz/:id", () => import("./hafiz-profile-page").then((m) => m.HafizProfilePage)],
  ["hifz-sessions", () => import("./hifz-lists-page").then((m) => m.HifzSessionsPage)],
  ["hifz-mistakes", () => import("./hifz-lists-page").then((m) => m.HifzFeedbackPage)],
  ["recitation-groups", () => import("./hifz-lists-page").then((m) => m.RecitationGroupsPage)],
  ["recitation-types", () => import("./hifz-lists-page").then((m) => m.RecitationTypesPage)],
  ["recitation-metrics", () => import("./hifz-lists-page").then((m) => m.RecitationMetricsPage)],
];

/**
 * The parent area: a teacher's halqa and the profile of each hafiz in it (Staff), a child's
 * memorisation (parents, read only; a teacher without children finds their hafiz students there).
 */
export const HIFZ_PARENT_SCREENS: [string, () => Promise<ComponentType>][] = [
  ["halqa", () => import("./halqa/halqa-page").then((m) => m.HalqaPage)],
  ["hafiz/:id", () => import("./hafiz-profile-page").then((m) => m.HafizProfilePage)],
  ["hifz", () => import("./hifz-dashboard-child-page").then((m) => m.HifzDashboardChildPage)],
];

export const HIFZ_NAV: NavItem[] = [
  { group: "hifz", path: "halqa", label: "hifz:nav.halqa", icon: IconNotebook, permission: ["hifz", "view"] },
  { group: "hifz", path: "hafiz", label: "hifz:nav.hafiz", icon: IconBook2, permission: ["hifz", "view"] },
  { group: "hifz", path: "hifz-sessions", label: "hifz:nav.sessions", icon: IconCalendarEvent, permission: ["hifz", "view"] },
  { group: "hifz", path: "hifz-mistakes", label: "hifz:nav.feedback", icon: IconAlertTriangle, permission: ["hifz", "view"] },
  { group: "hifz", path: "recitation-groups", label: "hifz:nav.groups", icon: IconUsersGroup, permission: ["hifz", "view"] },
  { group: "hifz", path: "recitation-types", label: "hifz:nav.types", icon: IconTags, permission: ["hifz", "view"] },
  { group: "hifz", path: "recitation-metrics", label: "hifz:nav.metrics", icon: IconChartBar, permission: ["hifz", "view"] },
];
