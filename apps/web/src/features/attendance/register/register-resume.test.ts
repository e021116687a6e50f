import type { MarkConflict, RegisterReply } from "@taleem/contract";
import { describe, expect, it } from "vitest";
import type { PendingSave } from "../../../lib/register-store";
import { registerLine } from "./register.fixture";
import { chosenCode, resumedMarks, seenMarks, unmarkedChildren } from "./register-resume";

const P = 1;
const A = 2;
const L = 3;
const E = 4;
const codes = [
  { id: P, code: "P", name: "Present", meaning: "present", isDefault: true },
  { id: A, code: "A", name: "Absent", meaning: "absent", isDefault: false },
  { id: L, code: "L", name: "Late", meaning: "late", isDefault: false },
  { id: E, code: "E", name: "Excused", meaning: "excused", isDefault: false },
] as RegisterReply["codes"];

const OPENED = "2026-11-23T08:00:00.000Z";
const OFFICE = "2026-11-23T08:05:00.000Z";
const mark = (codeId: number, updatedAt: string) => ({ codeId, meaning: codes.find((c) => c.id === codeId)!.meaning, note: null, updatedAt });
const line = (studentId: number, m: ReturnType<typeof mark>) => registerLine(studentId, { mark: m });

// The register as the server has it after the office changed children 10 and 11.
const now = { codes, lines: [line(10, mark(A, OFFICE)), line(11, mark(L, OFFICE)), line(12, mark(P, OPENED))] } as unknown as RegisterReply;

const conflict: MarkConflict = {
  studentId: 10,
  name: "Child 10",
  date: "2026-11-23",
  theirs: { codeId: A, code: "A", meaning: "absent", byName: "Office", at: OFFICE },
  mine: { codeId: E, code: "E", meaning: "excused" },
};

// The teacher, whose screen showed everyone present, changed 10 to excused and 12 to absent, and left 11.
const waiting: PendingSave = {
  batchId: "reg-1",
  label: "Class 5-A",
  queuedAt: 0,
  conflicts: [conflict],
  body: {
    classroomId: 7,
    date: "2026-11-23",
    hourId: null,
    clientBatchId: "reg-1",
    marks: [
      { studentId: 10, codeId: E, seen: OPENED, seenCodeId: P },
      { studentId: 11, codeId: P, seen: OPENED, seenCodeId: P },
      { studentId: 12, codeId: A, seen: OPENED, seenCodeId: P },
    ],
  },
};

describe("a register whose save waits for the teacher's choice", () => {
  it("opens on the server's marks with the teacher's own changes over them, not the marks they left as they were", () => {
    expect(resumedMarks(now, waiting)).toEqual({ 10: E, 11: L, 12: A });
    expect(resumedMarks(now, undefined)).toEqual({ 10: A, 11: L, 12: P });
  });

  it("sends the other person's mark as seen for a conflict, what the screen first showed for the teacher's other changes, and the register now for the rest", () => {
    const seen = seenMarks(now, waiting);
    expect(seen.get(10)).toEqual({ seen: OFFICE, seenCodeId: A });
    expect(seen.get(11)).toEqual({ seen: OFFICE, seenCodeId: L });
    expect(seen.get(12)).toEqual({ seen: OPENED, seenCodeId: P });
    expect([chosenCode(conflict, "theirs"), chosenCode(conflict, "mine")]).toEqual([A, E]);
  });

  it("counts every mark of a save that did not say what its screen showed as the teacher's", () => {
    const older = { ...waiting, body: { ...waiting.body, marks: waiting.body.marks.map(({ seenCodeId: _, ...m }) => m) } };
    expect(resumedMarks(now, older)).toEqual({ 10: E, 11: P, 12: A });
  });
});

describe("a register reopened with no signal while its save waits to be sent", () => {
  // The kept copy has no marks; the teacher marked 20 absent and 21 late, left 22 present, and saved on the phone.
  const kept = { codes, lines: [registerLine(20), registerLine(21), registerLine(22), registerLine(23)] } as unknown as RegisterReply;
  const queued: PendingSave = {
    batchId: "reg-2",
    label: "Class 5-A",
    queuedAt: 0,
    body: {
      classroomId: 7,
      date: "2026-11-24",
      hourId: null,
      clientBatchId: "reg-2",
      marks: [
        { studentId: 20, codeId: A, seen: null, seenCodeId: null },
        { studentId: 21, codeId: L, seen: null, seenCodeId: null },
        { studentId: 22, codeId: P, seen: null, seenCodeId: null },
      ],
    },
  };

  it("shows the marks that wait, not the school's default for everyone", () => {
    expect(resumedMarks(kept, queued)).toEqual({ 20: A, 21: L, 22: P, 23: P });
  });

  it("leaves the waiting marks and the saved ones to All present: only a child with neither is marked", () => {
    expect(unmarkedChildren(kept, queued)).toEqual([23]);
    expect(unmarkedChildren(now, undefined)).toEqual([]);
    expect(unmarkedChildren(kept, undefined)).toEqual([20, 21, 22, 23]);
  });
});
