import type { ResultStatus } from "@taleem/contract";
import { parse } from "csv-parse/sync";
import { spreadsheetText } from "../../platform/files/spreadsheet-text.js";
import { AppError, badRequest } from "../../platform/http/errors.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { subjectsByIds } from "../academics/academics.service.js";
import { setPapers, setStudents } from "./exam-sets.service.js";
import type { ExamMasterRecord } from "./exams.table.js";
import { type ResultValues, upsertResults } from "./results.service.js";

export interface UploadProblem {
  row: number;
  column: string;
  message: string;
}

const MAX_ROWS = 5000;
/** Header cells compared without case, spaces, dots, dashes or underscores. */
const fold = (s: string) => s.toLowerCase().replace(/[\s._\-/]+/g, "");
const ADMISSION = ["admissionno", "admissionnumber", "admno", "admission"].map(fold);
/** Columns a sheet may carry for people to read, and that the upload skips. */
const IGNORED = ["name", "studentname", "rollno", "roll", "class", "classroom", "division"].map(fold);

/** Which term of the set the sheet is for: the one named, or the set's only one (400 naming examMasterId). */
function termOf(masters: ExamMasterRecord[], examMasterId: number | undefined) {
  if (examMasterId !== undefined) {
    const m = masters.find((x) => x.id === examMasterId);
    if (!m) throw badRequest("result.upload_term", "This examination is not a term of the exam set.", { field: "examMasterId" });
    return m;
  }
  if (masters.length !== 1)
    throw badRequest("result.upload_term", "The exam set has several terms: choose the one the sheet is for.", { field: "examMasterId" });
  return masters[0] as ExamMasterRecord;
}

/** A cell's result: marks, AB (absent), EX (exempt); blank is undefined (left as it is). */
function readCell(text: string): { marks: number | null; status: ResultStatus } | string | undefined {
  const t = text.trim();
  if (!t) return undefined;
  if (/^ab$/i.test(t)) return { marks: null, status: "absent" };
  if (/^ex$/i.test(t)) return { marks: null, status: "exempt" };
  if (!/^\d+(\.\d+)?$/.test(t)) return `"${t}" is not marks, AB or EX.`;
  const marks = Number(t);
  if (!Number.isInteger(marks * 2)) return `${t}: marks are whole or half marks.`;
  return { marks, status: "present" };
}

/**
 * One term's marks for a set from a wide sheet: an admission number column, a column per subject
 * (by name or code), cells of marks, AB, EX or blank. Every bad cell is reported (400,
 * params.problems) and nothing is saved unless all are good. Returns the results saved.
 */
export async function uploadSetResults(scope: TenantScope, input: { examsetId: number; examMasterId?: number; fileName: string; data: string }) {
  const { masters, papers } = await setPapers(scope, input.examsetId);
  const term = termOf(masters, input.examMasterId);
  const termPapers = papers.filter((p) => p.examMasterId === term.id);
  const text = await spreadsheetText(input.fileName, input.data);
  let records: string[][];
  try {
    records = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: false, trim: true }) as string[][];
  } catch (e) {
    throw invalidUpload([{ row: (e as { lines?: number }).lines ?? 1, column: "", message: `The file is not valid CSV: ${(e as Error).message}` }]);
  }
  const [header = [], ...body] = records;
  if (body.length > MAX_ROWS) throw badRequest("result.upload_too_long", `A sheet holds at most ${MAX_ROWS} students.`, { field: "data", max: MAX_ROWS });
  const subjects = [...(await subjectsByIds(scope, [...new Set(termPapers.map((p) => p.subjectId))])).values()];
  const problems: UploadProblem[] = [];
  let admissionAt = -1;
  const columns: { index: number; subjectId: number; name: string }[] = [];
  header.forEach((cell, index) => {
    if (!cell) return;
    const f = fold(cell);
    if (ADMISSION.includes(f)) {
      if (admissionAt >= 0) problems.push({ row: 1, column: cell, message: "The admission number column appears twice." });
      admissionAt = index;
      return;
    }
    if (IGNORED.includes(f)) return;
    const subject = subjects.find((s) => fold(s.name) === f || (s.code && fold(s.code) === f));
    if (!subject) problems.push({ row: 1, column: cell, message: `"${cell}" is no subject of ${term.name}.` });
    else if (columns.some((c) => c.subjectId === subject.id)) problems.push({ row: 1, column: cell, message: `The subject ${subject.name} appears twice.` });
    else columns.push({ index, subjectId: subject.id, name: cell });
  });
  if (admissionAt < 0) problems.push({ row: 1, column: "admissionNo", message: "The admission number column is missing." });
  if (problems.length) throw invalidUpload(problems);
  const students = await setStudents(scope, input.examsetId);
  const byAdmission = new Map(students.map((s) => [s.admissionNo.trim().toLowerCase(), s]));
  const seen = new Set<number>();
  const values: ResultValues[] = [];
  body.forEach((cells, i) => {
    const row = i + 2;
    if (cells.every((c) => !c?.trim())) return;
    const admissionNo = cells[admissionAt]?.trim() ?? "";
    const student = byAdmission.get(admissionNo.toLowerCase());
    if (!student) {
      problems.push({ row, column: header[admissionAt] ?? "admissionNo", message: `No student of ${term.name} has admission number "${admissionNo}".` });
      return;
    }
    if (seen.has(student.studentId)) problems.push({ row, column: header[admissionAt] ?? "admissionNo", message: `${admissionNo} appears twice.` });
    seen.add(student.studentId);
    for (const col of columns) {
      const read = readCell(cells[col.index] ?? "");
      if (read === undefined) continue;
      if (typeof read === "string") {
        problems.push({ row, column: col.name, message: read });
        continue;
      }
      const paper = termPapers.find((p) => p.subjectId === col.subjectId && p.classroomId === student.classroomId);
      if (!paper) {
        problems.push({ row, column: col.name, message: `${student.classroomLabel} has no ${col.name} paper in ${term.name}.` });
        continue;
      }
      if (read.marks !== null && read.marks > paper.maxMarks) {
        problems.push({ row, column: col.name, message: `${read.marks} is above the maximum of ${paper.maxMarks}.` });
        continue;
      }
      values.push({ examId: paper.id, studentId: student.studentId, ...read });
    }
  });
  if (problems.length) throw invalidUpload(problems);
  return (await upsertResults(scope, values)).length;
}

function invalidUpload(problems: UploadProblem[]) {
  const sorted = [...problems].sort((a, b) => a.row - b.row);
  return new AppError(400, "result.upload_invalid", `${sorted.length} problem(s) in the sheet; nothing was saved. Fix them and upload again.`, {
    field: "data",
    problems: sorted,
  });
}
