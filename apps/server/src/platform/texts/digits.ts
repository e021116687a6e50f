/**
 * Figures in the digits a school writes a language in (contract admin/digits.ts: Latin unless it
 * chose the language's own): a document or a message writes its dates, counts and amounts in the
 * same digits as the school's screens.
 */
const zeros = new Map<string, number>();

/** Latin digits in `text` written in the numbering system `digits` ("latn", "arabext", ...). */
export function inDigits(text: string, digits: string): string {
  if (digits === "latn") return text;
  let zero = zeros.get(digits);
  if (zero === undefined) {
    zero = new Intl.NumberFormat("en", { numberingSystem: digits }).format(0).codePointAt(0) as number;
    zeros.set(digits, zero);
  }
  return text.replace(/[0-9]/g, (d) => String.fromCodePoint((zero as number) + Number(d)));
}
