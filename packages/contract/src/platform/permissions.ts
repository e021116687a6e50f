import { z } from "zod";

/** Actions every module knows; a module may add its own (approve, publish, ...). */
export const CRUD_ACTIONS = ["view", "add", "edit", "delete"] as const;

/** The modules a role can be granted, with their own extra actions. */
export const MODULES = {
  users: ["import", "merge"],
  roles: [],
  settings: ["wipe"],
  academics: ["approve", "promote"],
  students: ["import"],
  admissions: ["approve"],
  records: [],
  /** manage: take any classroom's register, not only one's own class's or hour's. */
  attendance: ["manage"],
  fees: ["collect", "refund", "approve"],
  hifz: [],
  exams: ["publish"],
  communication: ["send"],
  reports: [],
  tasks: [],
  checklists: ["review"],
  halls: [],
  lessons: [],
  materials: ["approve"],
  meetings: [],
} as const satisfies Record<string, readonly string[]>;
export type ModuleKey = keyof typeof MODULES;

/** module -> granted actions. */
export const PermissionMap = z.record(z.string(), z.array(z.string().max(32)).max(16));
export type PermissionMap = z.infer<typeof PermissionMap>;

export function can(permissions: PermissionMap, module: string, action: string): boolean {
  return permissions["*"]?.includes("*") || permissions[module]?.includes(action) || false;
}

/** Every action of every module: the Admin role's map. */
export const FULL_ACCESS: PermissionMap = { "*": ["*"] };
