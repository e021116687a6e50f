import { IconMessages } from "@tabler/icons-react";
import { i18n } from "../../../lib/i18n";

/** The chat's place in both areas' navigation (the admin sidebar, the parent area's tabs). */
export const CHAT_NAV = { path: "chat", label: "chat:nav", icon: IconMessages } as const;

// The navigation names the chat before it is opened: its words load with the layout.
void i18n.loadNamespaces(["chat"]);
