import type { ImportResult, JobStarted } from "@taleem/contract";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import { type RequestContext, withScope } from "../../platform/actions/request-context.js";
import { tryE164 } from "../../platform/auth/phone.js";
import { type ImportColumn, type ImportProblem, readCsv } from "../../platform/files/csv-import.js";
import { csvExportUrl, fetchImportText, type ImportPolicy } from "../../platform/files/import-url.js";
import { AppError, badRequest } from "../../platform/http/errors.js";
import { type JobControl, jobs } from "../../platform/jobs/job-registry.js";
import { schoolToday } from "../../platform/tenancy/school-calendar.js";
import { tenantOf } from "../../platform/tenancy/tenant-of.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { spreadsheetText } from "../admissions/admission-import.service.js";
import { type ClassroomInfo, classroomsOfCourse } from "../classrooms/classrooms.service.js";
import { activeEnrolmentsOfStudents, enrolmentValues, insertEnrolments } from "../enrolments/enrolments.service.js";
import { type StudentImportRow, upsertStudents } from "../students/students.service.js";
import { activeBatch } from "./academics.service.js";
import type { CourseRecord } from "./academics.table.js";

const COLUMNS: readonly ImportColumn[] = [
  { key: "admissionNo", required: true, aliases: ["admission no", "admission number", "adm no", "admno"] },
  { key: "name", required: true, aliases: ["student name", "full name"] },
  { key: "nameNative", aliases: ["native name", "name native", "name (native)"] },
  { key: "gender", aliases: ["sex"] },
  { key: "dateOfBirth", aliases: ["dob", "date of birth", "birth date"] },
  { key: "mobile", aliases: ["phone", "mobile number", "contact"] },
  { key: "email", aliases: ["e-mail"] },
  { key: "address" },
  { key: "classroom", aliases: ["class", "division", "class room"] },
  { key: "rollNo", aliases: ["roll no", "roll number", "roll"] },
];

const DateOnly = /^\d{4}-\d{2}-\d{2}$/;
const realDate = (v: string) => {
  const d = new Date(`${v}T00:00:00Z`);
  return DateOnly.test(v) && !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};
const Email = z.email();

/** At most this many rows in one import; a school's whole roll fits. */
export const MAX_IMPORT_ROWS = 10_000;
// 10,000 full rows (long addresses) stay under this; a bigger body is refused while it downloads.
const MAX_IMPORT_BYTES = 8 * 1024 * 1024;
/** Rows written per step of the job: the progress moves this many at a time. */
const IMPORT_CHUNK = 1000;
/** The job kind of a course import (its progress call reads only these). */
export const COURSE_IMPORT_JOB = "course-import";

interface GoodRow extends StudentImportRow {
  row: number;
  classroom?: ClassroomInfo;
  rollNo?: number;
}

interface CheckedImport {
  rows: GoodRow[];
  batchId: number | undefined;
}

/**
 * Imports a course's students from the sheet link stored on it. The sheet is read and every row
 * checked before the call answers (400 import.invalid with every problem, nothing written); then
 * a job writes all rows in one transaction and the call answers with its id at once. Students are
 * matched by admission number (updated) or created; a classroom column enrols them in that
 * classroom of the course in the active batch.
 */
export async function startCourseImport(ctx: RequestContext, course: CourseRecord, policy: ImportPolicy, log?: FastifyBaseLogger): Promise<JobStarted> {
  if (!course.sheetUrl) {
    throw badRequest("import.no_sheet", "This course has no sheet link. Add the Google Sheets link to the course first.", { field: "sheetUrl" });
  }
  const text = await fetchImportText(csvExportUrl(course.sheetUrl), policy, { maxBytes: MAX_IMPORT_BYTES });
  return startImport(ctx, course, text, log);
}

