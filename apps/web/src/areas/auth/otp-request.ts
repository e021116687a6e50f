import { api } from "../../lib/api";

export type OtpPurpose = "login" | "reset";

/** Sends a one-time code by SMS (POST /user/open/auth/loginotp). */
export function requestOtp(school: string, mobile: string, purpose: OtpPurpose) {
  return api.post<{ message?: string }>("/user/open/auth/loginotp", { mobile: mobile.trim(), code: school, purpose });
}
