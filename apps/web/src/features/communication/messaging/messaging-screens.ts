import type { ComponentType } from "react";

/** The messaging screens (path inside the area, and how each loads), for the admin routes. */
export const MESSAGING_SCREENS: [string, () => Promise<ComponentType>][] = [
  ["bulk-send", () => import("./bulk-send-page").then((m) => m.BulkSendPage)],
  ["message-log", () => import("./message-logs-page").then((m) => m.MessageLogsPage)],
  ["messaging-wallet", () => import("./wallet-page").then((m) => m.WalletPage)],
];
