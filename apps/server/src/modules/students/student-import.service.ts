import { setImmediate } from "node:timers/promises";
import { GuardianRelationChoice, type JobStarted, type StudentImportResult } from "@taleem/contract";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import { type RequestContext, withScope } from "../../platform/actions/request-context.js";
import { tryE164 } from "../../platform/auth/phone.js";
import { type ImportColumn, type ImportProblem, readCsv } from "../../platform/files/csv-import.js";
import { AppError, badRequest } from "../../platform/http/errors.js";
import { type JobControl, type JobStarter, jobs } from "../../platform/jobs/job-registry.js";
import { schoolToday } from "../../platform/tenancy/school-calendar.js";
import { tenantOf } from "../../platform/tenancy/tenant-of.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { activeBatch } from "../academics/academics.service.js";
import type { ClassroomInfo } from "../academics/classrooms.service.js";
import { activeEnrolmentsOfStudents, enrolmentValues, insertEnrolments } from "../academics/enrolments.service.js";
import { checkCustomValues, fieldsOf } from "../settings/custom-fields.service.js";
import { linkGuardians, parentAccounts } from "./guardian-accounts.service.js";
import { type StudentImportRow, upsertStudents } from "./students.service.js";

/** The columns of a students sheet; the school's own student fields follow, by key or label. */
export const STUDENT_IMPORT_COLUMNS: readonly ImportColumn[] = [
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
  { key: "guardianName", aliases: ["guardian name", "parent name", "father name", "guardian"] },
  { key: "guardianMobile", aliases: ["guardian mobile", "parent mobile", "guardian phone", "parent phone"] },
  { key: "guardianRelation", aliases: ["relation", "relationship", "guardian relation"] },
];

const DateOnly = /^\d{4}-\d{2}-\d{2}$/;
const realDate = (v: string) => {
  const d = new Date(`${v}T00:00:00Z`);
  return DateOnly.test(v) && !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};
const Email = z.email();
// Today where it is latest (UTC+14): a school ahead of UTC is never refused its own today.
const latestToday = () => new Date(Date.now() + 14 * 3_600_000).toISOString().slice(0, 10);

/** At most this many rows in one import; a school's whole roll fits. */
export const MAX_IMPORT_ROWS = 10_000;
/** Rows written per step of the job: the progress moves this many at a time. */
const IMPORT_CHUNK = 1000;

interface GoodRow extends StudentImportRow {
  row: number;
  classroom?: ClassroomInfo;
  rollNo?: number;
  guardian?: { name: string; mobile: string; relation: string };
}

/** Where the rows go: the classrooms a classroom cell may name, and how messages call them. */
export interface ImportTarget {
  /** The job kind (its progress call reads only these). */
  kind: string;
  /** The classrooms of the active batch a row may name (a course's, or the whole school's). */
  rooms: (scope: TenantScope, batchId: number) => Promise<ClassroomInfo[]>;
  /** "Hifz" in "No single classroom "C" in Hifz this batch". */
  place: string;
  /** The audit entry's entity id (the course; 0 for the whole school). */
  auditId: number;
}

/**
 * Checks every row of a students sheet against the school's data (every problem at once: 400
 * import.invalid, nothing written), then starts a job that writes them all in one transaction and
 * answers with its id at once. Students are matched by admission number (updated) or created;
 * a classroom cell enrols them in the active batch; a guardian's mobile finds or makes the parent
 * account; the school's own fields are checked by their definitions.
 */
export async function startStudentImport(
  ctx: RequestContext,
  text: string,
  target: ImportTarget,
  log?: FastifyBaseLogger,
  startedBy?: JobStarter,
): Promise<JobStarted> {
  const checked = await checkRows(ctx.scope, text, target);
  const job = jobs.start(
    ctx.scope,
    target.kind,
    checked.rows.length,
    (tx, control) => writeImport(withScope(ctx, tx), target, checked, control),
    log,
    startedBy,
  );
  return { message: `Importing ${checked.rows.length} students`, job: job.job, total: job.total };
}

interface CheckedImport {
  rows: GoodRow[];
  batchId: number | undefined;
  country: string;
}

async function checkRows(scope: TenantScope, text: string, target: ImportTarget): Promise<CheckedImport> {
  const defs = (await fieldsOf(scope, { entity: "student" })).filter((d) => d.kind !== "file");
  const columns = [
    ...STUDENT_IMPORT_COLUMNS,
    ...defs.map((d) => ({ key: d.key, aliases: [d.label, ...Object.values(d.labels).filter((l): l is string => !!l)] })),
  ];
  const { table, problems } = readCsv(text, columns, MAX_IMPORT_ROWS);
  if (problems.length) throw invalidImport(problems);
  const { country } = await tenantOf(scope);
  const batch = table.present.has("classroom") ? await activeBatch(scope) : undefined;
  if (table.present.has("classroom") && !batch) {
    throw badRequest("import.no_active_batch", "Mark a batch active before importing students into classrooms.", { field: "classroom" });
  }
  const rooms = batch ? await target.rooms(scope, batch.id) : [];
  const seen = new Map<string, number>();
  const rows: GoodRow[] = [];
  for (const { row, values } of table.rows) {
    const bad = (column: string, message: string) => problems.push({ row, column, message });
    const r = checkRow(row, values, { country, rooms, place: target.place, seen, bad });
    const custom = Object.fromEntries(defs.filter((d) => values[d.key]).map((d) => [d.key, d.multiple ? values[d.key]!.split(/\s*[,;]\s*/) : values[d.key]]));
    if (Object.keys(custom).length) {
      try {
        r.customFields = await checkCustomValues(scope, defs, custom, { field: "customFields", unknown: "refuse", module: "students", paths: false });
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        for (const i of (e.params?.issues as { field: string; message: string }[]) ?? []) bad(i.field.replace(/^customFields\./, ""), i.message);
      }
    }
    rows.push(r);
  }
  if (problems.length) throw invalidImport(problems);
  return { rows, batchId: batch?.id, country };
}

