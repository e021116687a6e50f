import { IconBed, IconClipboardList, IconUserCheck } from "@tabler/icons-react";
import type { ComponentType } from "react";
import type { NavItem } from "../../ui/nav-item";

const checkScreen = () => import("./hall-check-page").then((m) => m.HallCheckPage);

/** Halls and their roll calls in the administration area (paths inside the area, how each loads). */
export const HALLS_SCREENS: [string, () => Promise<ComponentType>][] = [
  ["halls", () => import("./halls-page").then((m) => m.HallsPage)],
  ["halls/:id", () => import("./hall-page").then((m) => m.HallPage)],
  ["hall-check", checkScreen],
  ["hall-checks", () => import("./hall-checks-page").then((m) => m.HallChecksPage)],
];

/** The parent area: a warden with a Staff profile calls the roll there. */
export const HALLS_PARENT_SCREENS: [string, () => Promise<ComponentType>][] = [["hall-check", checkScreen]];

export const HALLS_NAV: NavItem[] = [
  { group: "schoolLife", path: "halls", label: "halls:nav.halls", icon: IconBed, permission: ["halls", "view"] },
  { group: "schoolLife", path: "hall-check", label: "halls:nav.check", icon: IconUserCheck, permission: ["halls", "add"] },
  { group: "schoolLife", path: "hall-checks", label: "halls:nav.checks", icon: IconClipboardList, permission: ["halls", "view"] },
];
