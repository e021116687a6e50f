import { IconMessages } from "@tabler/icons-react";

/** The chat's place in both areas' navigation (the admin sidebar, the parent area's tabs). */
export const CHAT_NAV = { path: "chat", label: "chat:nav", icon: IconMessages } as const;
