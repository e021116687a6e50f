import type { FieldSpec } from "@taleem/contract";
import { type CountryCode, parsePhoneNumberFromString } from "libphonenumber-js/min";
import type { Issue } from "./resource/form-values";

/**
 * A mobile number as the server will read it, with the school's country (the same library and
 * rules): 0501234 is not a number anywhere, and a Saudi school's 0501234567 is.
 */
export function isMobileOf(text: string, country: string): boolean {
  return !!parsePhoneNumberFromString(text.trim(), country as CountryCode)?.isValid();
}

/** The typed mobile numbers of a body that are no number of the school's country. */
export function mobileIssues(fields: readonly FieldSpec[], body: Record<string, unknown>, country: string): Issue[] {
  return fields
    .filter((f) => f.kind === "phone" && typeof body[f.key] === "string" && body[f.key] !== "" && !isMobileOf(body[f.key] as string, country))
    .map((f) => ({ field: f.key, code: "invalid_format" }));
}
