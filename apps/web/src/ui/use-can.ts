import { can } from "@taleem/contract";
import { useCallback } from "react";
import { useAuth } from "../lib/auth-store";

/** `can(module, action)` for the signed-in person's active role: what the screens show or hide. */
export function useCan() {
  const permissions = useAuth((s) => s.user?.role.permissions);
  return useCallback((module: string, action: string) => can(permissions ?? {}, module, action), [permissions]);
}
