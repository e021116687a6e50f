import { sessionCalls } from "@taleem/contract";
import { useQuery } from "@tanstack/react-query";
import { useAuth } from "../lib/auth-store";
import { callAction } from "../lib/call-action";
import { schoolCountry, setSchoolCountry } from "../lib/format";

/**
 * The signed-in school's country (from its open settings, read once a session): dates are
 * typed and shown, and mobile numbers read, its way. A public page passes its school's code (or
 * the country its own reply carries, as `known`).
 */
export function useSchoolCountry(known?: string | null, schoolCode?: string): string {
  const own = useAuth((s) => s.user?.tenant.code);
  const code = schoolCode || own;
  const settings = useQuery({
    queryKey: ["school-country", code],
    queryFn: () => callAction(sessionCalls.publicSettings, { params: { code: code! } }),
    enabled: !!code && !known,
    staleTime: Number.POSITIVE_INFINITY,
  });
  // Set while rendering (idempotent): the cells formatted in this same render read it.
  setSchoolCountry(known ?? settings.data?.country);
  return schoolCountry();
}
