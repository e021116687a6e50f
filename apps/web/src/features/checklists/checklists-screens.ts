import { IconChartBar, IconChecklist, IconClipboardCheck, IconListCheck } from "@tabler/icons-react";
import type { ComponentType } from "react";
import type { NavItem } from "../../ui/nav-item";

const submit = () => import("./checklist-submit-page").then((m) => m.ChecklistSubmitPage);

/** The checklist screens in the administration area (paths inside the area, how each loads). */
export const CHECKLISTS_SCREENS: [string, () => Promise<ComponentType>][] = [
  ["checklists", () => import("./checklists-page").then((m) => m.ChecklistsPage)],
  ["checklists/logs", () => import("./checklist-logs-page").then((m) => m.ChecklistLogsPage)],
  ["checklists/analytics", () => import("./checklist-analytics-page").then((m) => m.ChecklistAnalyticsPage)],
  ["checklists/submit", submit],
];

/** A warden or teacher (staff sign in to the family area) submits from their phone there. */
export const CHECKLISTS_PARENT_SCREENS: [string, () => Promise<ComponentType>][] = [["checklists", submit]];

export const CHECKLISTS_NAV: NavItem[] = [
  { group: "schoolLife", path: "checklists", label: "checklists:nav.checklists", icon: IconListCheck, permission: ["checklists", "view"] },
  { group: "schoolLife", path: "checklists/submit", label: "checklists:nav.submit", icon: IconClipboardCheck, permission: ["checklists", "add"] },
  { group: "schoolLife", path: "checklists/logs", label: "checklists:nav.logs", icon: IconChecklist, permission: ["checklists", "view"] },
  { group: "schoolLife", path: "checklists/analytics", label: "checklists:nav.analytics", icon: IconChartBar, permission: ["checklists", "review"] },
];
