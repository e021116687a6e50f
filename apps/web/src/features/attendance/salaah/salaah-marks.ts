import type { SalaahGrouped, SalaahMeaning } from "@taleem/contract";

/** The colour each meaning shows in, whatever the school calls the option. */
export const MEANING_COLOR: Record<SalaahMeaning, string> = {
  congregation: "teal",
  alone: "blue",
  late: "yellow",
  missed: "red",
  excused: "gray",
};

type Option = SalaahGrouped["options"][number];

/** The option after `current` in the school's order: one tap moves a child to the next; none starts at the first. */
export function nextOption(options: readonly Option[], current: number | undefined): number | undefined {
  if (!options.length) return undefined;
  const at = options.findIndex((o) => o.id === current);
  return options[(at + 1) % options.length]!.id;
}

/** The day `n` days before `day` (YYYY-MM-DD), in the calendar, not the clock. */
export function dayBefore(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
}
