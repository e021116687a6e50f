import { IconBooks } from "@tabler/icons-react";
import type { ComponentType } from "react";
import type { NavItem } from "../../ui/nav-item";

/** The office's materials: every one, with those waiting for approval a filter away. */
export const MATERIALS_SCREENS: [string, () => Promise<ComponentType>][] = [["materials", () => import("./materials-page").then((m) => m.MaterialsPage)]];

/** The parent area: the approved materials of the chosen child's classes, and one of them (a notification's link). */
export const MATERIALS_PARENT_SCREENS: [string, () => Promise<ComponentType>][] = [
  ["materials", () => import("./parent-materials-page").then((m) => m.ParentMaterialsPage)],
  ["materials/:id", () => import("./parent-materials-page").then((m) => m.ParentMaterialPage)],
];

export const MATERIALS_NAV: NavItem[] = [
  { group: "schoolLife", path: "materials", label: "materials:nav.materials", icon: IconBooks, permission: ["materials", "view"] },
];
