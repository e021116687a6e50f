import type { ExamStudent, ResultEntry, ResultStatus } from "@taleem/contract";

/**
 * The marks-entry grid's cells as typed: "" (nothing entered), "AB" (absent), "EX" (exempt) or
 * marks ("37.5"). A cell becomes a result only when the whole sheet is saved.
 */
export type Cell = string;
export type Cells = Record<number, Cell>;

export const ABSENT = "AB";
export const EXEMPT = "EX";

/** What a cell holds once read: nothing, a status without marks, marks, or a mistake to fix. */
export type Reading =
  | { kind: "blank" }
  | { kind: "status"; status: Exclude<ResultStatus, "present"> }
  | { kind: "marks"; marks: number }
  | { kind: "error"; problem: "notNumber" | "aboveMax" | "notHalf" };

/**
 * A keystroke's text as the cell keeps it: "a" (or "ab") is absent, "e" (or "ex") exempt, a
 * comma is a decimal point; anything else is kept as typed so the row can say what is wrong.
 */
export function normalise(typed: string): Cell {
  const s = typed.trim().replace(",", ".");
  const lower = s.toLowerCase();
  if (lower === "a" || lower === "ab") return ABSENT;
  if (lower === "e" || lower === "ex") return EXEMPT;
  return s;
}

/** Reads a cell against the paper's maximum: marks from 0 to the maximum, in whole or half marks. */
export function readCell(cell: Cell, maxMarks: number): Reading {
  if (cell === "") return { kind: "blank" };
  if (cell === ABSENT) return { kind: "status", status: "absent" };
  if (cell === EXEMPT) return { kind: "status", status: "exempt" };
  if (!/^\d+(\.\d+)?$/.test(cell)) return { kind: "error", problem: "notNumber" };
  const marks = Number(cell);
  if (marks > maxMarks) return { kind: "error", problem: "aboveMax" };
  if (!Number.isInteger(marks * 2)) return { kind: "error", problem: "notHalf" };
  return { kind: "marks", marks };
}

/** The cell of what the server holds for a student. */
export function savedCell(s: Pick<ExamStudent, "marks" | "status">): Cell {
  if (s.status === "absent") return ABSENT;
  if (s.status === "exempt") return EXEMPT;
  return s.marks === null ? "" : String(s.marks);
}

/** The cells as the server holds them, by student. */
export function savedCells(students: readonly ExamStudent[]): Cells {
  return Object.fromEntries(students.map((s) => [s.studentId, savedCell(s)]));
}

/** Students whose cell differs from what is saved. */
export function changedIds(students: readonly ExamStudent[], cells: Cells): number[] {
  return students.filter((s) => (cells[s.studentId] ?? "") !== savedCell(s)).map((s) => s.studentId);
}

/** Students whose cell cannot be saved as it is. */
export function wrongIds(students: readonly ExamStudent[], cells: Cells, maxMarks: number): number[] {
  return students.filter((s) => readCell(cells[s.studentId] ?? "", maxMarks).kind === "error").map((s) => s.studentId);
}

/**
 * The sheet saveClassResults takes: every student with something entered (a blank cell leaves the
 * student out, untouched), keeping the remarks already on their result. Null while a cell is wrong.
 */
export function sheetOf(students: readonly ExamStudent[], cells: Cells, maxMarks: number): ResultEntry[] | null {
  const out: ResultEntry[] = [];
  for (const s of students) {
    const r = readCell(cells[s.studentId] ?? "", maxMarks);
    if (r.kind === "error") return null;
    if (r.kind === "blank") continue;
    const remarks = s.remarks ?? undefined;
    out.push(
      r.kind === "marks"
        ? { studentId: s.studentId, marks: r.marks, status: "present", remarks }
        : { studentId: s.studentId, marks: null, status: r.status, remarks },
    );
  }
  return out;
}
