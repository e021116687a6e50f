import { useQuery } from "@tanstack/react-query";
import { superSettings } from "./super-settings";

/**
 * Full addresses of the public pages a school hands out (admission form, record forms,
 * enrolment verification): on PUBLIC_URL when the server names one, so a link copied by an
 * admin on the office network still opens for a parent at home; else on the address the app is
 * opened at.
 */
export function usePublicAddress(): (path: string) => string {
  const { data } = useQuery({ queryKey: ["super-settings"], queryFn: superSettings, staleTime: Number.POSITIVE_INFINITY });
  const base = (data?.publicUrl ?? window.location.origin).replace(/\/+$/, "");
  return (path) => `${base}${path}`;
}
