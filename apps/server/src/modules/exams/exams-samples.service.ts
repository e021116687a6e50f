import { sampleTag } from "../../platform/resources/sample-tag.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { sampleSubject } from "../academics/academic-samples.service.js";
import { sampleClassroom } from "../academics/classroom-samples.service.js";
import { sampleEnrolment } from "../academics/enrolment-samples.service.js";
import { examMasterClassrooms, examMasterSubjects, examMasters, examSetComponents, examSets, exams } from "./exams.table.js";

// Rows made straight in a school for the isolation suites' samples. Never used by a request.

/** A term of a new classroom's batch with one subject and its paper; with a student enrolled when asked. */
export async function samplePaper(scope: TenantScope, withStudent = false) {
  const enrolment = withStudent ? await sampleEnrolment(scope) : undefined;
  const room = enrolment ? { id: enrolment.classroomId, batchId: enrolment.batchId } : await sampleClassroom(scope);
  const subject = await sampleSubject(scope);
  const master = await scope.insert(examMasters, { name: `Term ${sampleTag()}`, batchId: room.batchId, startDate: "2026-06-01", endDate: "2026-10-30" });
  await scope.insert(examMasterClassrooms, { examMasterId: master.id, classroomId: room.id });
  await scope.insert(examMasterSubjects, { examMasterId: master.id, subjectId: subject.id, maxMarks: 100, passMarks: 35 });
  const exam = await scope.insert(exams, { examMasterId: master.id, classroomId: room.id, subjectId: subject.id, maxMarks: 100, passMarks: 35 });
  return { master, exam, subject, classroomId: room.id, batchId: room.batchId, studentId: enrolment?.studentId ?? 0 };
}

/** An exam set of one such term. */
export async function sampleSet(scope: TenantScope, withStudent = false) {
  const paper = await samplePaper(scope, withStudent);
  const set = await scope.insert(examSets, { name: `Set ${sampleTag()}`, batchId: paper.batchId });
  await scope.insert(examSetComponents, { examSetId: set.id, examMasterId: paper.master.id });
  return { ...paper, set };
}
