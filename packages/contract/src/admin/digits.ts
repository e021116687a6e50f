// How a school writes figures, without zod: the public pages and the server's documents read it.

/**
 * The digits each language may be written in besides the Latin ones: Urdu's (۱۲۳), Arabic's
 * (١٢٣), Tamil's and Malayalam's. A school chooses, per language, one of the two, and every
 * figure its screens, documents and messages write in that language (dates, counts, amounts, a
 * typed date) uses it: one screen never mixes two. Latin digits unless the school chooses otherwise.
 */
export const NATIVE_DIGITS = { ur: "arabext", ar: "arab", ta: "tamldec", ml: "mlym" } as const;
export type DigitsLanguage = keyof typeof NATIVE_DIGITS;
export const DIGITS_LANGUAGES = Object.keys(NATIVE_DIGITS) as DigitsLanguage[];

/** The config key: `{ ur: "native", ar: "latin" }`, a language left out is Latin. */
export const DIGITS_SETTING = "digits";
export const DIGIT_CHOICES = ["latin", "native"] as const;
export type DigitChoice = (typeof DIGIT_CHOICES)[number];

/** True for a choice per language that has digits of its own, and nothing else. */
export function isDigitsSetting(v: unknown): v is Partial<Record<DigitsLanguage, DigitChoice>> {
  return (
    typeof v === "object" &&
    v !== null &&
    !Array.isArray(v) &&
    Object.entries(v).every(([k, c]) => k in NATIVE_DIGITS && (DIGIT_CHOICES as readonly unknown[]).includes(c))
  );
}

/** The Unicode numbering system (Intl's `numberingSystem`) a school writes `language` in: "latn" unless chosen. */
export function numberingSystemOf(config: Record<string, unknown> | null | undefined, language: string): string {
  const setting = config?.[DIGITS_SETTING];
  if (!isDigitsSetting(setting) || !(language in NATIVE_DIGITS)) return "latn";
  return setting[language as DigitsLanguage] === "native" ? NATIVE_DIGITS[language as DigitsLanguage] : "latn";
}

const zeros = new Map<string, number>();

/** The Latin digits of `text` written in the numbering system `digits` ("latn", "arabext", ...). */
export function inDigits(text: string, digits: string): string {
  if (digits === "latn") return text;
  let zero = zeros.get(digits);
  if (zero === undefined) {
    zero = new Intl.NumberFormat("en", { numberingSystem: digits }).format(0).codePointAt(0) as number;
    zeros.set(digits, zero);
  }
  return text.replace(/[0-9]/g, (d) => String.fromCodePoint((zero as number) + Number(d)));
}
