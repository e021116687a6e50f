import type { RoleRow, UserRow } from "@taleem/contract";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { type ListReply, resourceKeys, resourceUrl } from "../ui/resource";
import { api } from "./api";

export type Option = { value: string; label: string };

function useRoles() {
  return useQuery({
    queryKey: resourceKeys("role").list({ limit: 500, purpose: "options" }),
    queryFn: () => api.get<ListReply<RoleRow>>(resourceUrl("role"), { limit: 500 }),
    staleTime: 60_000,
    // A role that may not list roles or users simply gets no choices here, not a warning.
    meta: { toast403: false },
  });
}

function useActiveUsers(query: Record<string, string | number | undefined>, enabled: boolean) {
  return useQuery({
    queryKey: resourceKeys("user").list({ ...query, limit: 500, status: "active", purpose: "people" }),
    queryFn: () => api.get<ListReply<UserRow>>(resourceUrl("user"), { ...query, limit: 500, status: "active", sort: "name" }),
    enabled,
    staleTime: 60_000,
    meta: { toast403: false },
  });
}

const asOption = (u: UserRow): Option => ({ value: String(u.id), label: u.mobile ? `${u.name} (${u.mobile})` : u.name });

/**
 * Who may teach: active users with a role that is not the Parent role (the server's rule for a
 * class teacher, a timetable teacher or a lesson's teacher).
 */
export function useStaffOptions() {
  const roles = useRoles();
  const users = useActiveUsers({}, true);
  const options = useMemo(() => {
    const parentRoles = new Set((roles.data?.rows ?? []).filter((r) => r.builtin === "parent").map((r) => r.id));
    return (users.data?.rows ?? []).filter((u) => u.profiles.some((p) => !parentRoles.has(p.roleId))).map((u) => ({ value: String(u.id), label: u.name }));
  }, [roles.data, users.data]);
  return { options, isLoading: roles.isLoading || users.isLoading };
}

/** The school's parents: active users holding the built-in Parent role. */
export function useParentOptions(enabled = true) {
  const roles = useRoles();
  const parentRole = roles.data?.rows.find((r) => r.builtin === "parent");
  const users = useActiveUsers({ roleId: parentRole?.id }, enabled && !!parentRole);
  const options = useMemo(() => (users.data?.rows ?? []).map(asOption), [users.data]);
  return { options, isLoading: roles.isLoading || users.isLoading };
}
