import type { AdmissionEnrol } from "@taleem/contract";
import type { z } from "zod";
import type { RequestContext } from "../../platform/actions/request-context.js";
import { moveUploads } from "../../platform/files/uploads.js";
import { schoolToday } from "../../platform/tenancy/school-calendar.js";
import { tenantOf } from "../../platform/tenancy/tenant-of.js";
import { requireClassroom } from "../academics/classrooms.service.js";
import { assertNotEnrolled, enrolmentValues, insertEnrolments } from "../academics/enrolments.service.js";
import { fieldsOf } from "../settings/custom-fields.service.js";
import { parentAccount } from "../students/guardian-accounts.service.js";
import { insertStudent, setGuardians } from "../students/students.service.js";
import { requireAdmission, requireStatus } from "./admissions.service.js";
import { admissions } from "./admissions.table.js";

/**
 * An approved application becomes a student with a parent account and an enrolment, all in the
 * request's transaction: if any step fails, nothing of it is kept. The steps run in the order a
 * school clerk would: the parent, the student, the class.
 */
export async function enrolApplicant(ctx: RequestContext, input: z.infer<typeof AdmissionEnrol>) {
  const { scope } = ctx;
  const a = await requireAdmission(scope, input.id, true);
  requireStatus(a, ["approved"], "enrolment");

  // The guardian's account: the school's user with this mobile (given a Parent profile if they lack one), or a new one.
  const { country } = await tenantOf(scope);
  const parent = await parentAccount(scope, country, { name: a.guardianName, mobile: a.guardianMobile, email: a.guardianEmail, language: a.guardianLanguage });

  // A taken admission number is refused by the students' unique index (student.admission_no_taken), undoing the parent too.
  const admissionNo = input.admissionNo ?? a.applicationNo;
  const studentFields = new Set((await fieldsOf(scope, { entity: "student" })).map((f) => f.key));
  const student = await insertStudent(scope, {
    admissionNo,
    name: a.name,
    nameNative: a.nameNative,
    gender: a.gender,
    dateOfBirth: a.dateOfBirth,
    photo: a.photo,
    mobile: a.mobile,
    email: a.email,
    address: a.address,
    admittedOn: await schoolToday(scope),
    status: "active",
    customFields: Object.fromEntries(Object.entries(a.customFields).filter(([k]) => studentFields.has(k))),
  });
  if (a.photo) await moveUploads(scope, [a.photo], "students");
  await setGuardians(scope, student.id, [{ userId: parent.id, relation: a.guardianRelation || "guardian" }]);

  const room = await requireClassroom(scope, input.classroomId);
  await assertNotEnrolled(scope, room.batchId, [student.id]);
  const [enrolment] = await insertEnrolments(scope, [
    enrolmentValues(student.id, room, input.startedOn ?? (await schoolToday(scope)), { rollNo: input.rollNo ?? null }),
  ]);

  const updated = await scope.update(admissions, a.id, {
    status: "enrolled",
    studentId: student.id,
    enrolmentId: enrolment!.id,
    parentUserId: parent.id,
    courseId: room.courseId,
    batchId: room.batchId,
  });
  await ctx.audit({ action: "enrol", entity: "admissions", entityId: a.id, before: a, after: updated });
  return { studentId: student.id, enrolmentId: enrolment!.id, parentUserId: parent.id, parentCreated: parent.created, classroom: room.label };
}
