import { sessionCalls } from "@taleem/contract";
import { callAction } from "../../lib/call-action";

export type OtpPurpose = "login" | "reset";

/** Sends a one-time code by SMS (POST /user/open/auth/loginotp). */
export function requestOtp(school: string, mobile: string, purpose: OtpPurpose) {
  return callAction(sessionCalls.requestCode, { body: { mobile: mobile.trim(), code: school, purpose } });
}
