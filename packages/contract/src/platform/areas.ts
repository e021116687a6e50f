import { z } from "zod";

/** Every school role belongs to an area; redirects follow the area, never the role's name. */
export const Area = z.enum(["admin", "parent"]);
export type Area = z.infer<typeof Area>;

export { areaHome, isLanguage, LANGUAGES, languageOr, RTL_LANGUAGES } from "./area-constants.js";

/** The roles every tenant has; a school may rename them, the key stays. */
export const BUILTIN_ROLES = {
  admin: { name: "Admin", area: "admin", linkedStudentsOnly: false },
  staff: { name: "Staff", area: "parent", linkedStudentsOnly: false },
  parent: { name: "Parent", area: "parent", linkedStudentsOnly: true },
  muawin: { name: "Muawin", area: "parent", linkedStudentsOnly: false },
} as const satisfies Record<string, { name: string; area: Area; linkedStudentsOnly: boolean }>;
export type BuiltinRoleKey = keyof typeof BUILTIN_ROLES;
