// The working days' rules without zod: the public pages read them (the admission form's school
// country and days) and must not load the schema library to do it.

/** True for ISO weekdays (1 Monday ... 7 Sunday), at least one, each once: what `WorkingDays` takes. */
export function isWorkingDays(v: unknown): v is number[] {
  return Array.isArray(v) && v.length >= 1 && v.length <= 7 && v.every((d) => Number.isInteger(d) && d >= 1 && d <= 7) && new Set(v).size === v.length;
}

// Where the weekend is Friday and Saturday (the Gulf and most of the Arab world), school runs
// Sunday to Thursday; where only Friday is off (Iran, Afghanistan), Saturday to Thursday; in
// South Asia, where madrasas and many schools teach six days, Monday to Saturday; elsewhere
// Monday to Friday. A school changes it in its settings.
const SUNDAY_TO_THURSDAY = new Set(["SA", "AE", "KW", "QA", "BH", "OM", "YE", "JO", "EG", "IQ", "SY", "LY", "DZ", "SD"]);
const SATURDAY_TO_THURSDAY = new Set(["IR", "AF"]);
const MONDAY_TO_SATURDAY = new Set(["IN", "PK", "BD", "LK", "NP"]);

/** A new school's working days, by its country. */
export function defaultWorkingDays(country: string): number[] {
  const c = country.toUpperCase();
  if (SUNDAY_TO_THURSDAY.has(c)) return [7, 1, 2, 3, 4];
  if (SATURDAY_TO_THURSDAY.has(c)) return [6, 7, 1, 2, 3, 4];
  if (MONDAY_TO_SATURDAY.has(c)) return [1, 2, 3, 4, 5, 6];
  return [1, 2, 3, 4, 5];
}

/** The school's working days: its setting when it has one, else its country's default. */
export function workingDaysOf(config: Record<string, unknown> | undefined, country: string): number[] {
  const own = config?.workingDays;
  return isWorkingDays(own) ? own : defaultWorkingDays(country);
}
