import { DIGITS_SETTING, sessionCalls, workingDaysOf } from "@taleem/contract";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useAuth } from "../lib/auth-store";
import { callAction } from "../lib/call-action";
import { setSchoolDigits } from "../lib/digits";
import { schoolCountry, setSchoolCountry } from "../lib/format";
import { setSchoolCurrency } from "./resource/money";

/**
 * The signed-in school's country (from its open settings, read once a session): dates are
 * typed and shown, and mobile numbers read, its way; figures are written in its digits. A public page passes its school's code (or
 * the country its own reply carries, as `known`).
 */
export function useSchoolCountry(known?: string | null, schoolCode?: string): string {
  const settings = useOpenSettings(!known, schoolCode);
  // Set while rendering (idempotent): the cells formatted in this same render read it.
  setSchoolCountry(known ?? settings.data?.country);
  setSchoolCurrency(settings.data?.currency);
  if (settings.data) setSchoolDigits(settings.data.config[DIGITS_SETTING]);
  return schoolCountry();
}

/** The key of a school's open settings; the settings screen refreshes it after a save. */
export const OPEN_SETTINGS_KEY = ["school-country"] as const;

function useOpenSettings(enabled: boolean, schoolCode?: string) {
  const own = useAuth((s) => s.user?.tenant.code);
  const code = schoolCode || own;
  return useQuery({
    queryKey: [...OPEN_SETTINGS_KEY, code],
    queryFn: () => callAction(sessionCalls.publicSettings, { params: { code: code! } }),
    enabled: !!code && enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The signed-in school's public settings (its working days, its grade words, ...), once per session. */
export function usePublicConfig(): Record<string, unknown> | undefined {
  return useOpenSettings(true).data?.config;
}

/**
 * The days the signed-in school is open (ISO weekdays, 1 Monday ... 7 Sunday, in the school's
 * week order): its setting, else its country's default. The timetable shows these days, date
 * pickers mark the others as weekend.
 */
export function useWorkingDays(): number[] {
  const { data } = useOpenSettings(true);
  return useMemo(() => workingDaysOf(data?.config, data?.country ?? schoolCountry()), [data]);
}
