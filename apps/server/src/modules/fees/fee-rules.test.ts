import { describe, expect, it } from "vitest";
import { allocate, applyConcessions, type ConcessionRule, fineOn, splitBalance } from "./fee-rules.js";

const c = (id: number, level: ConcessionRule["level"], kind: ConcessionRule["kind"], value: number, extra: Partial<ConcessionRule> = {}): ConcessionRule => ({
  id,
  level,
  kind,
  value,
  heads: null,
  priority: 0,
  ...extra,
});

describe("applyConcessions", () => {
  it("stacks 10% sibling and 50% staff child on 1,000.00 to 450.00, each percent of what is left", () => {
    const r = applyConcessions(100_000, "tuition", [c(2, "group", "percent", 5_000), c(1, "student", "percent", 1_000, { priority: -1 })]);
    // The sibling's priority is lower, so it goes first: 100.00 off, then half of 900.00.
    expect(r).toEqual({
      total: 55_000,
      net: 45_000,
      parts: [
        { concessionId: 1, amount: 10_000 },
        { concessionId: 2, amount: 45_000 },
      ],
    });
  });
  it("orders equal priorities batch, group, student", () => {
    const r = applyConcessions(100_000, "tuition", [c(1, "student", "fixed", 10_000), c(2, "batch", "percent", 5_000)]);
    expect(r.parts).toEqual([
      { concessionId: 2, amount: 50_000 },
      { concessionId: 1, amount: 10_000 },
    ]);
  });
  it("waives everything that is left", () => {
    expect(applyConcessions(100_000, "tuition", [c(1, "batch", "percent", 2_000), c(2, "student", "waiver", 0)])).toEqual({
      total: 100_000,
      net: 0,
      parts: [
        { concessionId: 1, amount: 20_000 },
        { concessionId: 2, amount: 80_000 },
      ],
    });
  });
  it("floors a fixed concession beyond the amount at 0", () => {
    expect(applyConcessions(30_000, "exam", [c(1, "student", "fixed", 50_000)])).toEqual({
      total: 30_000,
      net: 0,
      parts: [{ concessionId: 1, amount: 30_000 }],
    });
  });
  it("leaves out other heads and dates outside the validity", () => {
    const rules = [
      c(1, "batch", "percent", 5_000, { heads: ["transport"] }),
      c(2, "batch", "fixed", 1_000, { validFrom: "2026-04-01", validTo: "2026-06-30" }),
    ];
    expect(applyConcessions(10_000, "tuition", rules, "2026-07-10").total).toBe(0);
    expect(applyConcessions(10_000, "tuition", rules, "2026-06-30").total).toBe(1_000);
    expect(applyConcessions(10_000, "transport", rules, "2026-07-10").total).toBe(5_000);
  });
  it("rounds a percent half up in minor units", () => {
    expect(applyConcessions(333, "tuition", [c(1, "batch", "percent", 1_250)]).total).toBe(42);
  });
});

describe("fineOn", () => {
  const due = { dueDate: "2026-07-10", balance: 100_000 };
  it("charges a fixed fine once the grace is over, capped", () => {
    const rule = { kind: "fixed" as const, graceDays: 5, amount: 5_000 };
    expect(fineOn(due, rule, "2026-07-15")).toBe(0);
    expect(fineOn(due, rule, "2026-07-16")).toBe(5_000);
    expect(fineOn(due, { ...rule, cap: 3_000 }, "2026-09-01")).toBe(3_000);
  });
  it("charges a percent of the balance", () => {
    const rule = { kind: "percent" as const, graceDays: 0, percent: 250 };
    expect(fineOn(due, rule, "2026-07-10")).toBe(0);
    expect(fineOn(due, rule, "2026-07-11")).toBe(2_500);
    expect(fineOn({ ...due, balance: 40_000 }, rule, "2026-07-11")).toBe(1_000);
  });
  it("charges each day past the grace, up to the cap", () => {
    const rule = { kind: "perDay" as const, graceDays: 3, amount: 200, cap: 1_000 };
    expect(fineOn(due, rule, "2026-07-13")).toBe(0);
    expect(fineOn(due, rule, "2026-07-15")).toBe(400);
    expect(fineOn(due, rule, "2026-08-30")).toBe(1_000);
  });
  it("charges the last slab reached", () => {
    const rule = {
      kind: "slabs" as const,
      graceDays: 0,
      slabs: [
        { afterDays: 30, amount: 10_000 },
        { afterDays: 1, amount: 2_000 },
      ],
    };
    expect(fineOn(due, rule, "2026-07-10")).toBe(0);
    expect(fineOn(due, rule, "2026-07-11")).toBe(2_000);
    // 29 days late, then 30.
    expect(fineOn(due, rule, "2026-08-08")).toBe(2_000);
    expect(fineOn(due, rule, "2026-08-09")).toBe(10_000);
  });
  it("charges nothing on a pledge, a waived fine, a settled balance or no rule", () => {
    const rule = { kind: "fixed" as const, graceDays: 0, amount: 5_000 };
    expect(fineOn({ ...due, pledge: true }, rule, "2026-09-01")).toBe(0);
    expect(fineOn({ ...due, fineWaivedAt: "2026-08-01T00:00:00Z" }, rule, "2026-09-01")).toBe(0);
    expect(fineOn({ ...due, balance: 0 }, rule, "2026-09-01")).toBe(0);
    expect(fineOn(due, null, "2026-09-01")).toBe(0);
  });
});

describe("allocate", () => {
  const dues = [
    { feeId: 2, name: "Term 2", dueDate: "2026-10-10", fine: 0, balance: 100_000 },
    { feeId: 1, name: "Term 1", dueDate: "2026-07-10", fine: 5_000, balance: 100_000 },
  ];
  it("pays the fine first, then the oldest due, a partial payment stopping where it runs out", () => {
    expect(allocate(60_000, dues)).toEqual({
      allocations: [
        { feeId: 1, feeName: "Term 1", kind: "fine", amount: 5_000 },
        { feeId: 1, feeName: "Term 1", kind: "due", amount: 55_000 },
      ],
      advance: 0,
    });
  });
  it("pays both dues and keeps what is over as an advance", () => {
    const r = allocate(250_000, dues);
    expect(r.allocations.map((a) => [a.feeId, a.kind, a.amount])).toEqual([
      [1, "fine", 5_000],
      [1, "due", 100_000],
      [2, "due", 100_000],
      [null, "advance", 45_000],
    ]);
    expect(r.advance).toBe(45_000);
  });
  it("makes all of it an advance when nothing is owed", () => {
    expect(allocate(1_000, [])).toEqual({ allocations: [{ feeId: null, feeName: null, kind: "advance", amount: 1_000 }], advance: 1_000 });
  });
});

describe("splitBalance", () => {
  it("tells the unpaid fine from the due's own balance", () => {
    expect(splitBalance({ fine: 5_000, balance: 105_000 }, 0)).toEqual({ fine: 5_000, principal: 100_000 });
    expect(splitBalance({ fine: 5_000, balance: 50_000 }, 5_000)).toEqual({ fine: 0, principal: 50_000 });
    expect(splitBalance({ fine: 5_000, balance: 45_000 }, 1_000)).toEqual({ fine: 4_000, principal: 41_000 });
  });
});
