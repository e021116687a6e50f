import { can } from "@taleem/contract";
import { useAuth } from "./auth-store";

const TEACHING_BUILTINS = new Set(["staff", "muawin"]);

/**
 * Whether the active profile teaches (Staff, Muawin) rather than follows a child (Parent). The
 * built-in key decides for the built-in roles, whatever the school renamed them to; a school's own
 * parent-area role teaches when it is granted class work (attendance, academics or hifz).
 */
export function useTeaches(): boolean {
  const role = useAuth((s) => s.user?.role);
  if (!role) return false;
  if (role.builtin) return TEACHING_BUILTINS.has(role.builtin);
  return ["attendance", "academics", "hifz"].some((m) => can(role.permissions, m, "view"));
}