/** The same import from an uploaded Excel (.xlsx, first sheet) or CSV file. */
export async function startCourseFileImport(ctx: RequestContext, course: CourseRecord, file: { fileName: string; data: string }, log?: FastifyBaseLogger) {
  return startImport(ctx, course, await spreadsheetText(file.fileName, file.data), log);
}

async function startImport(ctx: RequestContext, course: CourseRecord, text: string, log?: FastifyBaseLogger): Promise<JobStarted> {
  const checked = await checkRows(ctx.scope, course, text);
  const job = jobs.start(ctx.scope, COURSE_IMPORT_JOB, checked.rows.length, (tx, control) => writeImport(withScope(ctx, tx), course, checked, control), log);
  return { message: `Importing ${checked.rows.length} students`, job: job.job, total: job.total };
}

/** Checks every row of the sheet against the school's data; throws every problem at once. */
async function checkRows(scope: TenantScope, course: CourseRecord, text: string): Promise<CheckedImport> {
  const { table, problems } = readCsv(text, COLUMNS, MAX_IMPORT_ROWS);
  if (problems.length) throw invalid(problems);
  const { country } = await tenantOf(scope);
  const batch = table.present.has("classroom") ? await activeBatch(scope) : undefined;
  if (table.present.has("classroom") && !batch) {
    throw badRequest("import.no_active_batch", "Mark a batch active before importing students into classrooms.", { field: "classroom" });
  }
  const rooms = batch ? await classroomsOfCourse(scope, course.id, batch.id) : [];
  const seen = new Map<string, number>();
  const rows = table.rows.map(({ row, values }) =>
    checkRow(row, values, { country, rooms, course, seen, bad: (column, message) => problems.push({ row, column, message }) }),
  );
  if (problems.length) throw invalid(problems);
  return { rows, batchId: batch?.id };
}

interface RowCheck {
  country: string;
  rooms: ClassroomInfo[];
  course: CourseRecord;
  /** Admission numbers (lower case) already seen, with their rows. */
  seen: Map<string, number>;
  bad: (column: string, message: string) => void;
}

function checkRow(row: number, v: Record<string, string>, { country, rooms, course, seen, bad }: RowCheck): GoodRow {
  const r: GoodRow = { row, admissionNo: v.admissionNo ?? "", name: v.name ?? "" };
  if (!r.admissionNo) bad("admissionNo", "The admission number is empty.");
  else if (r.admissionNo.length > 40) bad("admissionNo", "The admission number is longer than 40 characters.");
  else if (seen.has(r.admissionNo.toLowerCase()))
    bad("admissionNo", `The admission number ${r.admissionNo} is also on row ${seen.get(r.admissionNo.toLowerCase())}.`);
  else seen.set(r.admissionNo.toLowerCase(), row);
  if (!r.name) bad("name", "The name is empty.");
  else if (r.name.length > 120) bad("name", "The name is longer than 120 characters.");
  if (v.nameNative && v.nameNative.length > 120) bad("nameNative", "The native name is longer than 120 characters.");
  else if (v.nameNative) r.nameNative = v.nameNative;
  if (v.gender) {
    const g = v.gender.toLowerCase();
    if (g === "male" || g === "m") r.gender = "male";
    else if (g === "female" || g === "f") r.gender = "female";
    else bad("gender", `"${v.gender}" is not a gender; use male or female.`);
  }
  if (v.dateOfBirth) {
    if (realDate(v.dateOfBirth)) r.dateOfBirth = v.dateOfBirth;
    else bad("dateOfBirth", `"${v.dateOfBirth}" is not a date; use YYYY-MM-DD.`);
  }
  if (v.mobile) {
    const e164 = tryE164(v.mobile, country);
    if (e164) r.mobile = e164;
    else bad("mobile", `"${v.mobile}" is not a valid mobile number.`);
  }
  if (v.email) {
    if (Email.safeParse(v.email).success) r.email = v.email.toLowerCase();
    else bad("email", `"${v.email}" is not an email address.`);
  }
  if (v.address) r.address = v.address.slice(0, 500);
  if (v.rollNo) {
    const n = Number(v.rollNo);
    if (Number.isInteger(n) && n > 0 && n <= 100_000) r.rollNo = n;
    else bad("rollNo", `"${v.rollNo}" is not a roll number.`);
  }
  if (v.classroom) {
    const wanted = v.classroom.toLowerCase();
    const byLabel = rooms.filter((c) => c.label.toLowerCase() === wanted);
    const byName = rooms.filter((c) => c.name.toLowerCase() === wanted);
    const match = byLabel.length === 1 ? byLabel[0] : byName.length === 1 ? byName[0] : undefined;
    if (match) r.classroom = match;
    else bad("classroom", `No single classroom "${v.classroom}" in ${course.name} this batch. Classrooms: ${rooms.map((c) => c.label).join(", ") || "none"}.`);
  }
  return r;
}

