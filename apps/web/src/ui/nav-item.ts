import type { IconProps } from "@tabler/icons-react";
import type { ComponentType } from "react";

/** One screen in an area's navigation: what a feature declares of itself for the menu. */
export interface NavItem {
  /** The group's key in the area's groups (areas/admin/admin-nav.ts NAV_GROUPS). */
  group: string;
  /** Path inside the area (admin/<path>, rtl/<path>). */
  path: string;
  /** i18n key with its namespace ("admin:nav.users"). */
  label: string;
  icon: ComponentType<IconProps>;
  /** Hidden unless the person's role can do this; no permission means everyone in the area. */
  permission?: readonly [module: string, action: string];
}
