import { storage } from "../../../lib/storage";
import type { Cells } from "./marks-entry";

/**
 * Marks typed but not yet saved, kept in this browser (localStorage, not the tab's session): a
 * closed tab, a reload or a lost signal resumes the sheet where it was. Kept per school and
 * exam; gone once the sheet is saved or the teacher discards it.
 */
const PREFIX = "taleem_marks:";

export interface MarksDraft {
  cells: Cells;
  /** When it was last typed in (ISO instant). */
  at: string;
}

const keyOf = (school: string, examId: number) => `${PREFIX}${school}:${examId}`;

export function readMarksDraft(school: string, examId: number): MarksDraft | null {
  const raw = storage.get(keyOf(school, examId));
  if (!raw) return null;
  try {
    const d = JSON.parse(raw) as MarksDraft;
    return d && typeof d.cells === "object" ? d : null;
  } catch {
    return null;
  }
}

export function saveMarksDraft(school: string, examId: number, cells: Cells): void {
  storage.set(keyOf(school, examId), JSON.stringify({ cells, at: new Date().toISOString() } satisfies MarksDraft));
}

export function dropMarksDraft(school: string, examId: number): void {
  storage.remove(keyOf(school, examId));
}
