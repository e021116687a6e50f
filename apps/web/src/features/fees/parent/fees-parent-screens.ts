import type { ComponentType } from "react";

/** The parent area's fees: the child's balance, dues and receipts, and where the payment provider sends the parent back. */
export const FEES_PARENT_SCREENS: [string, () => Promise<ComponentType>][] = [
  ["fees", () => import("./parent-fees-page").then((m) => m.ParentFeesPage)],
  ["fees/paid", () => import("./fees-paid-page").then((m) => m.FeesPaidPage)],
];
