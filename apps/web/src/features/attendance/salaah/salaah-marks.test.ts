import { describe, expect, it } from "vitest";
import { dayBefore, nextOption } from "./salaah-marks";

const options = [1, 2, 3].map((id) => ({ id, name: `O${id}`, nameNative: null, builtinKey: null, meaning: "alone" as const, order: id }));

describe("salaah marks", () => {
  it("one tap starts at the first option and cycles back round", () => {
    expect(nextOption(options, undefined)).toBe(1);
    expect(nextOption(options, 1)).toBe(2);
    expect(nextOption(options, 3)).toBe(1);
    expect(nextOption([], 1)).toBeUndefined();
  });

  it("counts days across a month", () => {
    expect(dayBefore("2026-03-01", 1)).toBe("2026-02-28");
  });
});
