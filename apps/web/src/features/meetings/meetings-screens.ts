import { IconUsersGroup } from "@tabler/icons-react";
import type { ComponentType } from "react";
import type { NavItem } from "../../ui/nav-item";

/** The office's meetings (paths inside the administration area, how each loads). */
export const MEETINGS_SCREENS: [string, () => Promise<ComponentType>][] = [["meetings", () => import("./meetings-page").then((m) => m.MeetingsPage)]];

/** The parent area: the family's meeting invitations and answers. */
export const MEETINGS_PARENT_SCREENS: [string, () => Promise<ComponentType>][] = [
  ["meetings", () => import("./parent-meetings-page").then((m) => m.ParentMeetingsPage)],
];

export const MEETINGS_NAV: NavItem[] = [
  { group: "schoolLife", path: "meetings", label: "meetings:nav.meetings", icon: IconUsersGroup, permission: ["meetings", "view"] },
];
