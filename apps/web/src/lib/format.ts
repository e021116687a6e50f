import { latinDigits, localeTag, onDigitsChange, schoolDigits, digitsOf as schoolDigitsOf } from "./digits";
import { currentLanguage, type Language } from "./i18n";

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
onDigitsChange(() => cache.clear());

/** The digits the school writes the reader's language in (lib/digits.ts): dates, counts and amounts alike. */
export const digitsOf = (lng: Language = currentLanguage()): string => schoolDigitsOf(lng);

/** The school's country (ISO 3166 alpha-2): how its dates are written and typed. */
let country = "IN";

/** Set once the school is known (ui/school-country.ts); India until then. */
export function setSchoolCountry(code: string | null | undefined): void {
  const next = (code ?? "").trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(next) || next === country) return;
  country = next;
  cache.clear();
}

export const schoolCountry = () => country;

// Month first in these countries only; year first in East Asia; day first everywhere else
// (India, Pakistan, the Gulf, Europe).
const MONTH_FIRST = new Set(["US", "PH", "FM", "MH", "PW"]);
const YEAR_FIRST = new Set(["CN", "JP", "KR", "TW", "HU", "LT", "MN"]);

export type DateOrder = "DMY" | "MDY" | "YMD";
export const dateOrder = (c: string = country): DateOrder => (MONTH_FIRST.has(c) ? "MDY" : YEAR_FIRST.has(c) ? "YMD" : "DMY");

/** The pattern a date is typed in at this school (also the input's placeholder): DD/MM/YYYY in India. */
export function dateInputFormat(c: string = country): string {
  const order = dateOrder(c);
  return order === "MDY" ? "MM/DD/YYYY" : order === "YMD" ? "YYYY-MM-DD" : "DD/MM/YYYY";
}

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * A typed date in the school's order ("12/05/2015", "12.5.2015", "12-05-2015") as YYYY-MM-DD, or
 * null when it is not a real day. An ISO date (2015-05-12) is always understood.
 */
export function parseTypedDate(text: string, c: string = country): string | null {
  const parts = latinDigits(text)
    .trim()
    .split(/[\s./-]+/)
    .filter(Boolean);
  if (parts.length !== 3 || parts.some((p) => !/^\d+$/.test(p))) return null;
  const n = parts.map(Number) as [number, number, number];
  const iso = parts[0]!.length === 4;
  const order = iso ? "YMD" : dateOrder(c);
  const [y, m, d] = order === "YMD" ? n : order === "MDY" ? [n[2], n[0], n[1]] : [n[2], n[1], n[0]];
  const year = y < 100 ? 2000 + y : y;
  const day = new Date(year, m - 1, d);
  if (year < 1000 || day.getFullYear() !== year || day.getMonth() !== m - 1 || day.getDate() !== d) return null;
  return `${year}-${pad(m)}-${pad(d)}`;
}

/**
 * YYYY-MM-DD as it is typed at this school ("12/05/2015" in India for 12 May), in its digits of
 * the page's language (either digits may be typed back); anything else as it is.
 */
export function typedDate(iso: string, c: string = country): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return iso;
  const [, y, mo, d] = m;
  const order = dateOrder(c);
  return schoolDigits(order === "YMD" ? iso : order === "MDY" ? `${mo}/${d}/${y}` : `${d}/${mo}/${y}`, currentLanguage());
}

/** The school's time zone (IANA), from the signed-in session (lib/auth-store.ts); the device's until then. */
let timeZone: string | undefined;

export function setSchoolTimeZone(zone: string | null | undefined): void {
  timeZone = zone || undefined;
}

/**
 * Where a moment (when something was sent, last updated) is read: the reader's own clock, the
 * device's. A page drawn on the server (src/ssr) has no reader's clock and reads them in the
 * school's zone, set for that drawing only.
 */
let momentZone: string | undefined;

export function setMomentTimeZone(zone: string | null | undefined): void {
  momentZone = zone || undefined;
}

/**
 * Today at the school as YYYY-MM-DD, whatever zone the device is set to (a teacher's phone left
 * on another zone still opens today's register); `yearsBack` years earlier when asked (a child's
 * birth year).
 */
export function schoolDay(yearsBack = 0): string {
  const parts = schoolDayFormat().formatToParts(new Date());
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return `${part("year") - yearsBack}-${pad(part("month"))}-${pad(part("day"))}`;
}

/**
 * The school's calendar day formatter, made once per zone (screens ask for today many times a
 * render). A zone the browser does not know (an old ICU) falls back to the device's rather than failing.
 */
