import type { ExamMasterRow } from "@taleem/contract";
import { and, count, eq, gt, inArray, notInArray, or, sql } from "drizzle-orm";
import { badRequest, conflict } from "../../platform/http/errors.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { batchNames, requireSubjects, subjectNames } from "../academics/academics.service.js";
import { classroomInfos, subjectsTaught } from "../academics/classrooms.service.js";
import { type ExamMasterRecord, examMasterClassrooms, examMasterSubjects, examMasters, exams, results } from "./exams.table.js";

export interface MasterSubjectInput {
  subjectId: number;
  maxMarks: number;
  passMarks: number;
}

/** Reply rows: the batch's name, the classrooms, the subjects with their names, and how many papers. */
export async function presentMasters(scope: TenantScope, rows: ExamMasterRecord[]): Promise<ExamMasterRow[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [rooms, subjects, papers, batches] = await Promise.all([
    scope.db
      .select()
      .from(examMasterClassrooms)
      .where(scope.where(examMasterClassrooms, inArray(examMasterClassrooms.examMasterId, ids)))
      .orderBy(examMasterClassrooms.id),
    scope.db
      .select()
      .from(examMasterSubjects)
      .where(scope.where(examMasterSubjects, inArray(examMasterSubjects.examMasterId, ids)))
      .orderBy(examMasterSubjects.position, examMasterSubjects.id),
    scope.db
      .select({ examMasterId: exams.examMasterId, n: count() })
      .from(exams)
      .where(scope.where(exams, inArray(exams.examMasterId, ids)))
      .groupBy(exams.examMasterId),
    batchNames(
      scope,
      rows.map((r) => r.batchId),
    ),
  ]);
  const names = await subjectNames(
    scope,
    subjects.map((s) => s.subjectId),
  );
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    batchName: batches.get(r.batchId) ?? "",
    classroomIds: rooms.filter((c) => c.examMasterId === r.id).map((c) => c.classroomId),
    subjects: subjects
      .filter((s) => s.examMasterId === r.id)
      .map((s) => ({ subjectId: s.subjectId, subjectName: names.get(s.subjectId) ?? "", maxMarks: s.maxMarks, passMarks: s.passMarks })),
    examCount: papers.find((p) => p.examMasterId === r.id)?.n ?? 0,
  }));
}

/** Classrooms of this school (404 otherwise) and of the examination's batch (400 naming classroomIds). */
export async function requireMasterClassrooms(scope: TenantScope, batchId: number, classroomIds: number[]) {
  const rooms = await classroomInfos(scope, classroomIds);
  const unknown = classroomIds.find((id) => !rooms.has(id));
  if (unknown !== undefined) throw badRequest("exam_master.unknown_classroom", `Classroom ${unknown} is not one of this school's.`, { field: "classroomIds" });
  const other = [...rooms.values()].find((r) => r.batchId !== batchId);
  if (other) throw badRequest("exam_master.other_batch", `${other.label} is a classroom of another batch.`, { field: "classroomIds", classroom: other.label });
  return rooms;
}

/** Checks the subjects: each once, each the school's (404). */
export async function checkMasterSubjects(scope: TenantScope, subjects: MasterSubjectInput[]) {
  const ids = subjects.map((s) => s.subjectId);
  if (new Set(ids).size !== ids.length) throw badRequest("exam_master.subject_twice", "A subject appears twice.", { field: "subjects" });
  return requireSubjects(scope, ids);
}

/**
 * Keeps a term's classrooms and subjects as given and makes the papers they lack: one per
 * classroom and master subject the classroom is taught (every subject when the classroom lists
 * none, and only subjects its course may teach). Papers no longer wanted go unless they hold results;
 * papers still wanted follow a changed maximum or pass mark unless a mark is above the new maximum.
 */
