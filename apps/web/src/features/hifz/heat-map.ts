import type { HifzDashboard } from "@taleem/contract";

export type HeatCell = { weight: number; mistakes: number };

/** Every ayah with heat, by its global number, from the dashboard's groups (whatever their mode). */
export function heatByAyah(groups: HifzDashboard["heatMapData"]): Map<number, HeatCell> {
  return new Map(groups.flatMap((g) => g.ayahs.map((a) => [a.ayah, { weight: a.weight, mistakes: a.mistakes }] as const)));
}

/**
 * An ayah's heat as a colour, from pale yellow (a little) to red (the hottest ayah of the hafiz);
 * none for an ayah without mistakes. Dark text stays readable on every shade.
 */
export function heatColour(weight: number, hottest: number): string | undefined {
  if (weight <= 0 || hottest <= 0) return undefined;
  const t = Math.min(1, weight / hottest);
  return `hsl(${Math.round(55 * (1 - t))} 95% ${Math.round(80 - 25 * t)}%)`;
}

export const hottestOf = (cells: Map<number, HeatCell>) => Math.max(0, ...[...cells.values()].map((c) => c.weight));
