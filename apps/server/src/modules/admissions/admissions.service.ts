import { type AdmissionCreate, AdmissionRow, type AdmissionUpdate, IMAGE_TYPES, type Language, UPLOAD_TYPES } from "@taleem/contract";
import { eq, inArray, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import { toE164 } from "../../platform/auth/phone.js";
import { requireUploads } from "../../platform/files/uploads.js";
import { conflict, notFound } from "../../platform/http/errors.js";
import { schoolYear } from "../../platform/tenancy/school-calendar.js";
import { schoolDigits } from "../../platform/tenancy/school-digits.js";
import { tenantOf } from "../../platform/tenancy/tenant-of.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import type { TenantRow } from "../../platform/tenancy/tenants.table.js";
import { dayText } from "../../platform/texts/dates.js";
import { activeCourses, batchNames, courseNames, requireBatch, requireCourse } from "../academics/academics.service.js";
import { classroomInfos } from "../academics/classrooms.service.js";
import { activeEnrolmentsOfStudents } from "../academics/enrolments.service.js";
import { declarePlaceholderSource, type PlaceholderValues } from "../communication/document-templates.service.js";
import { checkCustomValues, fieldsOf } from "../settings/custom-fields.service.js";
import { studentsByIds } from "../students/students.service.js";
import { type AdmissionDocumentValue, type AdmissionRecord, admissionNumberSeries, admissions } from "./admissions.table.js";

const applicationNoOf = (year: number, n: number) => `ADM-${year}-${String(n).padStart(4, "0")}`;

/**
 * The next application number of the school's year (ADM-2026-0001), taken in the caller's
 * transaction: the series row stays locked until it commits, so concurrent applications get
 * consecutive numbers and a rolled-back one gives its number back.
 */
export async function nextApplicationNo(scope: TenantScope, year: number): Promise<string> {
  const [row] = await scope.db
    .insert(admissionNumberSeries)
    .values({ tenantId: scope.tenantId, year, last: 1 })
    .onConflictDoUpdate({ target: [admissionNumberSeries.tenantId, admissionNumberSeries.year], set: { last: sql`${admissionNumberSeries.last} + 1` } })
    .returning({ last: admissionNumberSeries.last });
  return applicationNoOf(year, row!.last);
}

/** The number the school's next application would get, without taking it. */
export async function peekApplicationNo(scope: TenantScope, year: number): Promise<string> {
  const [row] = await scope.db
    .select({ last: admissionNumberSeries.last })
    .from(admissionNumberSeries)
    .where(scope.where(admissionNumberSeries, eq(admissionNumberSeries.year, year)))
    .limit(1);
  return applicationNoOf(year, (row?.last ?? 0) + 1);
}

/** A child's name as repeats are compared: one Unicode form, spaces collapsed, case folded. */
const nameKey = (name: string) => name.normalize("NFKC").trim().replace(/\s+/gu, " ").toLowerCase();

/**
 * The pending or approved application an exact repeat folds into: the same child's name
 * (normalised), birth date and guardian mobile (E.164). A transaction-level advisory lock on the
 * school and that key is taken first, so of two identical applications arriving together the
 * second waits for the first's transaction, then finds its row.
 */
export async function firstOfRepeat(scope: TenantScope, a: { name: string; dateOfBirth: string | null; guardianMobile: string }) {
  const key = `admission-repeat:${scope.tenantId}:${a.guardianMobile}:${a.dateOfBirth ?? ""}:${nameKey(a.name)}`;
  await scope.db.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
  const rows = await scope.db
    .select()
    .from(admissions)
    .where(
      scope.where(
        admissions,
        eq(admissions.guardianMobile, a.guardianMobile),
        a.dateOfBirth ? eq(admissions.dateOfBirth, a.dateOfBirth) : isNull(admissions.dateOfBirth),
        inArray(admissions.status, ["pending", "approved"]),
      ),
    )
    .orderBy(admissions.id);
  return rows.find((r) => nameKey(r.name) === nameKey(a.name));
}

type AdmissionOut = z.input<typeof AdmissionRow>;

/** Reply rows: the course's and batch's names joined, the consent as one object, the custom fields under their spec name. */
export async function presentAdmissions(scope: TenantScope, rows: AdmissionRecord[]): Promise<AdmissionOut[]> {
  if (!rows.length) return [];
  const [courseById, batchById] = await Promise.all([
    courseNames(
      scope,
      rows.flatMap((r) => r.courseId ?? []),
    ),
    batchNames(
      scope,
      rows.flatMap((r) => r.batchId ?? []),
    ),
  ]);
  return rows.map((a) => ({
    ...a,
    courseName: a.courseId ? (courseById.get(a.courseId) ?? null) : null,
    batchName: a.batchId ? (batchById.get(a.batchId) ?? null) : null,
    customfields: a.customFields,
    consent: a.consentText && a.consentAt ? { version: a.consentVersion ?? "", language: a.consentLanguage ?? "", text: a.consentText, at: a.consentAt } : null,
  }));
}

/**
 * A single admission as spec 001 §3 has it: its custom fields spread onto the record, customfields
 * kept. The row is cut to its reply fields first: the detail's schema lets unknown keys through.
 */
export function spreadCustomFields(row: AdmissionOut) {
  const reply = AdmissionRow.parse(row);
  return { ...reply.customfields, ...reply };
}

/** An admission of this school, or 404; `lock` holds it for the caller's transaction. */
export async function requireAdmission(scope: TenantScope, id: number, lock = false): Promise<AdmissionRecord> {
  const q = scope.db
    .select()
    .from(admissions)
    .where(scope.where(admissions, eq(admissions.id, id)))
    .limit(1);
  const [row] = lock ? await q.for("update") : await q;
  if (!row) throw notFound("Admission");
  return row;
}

/** A pending application made straight in `scope`'s school: the isolation suite's row of another school. */
export async function sampleApplication(scope: TenantScope): Promise<AdmissionRecord> {
  const applicationNo = await nextApplicationNo(scope, schoolYear(await tenantOf(scope)));
  return scope.insert(admissions, {
    applicationNo,
    source: "admin",
    name: "Sample Applicant",
    guardianName: "Sample Guardian",
    guardianMobile: "+919812345678",
  });
}

/** The courses an applicant may choose: the form's list, else every active course, by name. */
export const offeredCourses = (scope: TenantScope, courseIds: number[] | null): Promise<{ id: number; name: string }[]> => activeCourses(scope, courseIds);

type AdminInput = z.infer<typeof AdmissionCreate> | z.infer<typeof AdmissionUpdate>;

/**
 * A paper application's values as stored: phone numbers in E.164, course and batch of this
 * school, photo and documents among the school's uploads, custom fields checked.
 */
export async function adminValues(scope: TenantScope, input: AdminInput): Promise<Partial<typeof admissions.$inferInsert>> {
  const tenant = await tenantOf(scope);
  const { customfields, documents, photo, guardianMobile, mobile, courseId, batchId, id: _id, ...rest } = input as AdminInput & { id?: number };
  const out: Partial<typeof admissions.$inferInsert> = { ...rest };
  if (guardianMobile !== undefined) out.guardianMobile = toE164(guardianMobile, tenant.country, "guardianMobile");
  if (mobile !== undefined) out.mobile = mobile ? toE164(mobile, tenant.country, "mobile") : null;
  if (courseId) out.courseId = (await requireCourse(scope, courseId)).id;
  else if (courseId === null) out.courseId = null;
  if (batchId) out.batchId = (await requireBatch(scope, batchId)).id;
  else if (batchId === null) out.batchId = null;
  if (photo) await requireUploads(scope, [photo], { types: IMAGE_TYPES, field: "photo" });
  if (photo !== undefined) out.photo = photo ?? null;
  if (documents !== undefined) {
    const found = await requireUploads(
      scope,
      documents.map((d) => d.path),
      { types: UPLOAD_TYPES, field: "documents" },
    );
    out.documents = documents.map((d): AdmissionDocumentValue => ({ ...found.get(d.path)!, label: d.label ?? null }));
  }
  if (customfields !== undefined) {
    const defs = await fieldsOf(scope, { entity: "admission" });
    out.customFields = await checkCustomValues(scope, defs, customfields, { field: "customfields", unknown: "refuse", module: "admissions", paths: true });
  }
  return out;
}

/** Refuses a second pending application for the same child from the same mobile number (a double submit, say). */
export async function assertNotPending(scope: TenantScope, a: { name: string; guardianMobile: string; dateOfBirth?: string | null }) {
  const [dup] = await scope.db
    .select({ id: admissions.id })
    .from(admissions)
    .where(
      scope.where(
        admissions,
        eq(sql`lower(${admissions.name})`, a.name.trim().toLowerCase()),
        eq(admissions.guardianMobile, a.guardianMobile),
        a.dateOfBirth ? eq(admissions.dateOfBirth, a.dateOfBirth) : undefined,
        inArray(admissions.status, ["pending", "approved"]),
      ),
    )
    .limit(1);
  if (dup) {
    throw conflict("admission.duplicate", `An application for ${a.name} from this mobile number is already being considered.`, { field: "name" });
  }
}

/** Status changes an admission allows: an enrolled one is history. */
export function refuseIfEnrolled(a: AdmissionRecord, action: string) {
  if (a.status === "enrolled") {
    throw conflict("admission.enrolled", `${a.name} (${a.applicationNo}) is already enrolled; ${action} is not possible.`, { status: a.status });
  }
}

const dateIn = (d: Date | string | null, tenant: TenantRow, language: string, digits: string) => (d ? dayText(language, tenant.timeZone, d, digits) : "");

/** What the document templates' placeholders stand for, for one admission, dates in `language`. */
export async function placeholderValues(scope: TenantScope, a: AdmissionRecord, language: Language | string = a.guardianLanguage): Promise<PlaceholderValues> {
  const [tenant, digits] = await Promise.all([tenantOf(scope), schoolDigits(scope, language)]);
  const [courseById, batchById, rooms] = await Promise.all([
    courseNames(scope, a.courseId ? [a.courseId] : []),
    batchNames(scope, a.batchId ? [a.batchId] : []),
    a.studentId ? enrolmentClassroom(scope, a) : Promise.resolve(undefined),
  ]);
  return {
    studentName: a.name,
    studentNameNative: a.nameNative ?? "",
    dateOfBirth: dateIn(a.dateOfBirth, tenant, language, digits),
    applicationNo: a.applicationNo,
    admissionNo: a.studentId ? (rooms?.admissionNo ?? "") : "",
    guardianName: a.guardianName,
    guardianMobile: a.guardianMobile,
    className: rooms?.label ?? "",
    courseName: a.courseId ? (courseById.get(a.courseId) ?? "") : "",
    batchName: a.batchId ? (batchById.get(a.batchId) ?? "") : "",
    schoolName: tenant.name,
    schoolPhone: tenant.contactPhone ?? tenant.contactEmail ?? "",
    schoolEmail: tenant.contactEmail ?? "",
    schoolAddress: tenant.address ?? "",
    appliedOn: dateIn(a.createdAt, tenant, language, digits),
    decidedOn: dateIn(a.decidedAt, tenant, language, digits),
    reason: a.decisionReason ?? "",
    today: dateIn(new Date(), tenant, language, digits),
  };
}

async function enrolmentClassroom(scope: TenantScope, a: AdmissionRecord) {
  const [enrolled, [student]] = await Promise.all([
    activeEnrolmentsOfStudents(scope, a.studentId ? [a.studentId] : []),
    studentsByIds(scope, a.studentId ? [a.studentId] : []),
  ]);
  const e = enrolled.find((x) => x.id === a.enrolmentId) ?? enrolled[0];
  const rooms = e ? await classroomInfos(scope, [e.classroomId]) : new Map();
  return { label: e ? (rooms.get(e.classroomId)?.label ?? "") : "", admissionNo: student?.admissionNo ?? "" };
}

// A template's preview may fill its placeholders from an application (communication owns the
// templates and never imports admissions: admissions declares how).
declarePlaceholderSource("admission", async (scope, id, language) => placeholderValues(scope, await requireAdmission(scope, id), language));

/** Refuses (409) an action the application's status does not allow, naming the statuses that would. */
export function requireStatus(a: AdmissionRecord, allowed: AdmissionRecord["status"][], action: string) {
  if (!allowed.includes(a.status)) {
    throw conflict("admission.status", `${a.applicationNo} is ${a.status}; ${action} needs it to be ${allowed.join(" or ")}.`, {
      status: a.status,
      allowed,
    });
  }
}

/** Admissions of one status (the dashboard's pending ones). */
export const admissionCount = (scope: TenantScope, status: AdmissionRecord["status"]) => scope.count(admissions, eq(admissions.status, status));
