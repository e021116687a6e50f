import { inDigits, type Language, numberingSystemOf } from "@taleem/contract";
import type { FormatterModule } from "i18next";

// The digits a school writes each language in (contract admin/digits.ts), kept apart from
// format.ts so the texts (i18n.ts) write their figures the same way without importing the formatters.

// The app serves schools in India first: English, Tamil, Malayalam and Urdu read with Indian
// conventions (day before month, lakh grouping); Arabic with its own.
const LOCALES: Record<Language, string> = { en: "en-IN", ta: "ta-IN", ml: "ml-IN", ur: "ur-IN", ar: "ar" };

/** The locale tag a language's dates and figures are written with. */
export const localeTag = (lng: Language): string => LOCALES[lng] ?? "en-IN";

let choice: unknown;
const listeners = new Set<() => void>();

/** The school's choice (its open settings' `digits`); Latin until it is known. */
export function setSchoolDigits(next: unknown): void {
  if (JSON.stringify(next ?? null) === JSON.stringify(choice ?? null)) return;
  choice = next;
  figures.clear();
  for (const l of listeners) l();
}

/** Called when the choice changes (format.ts forgets the formatters it made). */
export function onDigitsChange(listener: () => void): void {
  listeners.add(listener);
}

/**
 * The digits every figure of `lng` is written in at this school (Intl's numbering system): the
 * same for a date, a count and an amount, so no screen mixes two.
 */
export const digitsOf = (lng: Language): string => numberingSystemOf({ digits: choice }, lng);

// The zero of each script whose digits a school may choose, and Devanagari's, which a phone may type.
const ZEROS = [0x0660, 0x06f0, 0x0966, 0x0be6, 0x0d66];

/** Digits of any of those scripts as Latin ones: a date typed on an Urdu keyboard is still a date. */
export function latinDigits(text: string): string {
  return text.replace(/\p{Nd}/gu, (d) => {
    const code = d.codePointAt(0) as number;
    const zero = ZEROS.find((z) => code >= z && code <= z + 9);
    return zero === undefined ? d : String(code - zero);
  });
}

const figures = new Map<string, Intl.NumberFormat>();

/**
 * The texts' formatter: a number put into a text ("{{count}} students") is written in the
 * school's digits, like the figures screens format themselves; anything else goes in as it is.
 */
export const figureFormatter: FormatterModule = {
  type: "formatter",
  init: () => undefined,
  add: () => undefined,
  addCached: () => undefined,
  // Anything but a number is handed back untouched (a missing value stays missing for i18next).
  format: (value: unknown, _format: string | undefined, lng: string | undefined): string => {
    if (typeof value !== "number") return value as string;
    const language = (lng && lng in LOCALES ? lng : "en") as Language;
    let f = figures.get(language);
    if (!f) {
      f = new Intl.NumberFormat(localeTag(language), { numberingSystem: digitsOf(language) });
      figures.set(language, f);
    }
    return f.format(value);
  },
};

/** Latin digits in `text` written in the school's digits of `lng` (a typed date shown back). */
export const schoolDigits = (text: string, lng: Language): string => inDigits(text, digitsOf(lng));
