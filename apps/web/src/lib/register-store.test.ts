import type { RegisterReply } from "@taleem/contract";
import { describe, expect, it } from "vitest";
import { registerLine } from "../features/attendance/register/register.fixture";
import { registerOnDay } from "./register-store";

const codes = [{ id: 1, code: "P", name: "Present", meaning: "present", isDefault: true }] as RegisterReply["codes"];
const mark = { codeId: 1, meaning: "present", note: null, updatedAt: "2026-12-05T03:00:00.000Z" } as const;
/** Class 5-A (id 7) as the teaching kit kept it: taken on the 4th and the 5th. */
const kept = (date: string, extra: Partial<RegisterReply> = {}): RegisterReply => ({
  message: "Register",
  classroom: { id: 7, label: "Class 5-A" },
  date,
  hourId: null,
  codes,
  editable: true,
  lockedReason: null,
  taken: { byName: "Ustadha", at: `${date}T03:00:00.000Z` },
  lines: [registerLine(1, { mark }), registerLine(2, { mark, onLeave: true })],
  ...extra,
});
const day = { classroomId: 7, date: "2026-12-07", hourId: null };

describe("a day's register the phone never had", () => {
  it("is the class of the newest kept register of that classroom, with no mark, not taken, to mark", () => {
    const reply = registerOnDay([kept("2026-12-04"), kept("2026-12-05", { lines: [registerLine(1, { mark }), registerLine(3)] })], day, "2026-12-07", 3);
    expect(reply).toMatchObject({ date: "2026-12-07", editable: true, lockedReason: null, taken: null });
    expect(reply?.lines.map((l) => [l.studentId, l.mark, l.onLeave])).toEqual([
      [1, null, false],
      [3, null, false],
    ]);
  });

  it("stays locked where the server would refuse it: another's register, a day to come, a day older than the school allows", () => {
    const others = kept("2026-12-05", { editable: false, lockedReason: "attendance.not_your_register" });
    expect(registerOnDay([others], day, "2026-12-07", 3)?.lockedReason).toBe("attendance.not_your_register");
    expect(registerOnDay([kept("2026-12-05")], { ...day, date: "2026-12-08" }, "2026-12-07", 3)?.lockedReason).toBe("attendance.future_date");
    expect(registerOnDay([kept("2026-12-05")], { ...day, date: "2026-12-01" }, "2026-12-07", 3)?.lockedReason).toBe("attendance.too_old");
    expect(registerOnDay([kept("2026-12-05")], { ...day, classroomId: 8 }, "2026-12-07", 3)).toBeUndefined();
  });
});
