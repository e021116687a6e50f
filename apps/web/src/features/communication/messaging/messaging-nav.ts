import { IconListCheck, IconSend, IconWallet } from "@tabler/icons-react";
import type { NavItem } from "../../../ui/nav-item";

/** The bulk send, the message log and the wallet in the administration sidebar. */
export const MESSAGING_NAV: NavItem[] = [
  { group: "overview", path: "bulk-send", label: "messaging:nav.bulkSend", icon: IconSend, permission: ["communication", "send"] },
  { group: "overview", path: "message-log", label: "messaging:nav.log", icon: IconListCheck, permission: ["communication", "view"] },
  { group: "school", path: "messaging-wallet", label: "messaging:nav.wallet", icon: IconWallet, permission: ["communication", "view"] },
];
