import type { ExamStudent } from "@taleem/contract";
import { describe, expect, it } from "vitest";
import { changedIds, normalise, readCell, sheetOf, wrongIds } from "./marks-entry";

const student = (studentId: number, over: Partial<ExamStudent> = {}): ExamStudent => ({
  studentId,
  admissionNo: `A${studentId}`,
  name: `Child ${studentId}`,
  nameNative: null,
  rollNo: studentId,
  resultId: null,
  marks: null,
  status: null,
  remarks: null,
  ...over,
});

describe("marks entry cells", () => {
  it("reads a typed a or e as absent or exempt, and a comma as the decimal point", () => {
    expect(normalise("a")).toBe("AB");
    expect(normalise("E")).toBe("EX");
    expect(normalise(" 37,5 ")).toBe("37.5");
  });

  it("flags marks above the maximum, not in half marks, or not a number", () => {
    expect(readCell("51", 50)).toEqual({ kind: "error", problem: "aboveMax" });
    expect(readCell("12.25", 50)).toEqual({ kind: "error", problem: "notHalf" });
    expect(readCell("x1", 50)).toEqual({ kind: "error", problem: "notNumber" });
    expect(readCell("-3", 50)).toEqual({ kind: "error", problem: "notNumber" });
    expect(readCell("49.5", 50)).toEqual({ kind: "marks", marks: 49.5 });
    expect(readCell("0", 50)).toEqual({ kind: "marks", marks: 0 });
  });

  it("makes the sheet of entered students only, absent without marks, and refuses it while a cell is wrong", () => {
    const students = [student(1), student(2, { remarks: "Neat" }), student(3), student(4, { marks: 20, status: "present" })];
    const cells = { 1: "45", 2: "AB", 3: "", 4: "20" };
    expect(sheetOf(students, cells, 50)).toEqual([
      { studentId: 1, marks: 45, status: "present", remarks: undefined },
      { studentId: 2, marks: null, status: "absent", remarks: "Neat" },
      { studentId: 4, marks: 20, status: "present", remarks: undefined },
    ]);
    expect(changedIds(students, cells)).toEqual([1, 2]);
    expect(sheetOf(students, { ...cells, 3: "60" }, 50)).toBeNull();
    expect(wrongIds(students, { ...cells, 3: "60" }, 50)).toEqual([3]);
  });
});
