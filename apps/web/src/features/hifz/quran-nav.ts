import { IconBook } from "@tabler/icons-react";
import type { NavItem } from "../../areas/admin/admin-nav";

/** The mushaf in the administration sidebar, for whoever may see memorisation. */
export const QURAN_NAV: NavItem[] = [{ group: "academics", path: "mushaf", label: "quran:nav.mushaf", icon: IconBook, permission: ["hifz", "view"] }];
