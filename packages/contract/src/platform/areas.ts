import { z } from "zod";

/** Every school role belongs to an area; redirects follow the area, never the role's name. */
export const Area = z.enum(["admin", "parent"]);
export type Area = z.infer<typeof Area>;

export const areaHome: Record<Area | "platform", string> = {
  admin: "/admin/dashboard",
  parent: "/parent/home",
  platform: "/platform/home",
};

export const LANGUAGES = ["en", "ta", "ur", "ar", "ml"] as const;
export const Language = z.enum(LANGUAGES);
export type Language = z.infer<typeof Language>;
export const RTL_LANGUAGES: readonly Language[] = ["ar", "ur"];

/** The roles every tenant has; a school may rename them, the key stays. */
export const BUILTIN_ROLES = {
  admin: { name: "Admin", area: "admin" },
  staff: { name: "Staff", area: "parent" },
  parent: { name: "Parent", area: "parent" },
  muawin: { name: "Muawin", area: "parent" },
} as const satisfies Record<string, { name: string; area: Area }>;
export type BuiltinRoleKey = keyof typeof BUILTIN_ROLES;