/**
 * The job's work, in its one transaction: per chunk of rows, the students (one query for the
 * existing ones, one multi-row upsert) and their enrolments (one query for the current ones, one
 * multi-row insert). Every problem of every chunk is collected; any one undoes the whole import.
 */
async function writeImport(ctx: RequestContext, course: CourseRecord, { rows, batchId }: CheckedImport, control: JobControl): Promise<ImportResult> {
  const { scope } = ctx;
  const startedOn = await schoolToday(scope);
  const problems: ImportProblem[] = [];
  let created = 0;
  let updated = 0;
  let enrolled = 0;
  for (let from = 0; from < rows.length; from += IMPORT_CHUNK) {
    const part = rows.slice(from, from + IMPORT_CHUNK);
    const written = await upsertStudents(
      scope,
      part.map(({ row: _r, classroom: _c, rollNo: _n, ...s }) => s),
    );
    created += written.created;
    updated += written.updated;
    if (batchId) enrolled += await enrolImported(scope, part, written, batchId, startedOn, problems);
    control.progress(from + part.length);
  }
  if (problems.length) throw invalid(problems);
  const counts = { created, updated, enrolled };
  await ctx.audit({ action: "import", entity: "students", entityId: course.id, details: counts });
  return { message: `Students imported successfully: ${created} added, ${updated} updated, ${enrolled} enrolled`, ...counts };
}

/**
 * Enrols imported rows that name a classroom; a student already in another class of the batch is
 * a problem (added to `problems`). Returns how many were enrolled.
 */
async function enrolImported(
  scope: TenantScope,
  rows: GoodRow[],
  students: { ids: number[]; existing: Set<number> },
  batchId: number,
  startedOn: string,
  problems: ImportProblem[],
) {
  const wanted = rows.map((r, i) => ({ r, studentId: students.ids[i]! })).filter((x) => x.r.classroom);
  if (!wanted.length) return 0;
  // A student the import just created has no enrolment yet: only those that were there are looked up.
  const current = await activeEnrolmentsOfStudents(
    scope,
    wanted.map((w) => w.studentId).filter((id) => students.existing.has(id)),
  );
  const inBatch = new Map(current.filter((e) => e.batchId === batchId).map((e) => [e.studentId, e]));
  const values = [];
  for (const { r, studentId } of wanted) {
    const existing = inBatch.get(studentId);
    if (existing?.classroomId === r.classroom!.id) continue;
    if (existing) {
      problems.push({ row: r.row, column: "classroom", message: `${r.name} is already enrolled in another classroom this batch; transfer them instead.` });
      continue;
    }
    values.push(enrolmentValues(studentId, r.classroom!, startedOn, { rollNo: r.rollNo }));
  }
  if (!problems.length) await insertEnrolments(scope, values);
  return values.length;
}

function invalid(problems: ImportProblem[]) {
  const sorted = [...problems].sort((a, b) => a.row - b.row);
  return new AppError(400, "import.invalid", `${sorted.length} problem(s) in the sheet; nothing was imported. Fix them and import again.`, {
    problems: sorted,
  });
}
