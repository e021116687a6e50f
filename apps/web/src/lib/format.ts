import { currentLanguage, type Language } from "./i18n";

// The app serves schools in India first: English, Tamil, Malayalam and Urdu read with Indian
// conventions (day before month, lakh grouping); Arabic with its own.
const LOCALES: Record<Language, string> = { en: "en-IN", ta: "ta-IN", ml: "ml-IN", ur: "ur-IN", ar: "ar" };

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function dateFormat(kind: "date" | "datetime" | "time"): Intl.DateTimeFormat {
  const lng = currentLanguage();
  const key = `${lng}:${kind}`;
  let f = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!f) {
    const options: Intl.DateTimeFormatOptions =
      kind === "date" ? { dateStyle: "medium" } : kind === "time" ? { timeStyle: "short" } : { dateStyle: "medium", timeStyle: "short" };
    f = new Intl.DateTimeFormat(LOCALES[lng], options);
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

export function formatNumber(n: number | null | undefined, options?: Intl.NumberFormatOptions): string {
  if (n == null || Number.isNaN(n)) return "";
  const lng = currentLanguage();
  if (options) return new Intl.NumberFormat(LOCALES[lng], options).format(n);
  const key = `${lng}:number`;
  let f = cache.get(key) as Intl.NumberFormat | undefined;
  if (!f) {
    f = new Intl.NumberFormat(LOCALES[lng]);
    cache.set(key, f);
  }
  return f.format(n);
}

/** Money in minor units (paise, fils) with the school's currency. */
export function formatMoney(minor: number | null | undefined, currency: string): string {
  if (minor == null) return "";
  return formatNumber(minor / 100, { style: "currency", currency });
}

export function localeOf(lng: Language = currentLanguage()): string {
  return LOCALES[lng];
}
