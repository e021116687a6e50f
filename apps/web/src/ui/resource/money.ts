import { digitsOf, schoolCountry } from "../../lib/format";

// Money travels as integer minor units (paise, fils) of the school's currency; this is where it is
// turned into what a person reads and types, and back.

/** The usual currency of a country, until a reply names the school's own (setSchoolCurrency). */
const COUNTRY_CURRENCY: Record<string, string> = {
  IN: "INR",
  PK: "PKR",
  BD: "BDT",
  LK: "LKR",
  NP: "NPR",
  AE: "AED",
  SA: "SAR",
  QA: "QAR",
  KW: "KWD",
  BH: "BHD",
  OM: "OMR",
  MY: "MYR",
  ID: "IDR",
  SG: "SGD",
  GB: "GBP",
  US: "USD",
  CA: "CAD",
  AU: "AUD",
  ZA: "ZAR",
  NG: "NGN",
  KE: "KES",
  EG: "EGP",
  TR: "TRY",
};

let known: string | null = null;

/** The school's currency as a reply gave it (a fee card, the dashboard); every money cell follows it. */
export function setSchoolCurrency(code: string | null | undefined): void {
  const next = (code ?? "").trim().toUpperCase();
  if (/^[A-Z]{3}$/.test(next)) known = next;
}

export function schoolCurrency(): string {
  return known ?? COUNTRY_CURRENCY[schoolCountry()] ?? "INR";
}

const digitsCache = new Map<string, number>();

/** How many minor-unit digits the currency has: 2 for the rupee, 3 for the Kuwaiti dinar, 0 for the yen. */
export function minorDigits(currency: string = schoolCurrency()): number {
  let d = digitsCache.get(currency);
  if (d === undefined) {
    try {
      // By the currency alone ("en"): a locale may round a currency for display (Rs in ur-PK).
      d = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      d = 2;
    }
    digitsCache.set(currency, d);
  }
  return d;
}

const formatCache = new Map<string, Intl.NumberFormat>();

/**
 * Minor units in the school's currency, grouped the school's country's way (₹1,23,456.50 in
 * India), in the digits the school writes the reader's language in (Latin unless it chose the
 * language's own, format.ts digitsOf): the same as its dates and counts, and its receipts. Whole
 * amounts show no fraction (₹1,250).
 */
export function formatMinor(minor: number | null | undefined, currency: string = schoolCurrency(), country: string = schoolCountry()): string {
  if (minor == null || Number.isNaN(minor)) return "";
  const d = minorDigits(currency);
  const scale = 10 ** d;
  const whole = Math.round(minor) % scale === 0;
  const digits = digitsOf();
  const key = `${currency}:${country}:${whole}:${digits}`;
  let f = formatCache.get(key);
  if (!f) {
    const options: Intl.NumberFormatOptions = {
      style: "currency",
      currency,
      numberingSystem: digits,
      minimumFractionDigits: whole ? 0 : d,
      maximumFractionDigits: d,
    };
    try {
      f = new Intl.NumberFormat(`en-${country}`, options);
    } catch {
      f = new Intl.NumberFormat("en", options);
    }
    formatCache.set(key, f);
  }
  return f.format(Math.round(minor) / scale);
}

/** Lakh grouping where the school's country writes it so (an amount typed at an Indian counter). */
export const groupingStyle = (country: string = schoolCountry()): "lakh" | "thousand" =>
  ["IN", "PK", "BD", "NP", "LK"].includes(country) ? "lakh" : "thousand";

/** Minor units as the major-unit text an input holds: 125050 -> "1250.50", 125000 -> "1250". */
export function minorToMajor(minor: number | null | undefined, currency: string = schoolCurrency()): string {
  if (minor == null || Number.isNaN(minor)) return "";
  const d = minorDigits(currency);
  const n = Math.round(minor);
  const sign = n < 0 ? "-" : "";
  const abs = Math.abs(n);
  if (d === 0) return `${sign}${abs}`;
  const scale = 10 ** d;
  const frac = abs % scale;
  return frac === 0 ? `${sign}${Math.floor(abs / scale)}` : `${sign}${Math.floor(abs / scale)}.${String(frac).padStart(d, "0")}`;
}

const EASTERN = /[٠-٩۰-۹]/g;
const latin = (s: string) => s.replace(EASTERN, (c) => String((c.codePointAt(0)! - (c >= "۰" ? 0x06f0 : 0x0660)) % 10));

/**
 * What was typed in major units ("1,250.50", "1250.5", "۱۲۵۰") as minor units (125050), counted
 * in whole digits so no binary fraction creeps in; null when it is not an amount or has more
 * decimals than the currency has.
 */
export function majorToMinor(text: string | number | null | undefined, currency: string = schoolCurrency()): number | null {
  if (text == null) return null;
  const s = latin(String(text))
    .trim()
    .replace(/[,\s٬]/g, "")
    .replace("٫", ".");
  if (s === "") return null;
  const d = minorDigits(currency);
  const m = /^(\d+)(?:\.(\d*))?$/.exec(s);
  if (!m) return null;
  const frac = m[2] ?? "";
  if (frac.replace(/0+$/, "").length > d) return null;
  return Number(m[1]) * 10 ** d + Number((frac + "0".repeat(d)).slice(0, d) || "0");
}
