import { sql } from "drizzle-orm";
import { badRequest } from "../../platform/http/errors.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { feeNumberSeries } from "./fees.table.js";

/** The month a country's financial year starts in: April in India, July in Pakistan, January elsewhere. */
const YEAR_STARTS: Record<string, number> = { IN: 4, PK: 7, BD: 7, LK: 4, NP: 7 };

/** The financial year of a date: "2026-27" where the year starts after January, "2026" where it starts in January. */
export function financialYearOf(date: string, country: string): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const start = YEAR_STARTS[country.toUpperCase()] ?? 1;
  if (start === 1) return String(year);
  const first = month >= start ? year : year - 1;
  return `${first}-${String((first + 1) % 100).padStart(2, "0")}`;
}

const PREFIX = { receipt: "R", invoice: "INV" } as const;
export type NumberSeries = keyof typeof PREFIX;

/** A number of a series as printed: R/2026-27/00001 (at most 16 characters). */
export function formatNumber(series: NumberSeries, financialYear: string, n: number): string {
  return `${PREFIX[series]}/${financialYear}/${String(n).padStart(series === "invoice" ? 4 : 5, "0")}`;
}

/**
 * Takes the next number of a series for the financial year of `date`. Must run inside the
 * transaction that issues it: the series row stays locked until that commits, so numbers are
 * consecutive and a rolled-back transaction gives its number back rather than leaving a gap.
 */
export async function nextNumber(
  scope: TenantScope,
  series: NumberSeries,
  date: string,
  country: string,
): Promise<{ number: string; financialYear: string; n: number }> {
  const financialYear = financialYearOf(date, country);
  const [row] = await scope.db
    .insert(feeNumberSeries)
    .values({ tenantId: scope.tenantId, series, financialYear, last: 1 })
    .onConflictDoUpdate({
      target: [feeNumberSeries.tenantId, feeNumberSeries.series, feeNumberSeries.financialYear],
      set: { last: sql`${feeNumberSeries.last} + 1` },
    })
    .returning({ last: feeNumberSeries.last });
  const n = Number(row?.last);
  const number = formatNumber(series, financialYear, n);
  if (number.length > 16) throw badRequest("fee.number_series_full", `The ${series} numbers of ${financialYear} have run out`, { series });
  return { number, financialYear, n };
}
