import { IconBeach, IconCalendarCheck, IconClipboardList, IconMoon, IconSettings2 } from "@tabler/icons-react";
import type { NavItem } from "../../../ui/nav-item";

/** Salaah, leave and the school's own registers in the administration sidebar. */
export const SALAAH_LEAVE_NAV: NavItem[] = [
  { group: "attendance", path: "salaah", label: "salaah:nav.grid", icon: IconMoon, permission: ["attendance", "view"] },
  { group: "attendance", path: "leave", label: "leave:nav.applications", icon: IconBeach, permission: ["attendance", "view"] },
  { group: "attendance", path: "general-attendance", label: "salaah:nav.registers", icon: IconClipboardList, permission: ["attendance", "view"] },
  { group: "attendance", path: "salaah-types", label: "salaah:nav.types", icon: IconCalendarCheck, permission: ["attendance", "view"] },
  { group: "attendance", path: "salaah-options", label: "salaah:nav.options", icon: IconSettings2, permission: ["attendance", "view"] },
  { group: "attendance", path: "leave-types", label: "leave:nav.types", icon: IconSettings2, permission: ["attendance", "view"] },
  { group: "attendance", path: "general-attendance-types", label: "salaah:nav.registerTypes", icon: IconSettings2, permission: ["attendance", "view"] },
];
