import type { RegisterReply } from "@taleem/contract";
import { describe, expect, it } from "vitest";
import { registerLine as line } from "../../features/attendance/register/register.fixture";
import { nextCode, startingMarks, tapCycle, totalsOf } from "./register-marks";

const codes = [
  { id: 1, code: "P", name: "Present", meaning: "present", isDefault: true },
  { id: 2, code: "A", name: "Absent", meaning: "absent", isDefault: false },
  { id: 3, code: "L", name: "Late", meaning: "late", isDefault: false },
  { id: 4, code: "LV", name: "On leave", meaning: "on_leave", isDefault: false },
] as RegisterReply["codes"];

describe("register marks", () => {
  it("cycles a tap through present, absent and late, and starts again from any other code", () => {
    const cycle = tapCycle(codes);
    expect(cycle.map((c) => c.code)).toEqual(["P", "A", "L"]);
    expect(nextCode(cycle, 1)).toBe(2);
    expect(nextCode(cycle, 3)).toBe(1);
    expect(nextCode(cycle, 4)).toBe(1);
  });

  it("opens each child on the saved mark, else on leave when a leave covers the day, else the default code; counts by meaning", () => {
    const reply = {
      codes,
      lines: [line(10, { mark: { codeId: 3, meaning: "late", note: null, updatedAt: "2026-11-23T08:00:00.000Z" } }), line(11, { onLeave: true }), line(12)],
    } as unknown as RegisterReply;
    const marks = startingMarks(reply);
    expect(marks).toEqual({ 10: 3, 11: 4, 12: 1 });
    expect(totalsOf(marks, codes)).toMatchObject({ present: 1, late: 1, on_leave: 1, absent: 0 });
  });
});