export async function saveMasterParts(
  scope: TenantScope,
  master: ExamMasterRecord,
  classroomIds: number[] | undefined,
  subjects: MasterSubjectInput[] | undefined,
) {
  const rooms = [
    ...(classroomIds ??
      (
        await scope.db
          .select({ id: examMasterClassrooms.classroomId })
          .from(examMasterClassrooms)
          .where(scope.where(examMasterClassrooms, eq(examMasterClassrooms.examMasterId, master.id)))
      ).map((r) => r.id)),
  ];
  const roomInfo = await requireMasterClassrooms(scope, master.batchId, rooms);
  const wanted =
    subjects ??
    (await scope.db
      .select()
      .from(examMasterSubjects)
      .where(scope.where(examMasterSubjects, eq(examMasterSubjects.examMasterId, master.id)))
      .orderBy(examMasterSubjects.position, examMasterSubjects.id));
  const subjectRows = await checkMasterSubjects(scope, wanted);
  if (classroomIds) {
    await scope.db.delete(examMasterClassrooms).where(scope.where(examMasterClassrooms, eq(examMasterClassrooms.examMasterId, master.id)));
    if (rooms.length)
      await scope.db
        .insert(examMasterClassrooms)
        .values(rooms.map((classroomId) => ({ tenantId: scope.tenantId, examMasterId: master.id, classroomId })))
        .onConflictDoNothing();
  }
  if (subjects) {
    await scope.db.delete(examMasterSubjects).where(scope.where(examMasterSubjects, eq(examMasterSubjects.examMasterId, master.id)));
    await scope.db.insert(examMasterSubjects).values(
      subjects.map((s, position) => ({
        tenantId: scope.tenantId,
        examMasterId: master.id,
        subjectId: s.subjectId,
        maxMarks: s.maxMarks,
        passMarks: s.passMarks,
        position,
      })),
    );
    // Papers follow the subject's new marks, unless a mark already given is above the new maximum.
    for (const s of subjects) {
      const [above] = await scope.db
        .select({ n: count() })
        .from(results)
        .innerJoin(exams, and(eq(exams.tenantId, results.tenantId), eq(exams.id, results.examId)))
        .where(scope.where(results, eq(exams.examMasterId, master.id), eq(exams.subjectId, s.subjectId), gt(results.marks, s.maxMarks)));
      if (above?.n) {
        const name = subjectRows.find((r) => r.id === s.subjectId)?.name ?? "";
        throw conflict("exam_master.marks_above_max", `${above.n} mark(s) in ${name} are above the new maximum of ${s.maxMarks}.`, {
          field: "subjects",
          subject: name,
          count: above.n,
        });
      }
      await scope.db
        .update(exams)
        .set({ maxMarks: s.maxMarks, passMarks: s.passMarks })
        .where(
          scope.where(
            exams,
            eq(exams.examMasterId, master.id),
            eq(exams.subjectId, s.subjectId),
            or(sql`${exams.maxMarks} <> ${s.maxMarks}`, sql`${exams.passMarks} <> ${s.passMarks}`),
          ),
        );
    }
  }
  const taught = await subjectsTaught(scope, rooms);
  const papers: (typeof exams.$inferInsert)[] = [];
  for (const classroomId of rooms) {
    const room = roomInfo.get(classroomId);
    const list = taught.get(classroomId);
    for (const s of wanted) {
      const subject = subjectRows.find((r) => r.id === s.subjectId);
      if (!room || !subject || (subject.courseId !== null && subject.courseId !== room.courseId)) continue;
      if (list && !list.includes(s.subjectId)) continue;
      papers.push({ tenantId: scope.tenantId, examMasterId: master.id, classroomId, subjectId: s.subjectId, maxMarks: s.maxMarks, passMarks: s.passMarks });
    }
  }
  // Papers no longer wanted, and holding no result, go.
  const keep = papers.map((p) => `${p.classroomId}:${p.subjectId}`);
  const existing = await scope.db
    .select({ id: exams.id, classroomId: exams.classroomId, subjectId: exams.subjectId })
    .from(exams)
    .where(scope.where(exams, eq(exams.examMasterId, master.id)));
  const unwanted = existing.filter((e) => !keep.includes(`${e.classroomId}:${e.subjectId}`)).map((e) => e.id);
  if (unwanted.length) {
    const withResults = scope.db
      .select({ id: results.examId })
      .from(results)
      .where(scope.where(results, inArray(results.examId, unwanted)));
    await scope.db.delete(exams).where(scope.where(exams, inArray(exams.id, unwanted), notInArray(exams.id, withResults)));
  }
  if (papers.length) await scope.db.insert(exams).values(papers).onConflictDoNothing();
}

/** Results in a term's papers: a term with marks cannot be deleted. */
export async function masterResultCount(scope: TenantScope, masterId: number) {
  const [row] = await scope.db
    .select({ n: count() })
    .from(results)
    .innerJoin(exams, and(eq(exams.tenantId, results.tenantId), eq(exams.id, results.examId)))
    .where(scope.where(results, eq(exams.examMasterId, masterId)));
  return row?.n ?? 0;
}

/** A term of this school, or 404. */
export const requireMaster = (scope: TenantScope, id: number) => scope.find(examMasters, id, "Examination");
