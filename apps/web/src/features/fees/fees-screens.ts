import { IconCash, IconChartPie, IconCoins, IconDiscount2, IconFileDollar, IconListDetails, IconReceipt, IconUserExclamation } from "@tabler/icons-react";
import type { ComponentType } from "react";
import type { NavItem } from "../../ui/nav-item";

/** The fee screens in the administration area (paths inside the area, how each loads). */
export const FEES_SCREENS: [string, () => Promise<ComponentType>][] = [
  ["fees/counter", () => import("./counter/counter-page").then((m) => m.CounterPage)],
  ["fees/dashboard", () => import("./dashboard/fees-dashboard-page").then((m) => m.FeesDashboardPage)],
  ["fees/defaulters", () => import("./dashboard/defaulters-page").then((m) => m.DefaultersPage)],
  ["fees/masters", () => import("./masters/fee-masters-page").then((m) => m.FeeMastersPage)],
  ["fees/concessions", () => import("./lists/concessions-page").then((m) => m.ConcessionsPage)],
  ["fees/dues", () => import("./lists/dues-page").then((m) => m.DuesPage)],
  ["fees/payments", () => import("./lists/payments-page").then((m) => m.PaymentsPage)],
  ["fees/receipts", () => import("./lists/receipts-page").then((m) => m.ReceiptsPage)],
  ["fees/student/:id", () => import("./card/fee-card-page").then((m) => m.FeeCardPage)],
];

export const FEES_NAV: NavItem[] = [
  { group: "fees", path: "fees/counter", label: "fees:nav.counter", icon: IconCash, permission: ["fees", "collect"] },
  { group: "fees", path: "fees/dashboard", label: "fees:nav.dashboard", icon: IconChartPie, permission: ["fees", "view"] },
  { group: "fees", path: "fees/defaulters", label: "fees:nav.defaulters", icon: IconUserExclamation, permission: ["fees", "view"] },
  { group: "fees", path: "fees/dues", label: "fees:nav.dues", icon: IconListDetails, permission: ["fees", "view"] },
  { group: "fees", path: "fees/payments", label: "fees:nav.payments", icon: IconCoins, permission: ["fees", "view"] },
  { group: "fees", path: "fees/receipts", label: "fees:nav.receipts", icon: IconReceipt, permission: ["fees", "view"] },
  { group: "fees", path: "fees/masters", label: "fees:nav.masters", icon: IconFileDollar, permission: ["fees", "view"] },
  { group: "fees", path: "fees/concessions", label: "fees:nav.concessions", icon: IconDiscount2, permission: ["fees", "view"] },
];
