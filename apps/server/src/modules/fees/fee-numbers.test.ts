import { describe, expect, it } from "vitest";
import { financialYearOf, formatNumber } from "./fee-numbers.js";

describe("financial years and numbers", () => {
  it("starts the year in April in India, July in Pakistan, January elsewhere", () => {
    expect(financialYearOf("2026-03-31", "IN")).toBe("2025-26");
    expect(financialYearOf("2026-04-01", "IN")).toBe("2026-27");
    expect(financialYearOf("2026-06-30", "PK")).toBe("2025-26");
    expect(financialYearOf("2026-07-01", "PK")).toBe("2026-27");
    expect(financialYearOf("2099-12-31", "IN")).toBe("2099-00");
    expect(financialYearOf("2026-12-31", "AE")).toBe("2026");
  });
  it("prints numbers of at most 16 characters", () => {
    expect(formatNumber("receipt", "2026-27", 1)).toBe("R/2026-27/00001");
    expect(formatNumber("receipt", "2026-27", 999_999).length).toBe(16);
    expect(formatNumber("invoice", "2026-27", 12)).toBe("INV/2026-27/0012");
  });
});
