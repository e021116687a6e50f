import { IconCreditCard } from "@tabler/icons-react";
import type { ComponentType } from "react";
import type { NavItem } from "../../../ui/nav-item";

/** The account and plan screens in the administration area: the plan, and where a recharge's payment comes back. */
export const PLAN_SCREENS: [string, () => Promise<ComponentType>][] = [
  ["settings/plan", () => import("./plan-page").then((m) => m.PlanPage)],
  ["settings/plan/recharged", () => import("./recharged-page").then((m) => m.RechargedPage)],
];

export const PLAN_NAV: NavItem[] = [
  { group: "school", path: "settings/plan", label: "settings:plan.nav", icon: IconCreditCard, permission: ["settings", "view"] },
];