interface RowCheck {
  country: string;
  rooms: ClassroomInfo[];
  place: string;
  /** Admission numbers (lower case) already seen, with their rows. */
  seen: Map<string, number>;
  bad: (column: string, message: string) => void;
}

function checkRow(row: number, v: Record<string, string>, { country, rooms, place, seen, bad }: RowCheck): GoodRow {
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
    if (!realDate(v.dateOfBirth)) bad("dateOfBirth", `"${v.dateOfBirth}" is not a date; use YYYY-MM-DD.`);
    else if (v.dateOfBirth > latestToday()) bad("dateOfBirth", `${v.dateOfBirth} is in the future.`);
    else r.dateOfBirth = v.dateOfBirth;
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
    const named = (name: (c: ClassroomInfo) => string) => rooms.filter((c) => name(c).toLowerCase() === wanted);
    const match = [named((c) => c.label), named((c) => c.name), named((c) => `${c.courseName} ${c.label}`)].find((m) => m.length === 1)?.[0];
    if (match) r.classroom = match;
    else bad("classroom", `No single classroom "${v.classroom}" in ${place} this batch. Classrooms: ${rooms.map((c) => c.label).join(", ") || "none"}.`);
  }
  r.guardian = checkGuardian(v, country, bad);
  return r;
}

function checkGuardian(v: Record<string, string>, country: string, bad: RowCheck["bad"]): GoodRow["guardian"] {
  const { guardianName: name, guardianMobile: mobile } = v;
  const relation = (v.guardianRelation || "guardian").toLowerCase();
  if (!name && !mobile) return undefined;
  if (!name) bad("guardianName", "The guardian's name is empty while their mobile is given.");
  else if (name.length > 120) bad("guardianName", "The guardian's name is longer than 120 characters.");
  const e164 = mobile ? tryE164(mobile, country) : null;
  if (!mobile) bad("guardianMobile", "The guardian's mobile is empty while their name is given.");
  else if (!e164) bad("guardianMobile", `"${mobile}" is not a valid mobile number.`);
  if (!GuardianRelationChoice.safeParse(relation).success) {
    bad("guardianRelation", `"${v.guardianRelation}" is not a relation; use ${GuardianRelationChoice.options.join(", ")}.`);
  }
  return name && e164 ? { name, mobile: e164, relation } : undefined;
}

/**
 * The job's work, in its one transaction, per chunk of rows: the students (one query for the
 * existing ones, one multi-row upsert), their guardians (one look-up, multi-row inserts) and
 * enrolments (one query for the current ones, one multi-row insert). Every problem of every chunk
 * is collected; any one undoes the whole import.
 */
async function writeImport(
  ctx: RequestContext,
  target: ImportTarget,
  { rows, batchId, country }: CheckedImport,
  control: JobControl,
): Promise<StudentImportResult> {
  const { scope } = ctx;
  const startedOn = await schoolToday(scope);
  const problems: ImportProblem[] = [];
  const counts = { created: 0, updated: 0, enrolled: 0, parentsCreated: 0, guardiansLinked: 0 };
  for (let from = 0; from < rows.length; from += IMPORT_CHUNK) {
    const part = rows.slice(from, from + IMPORT_CHUNK);
    const written = await upsertStudents(
      scope,
      part.map(({ row: _r, classroom: _c, rollNo: _n, guardian: _g, ...s }) => s),
    );
    counts.created += written.created;
    counts.updated += written.updated;
    const withGuardian = part.flatMap((r, i) => (r.guardian ? [{ guardian: r.guardian, studentId: written.ids[i]! }] : []));
    if (withGuardian.length) {
      const parents = await parentAccounts(
        scope,
        country,
        withGuardian.map((g) => g.guardian),
      );
      await linkGuardians(
        scope,
        withGuardian.map((g) => ({ userId: parents.byMobile.get(g.guardian.mobile)!, studentId: g.studentId, relation: g.guardian.relation })),
      );
      counts.parentsCreated += parents.created;
      counts.guardiansLinked += withGuardian.length;
    }
    if (batchId) counts.enrolled += await enrolImported(scope, part, written, batchId, startedOn, problems);
    control.progress(from + part.length);
    // The embedded database answers in-process without returning to the event loop: give the
    // progress polls waiting there their turn between chunks, or the bar jumps from 0 to done.
    await setImmediate();
  }
  if (problems.length) throw invalidImport(problems);
  await ctx.audit({ action: "import", entity: "students", entityId: target.auditId, details: counts });
  return {
    message: `Students imported successfully: ${counts.created} added, ${counts.updated} updated, ${counts.enrolled} enrolled, ${counts.parentsCreated} parent accounts made`,
    ...counts,
  };
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

export function invalidImport(problems: ImportProblem[]) {
  const sorted = [...problems].sort((a, b) => a.row - b.row);
  return new AppError(400, "import.invalid", `${sorted.length} problem(s) in the sheet; nothing was imported. Fix them and import again.`, {
    problems: sorted,
  });
}
