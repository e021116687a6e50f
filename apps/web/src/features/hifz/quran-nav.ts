import { IconBook } from "@tabler/icons-react";
import type { NavItem } from "../../ui/nav-item";

/** The mushaf in the administration sidebar, for whoever may see memorisation. */
export const QURAN_NAV: NavItem[] = [{ group: "academics", path: "mushaf", label: "quran:nav.mushaf", icon: IconBook, permission: ["hifz", "view"] }];
