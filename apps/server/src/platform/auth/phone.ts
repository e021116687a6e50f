import { type CountryCode, parsePhoneNumberFromString } from "libphonenumber-js";
import { badRequest } from "../http/errors.js";

/** A mobile number as typed, read with the school's country as the default, in E.164; refused unless it is a real number there (isValid: the ranges in use, not just the length). */
export function toE164(input: string, country: string, field = "mobile"): string {
  const parsed = parsePhoneNumberFromString(input.trim(), country.toUpperCase() as CountryCode);
  if (!parsed?.isValid()) throw badRequest("mobile.invalid", `${input.slice(0, 30)} is not a valid mobile number.`, { field });
  return parsed.number;
}

/** E.164 or null, never throwing: for look-ups where a bad number simply finds nobody. */
export function tryE164(input: string, country: string): string | null {
  const parsed = parsePhoneNumberFromString(input.trim(), country.toUpperCase() as CountryCode);
  return parsed?.isValid() ? parsed.number : null;
}
