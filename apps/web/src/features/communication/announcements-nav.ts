import { IconBellCog, IconSpeakerphone } from "@tabler/icons-react";
import type { NavItem } from "../../ui/nav-item";

/** Announcements and the school's notification settings in the administration sidebar. */
export const ANNOUNCEMENT_NAV: NavItem[] = [
  { group: "overview", path: "announcements", label: "announcements:nav.announcements", icon: IconSpeakerphone, permission: ["communication", "view"] },
  { group: "school", path: "notification-settings", label: "communication:nav.settings", icon: IconBellCog, permission: ["communication", "view"] },
];
