import { z } from "zod";
import type { RequestContext } from "../../platform/actions/request-context.js";
import { tryE164 } from "../../platform/auth/phone.js";
import { type ImportColumn, type ImportProblem, readCsv } from "../../platform/files/csv-import.js";
import { csvExportUrl, fetchImportText, type ImportPolicy } from "../../platform/files/import-url.js";
import { AppError, badRequest } from "../../platform/http/errors.js";
import { schoolToday } from "../../platform/tenancy/school-calendar.js";
import { tenantOf } from "../../platform/tenancy/tenant-of.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
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

interface GoodRow extends StudentImportRow {
  row: number;
  classroom?: ClassroomInfo;
  rollNo?: number;
}

/**
 * Imports a course's students from the sheet link stored on it: every row is checked first and
 * every problem reported (400, nothing written); then all rows are written in one transaction.
 * Students are matched by admission number (updated) or created; a classroom column enrols them
 * in that classroom of the course in the active batch.
 */
export async function importCourseStudents(ctx: RequestContext, course: CourseRecord, policy: ImportPolicy) {
  if (!course.sheetUrl) {
    throw badRequest("import.no_sheet", "This course has no sheet link. Add the Google Sheets link to the course first.", { field: "sheetUrl" });
  }
  const text = await fetchImportText(csvExportUrl(course.sheetUrl), policy);
  const { table, problems } = readCsv(text, COLUMNS);
  if (problems.length) throw invalid(problems);

  const { scope } = ctx;
  const { country } = await tenantOf(scope);
  const batch = table.present.has("classroom") ? await activeBatch(scope) : undefined;
  if (table.present.has("classroom") && !batch) {
    throw badRequest("import.no_active_batch", "Mark a batch active before importing students into classrooms.", { field: "classroom" });
  }
  const rooms = batch ? await classroomsOfCourse(scope, course.id, batch.id) : [];
  const seen = new Map<string, number>();
  const good: GoodRow[] = [];
  for (const { row, values: v } of table.rows) {
    const bad = (column: string, message: string) => problems.push({ row, column, message });
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
      else
        bad("classroom", `No single classroom "${v.classroom}" in ${course.name} this batch. Classrooms: ${rooms.map((c) => c.label).join(", ") || "none"}.`);
    }
    good.push(r);
  }
  if (problems.length) throw invalid(problems);

  return scope.transaction(async (tx) => {
    const { ids, created, updated } = await upsertStudents(
      tx,
      good.map(({ row: _r, classroom: _c, rollNo: _n, ...s }) => s),
    );
    const enrolled = await enrolImported(tx, good, ids, batch?.id);
    return { created, updated, enrolled };
  });
}

/** Enrols imported rows that name a classroom; a student already in another class of the batch is a problem. */
async function enrolImported(scope: TenantScope, rows: GoodRow[], ids: number[], batchId: number | undefined) {
  if (!batchId) return 0;
  const wanted = rows.map((r, i) => ({ r, studentId: ids[i]! })).filter((x) => x.r.classroom);
  const current = await activeEnrolmentsOfStudents(
    scope,
    wanted.map((w) => w.studentId),
  );
  const problems: ImportProblem[] = [];
  const startedOn = await schoolToday(scope);
  const values = [];
  for (const { r, studentId } of wanted) {
    const existing = current.find((e) => e.studentId === studentId && e.batchId === batchId);
    if (existing?.classroomId === r.classroom!.id) continue;
    if (existing) {
      problems.push({ row: r.row, column: "classroom", message: `${r.name} is already enrolled in another classroom this batch; transfer them instead.` });
      continue;
    }
    values.push(enrolmentValues(studentId, r.classroom!, startedOn, { rollNo: r.rollNo }));
  }
  if (problems.length) throw invalid(problems);
  await insertEnrolments(scope, values);
  return values.length;
}

function invalid(problems: ImportProblem[]) {
  const sorted = [...problems].sort((a, b) => a.row - b.row);
  return new AppError(400, "import.invalid", `${sorted.length} problem(s) in the sheet; nothing was imported. Fix them and import again.`, {
    problems: sorted,
  });
}