function schoolDayFormat(): Intl.DateTimeFormat {
  const key = `school-day:${timeZone ?? ""}`;
  let f = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!f) {
    const options = { year: "numeric", month: "2-digit", day: "2-digit" } as const;
    try {
      f = new Intl.DateTimeFormat("en-CA", { ...options, timeZone });
    } catch {
      f = new Intl.DateTimeFormat("en-CA", options);
    }
    cache.set(key, f);
  }
  return f;
}

function dateFormat(kind: "date" | "datetime" | "time" | "clock"): Intl.DateTimeFormat {
  const lng = currentLanguage();
  // A calendar day is the same day in every zone: only moments are read in momentZone. A time of
  // day (formatClock) is written as a moment of UTC and read in UTC, so no zone moves it.
  const zone = kind === "date" ? undefined : kind === "clock" ? "UTC" : momentZone;
  const key = `${lng}:${kind}:${zone ?? ""}`;
  let f = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!f) {
    const options: Intl.DateTimeFormatOptions =
      kind === "date" ? { dateStyle: "medium" } : kind === "datetime" ? { dateStyle: "medium", timeStyle: "short" } : { timeStyle: "short" };
    // The language's words in the school's country order (ar-SA, ur-PK, en-AE); always the
    // Gregorian calendar and the school's digits, which a region could otherwise change.
    const digits = digitsOf(lng);
    const locale = country === "IN" ? localeTag(lng) : `${lng}-${country}`;
    try {
      f = new Intl.DateTimeFormat(locale, { ...options, calendar: "gregory", numberingSystem: digits, timeZone: zone });
    } catch {
      // A zone this runtime does not know: the device's, rather than no date at all.
      f = new Intl.DateTimeFormat(locale, { ...options, calendar: "gregory", numberingSystem: digits });
    }
    cache.set(key, f);
  }
  return f;
}

/** A calendar date (`YYYY-MM-DD`) is a day, not an instant: read it in local time, never UTC. */
function toDate(value: Date | string | number): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === "string") {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (m) return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  }
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

export function formatDate(value: Date | string | number | null | undefined): string {
  const d = value == null ? null : toDate(value);
  return d ? dateFormat("date").format(d) : "";
}

export function formatDateTime(value: Date | string | number | null | undefined): string {
  const d = value == null ? null : toDate(value);
  return d ? dateFormat("datetime").format(d) : "";
}

export function formatTime(value: Date | string | number | null | undefined): string {
  const d = value == null ? null : toDate(value);
  return d ? dateFormat("time").format(d) : "";
}

/**
 * A time of day on the school's wall clock ("09:00", a lesson's start) in the reader's way of
 * writing it ("9:00 am"): the same hour wherever the page is drawn, a phone in another zone or
 * the server drawing the parent home.
 */
export function formatClock(hhmm: string): string {
  const m = /^(\d{2}):(\d{2})/.exec(hhmm);
  return m ? dateFormat("clock").format(new Date(Date.UTC(2000, 0, 1, Number(m[1]), Number(m[2])))) : "";
}

export function formatNumber(n: number | null | undefined, options?: Intl.NumberFormatOptions): string {
  if (n == null || Number.isNaN(n)) return "";
  const lng = currentLanguage();
  // A formatter costs far more to make than to use (a phone makes one in about a millisecond), and a
  // chart or a list formats hundreds of figures: one per language and options, kept.
  const key = `${lng}:number:${options ? JSON.stringify(options) : ""}`;
  let f = cache.get(key) as Intl.NumberFormat | undefined;
  if (!f) {
    f = new Intl.NumberFormat(localeTag(lng), { numberingSystem: digitsOf(lng), ...options });
    cache.set(key, f);
  }
  return f.format(n);
}

/** A date formatter of the page's language with these options, made once (see formatNumber). */
export function dateFormatter(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const lng = currentLanguage();
  const key = `${lng}:date:${JSON.stringify(options)}`;
  let f = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!f) {
    f = new Intl.DateTimeFormat(localeTag(lng), { numberingSystem: digitsOf(lng), ...options });
    cache.set(key, f);
  }
  return f;
}

/** Money in minor units (paise, fils) with the school's currency. */
export function formatMoney(minor: number | null | undefined, currency: string): string {
  if (minor == null) return "";
  return formatNumber(minor / 100, { style: "currency", currency });
}

export function localeOf(lng: Language = currentLanguage()): string {
  return localeTag(lng);
}
