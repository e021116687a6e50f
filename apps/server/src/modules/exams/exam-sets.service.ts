import type { ExamSetRow } from "@taleem/contract";
import { and, asc, desc, eq, gte, inArray, isNotNull, lte, type SQL, sql } from "drizzle-orm";
import type { RequestContext } from "../../platform/actions/request-context.js";
import { badRequest, notFound } from "../../platform/http/errors.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { batchNames, subjectNames } from "../academics/academics.service.js";
import { type ExamMasterRecord, type ExamSetRecord, examMasterClassrooms, examMasters, examSetComponents, examSets, exams, results } from "./exams.table.js";
import { studentsOf } from "./report-cards.service.js";

export interface ComponentInput {
  examMasterId: number;
  weight?: number | null;
}

/** A set of this school, or 404. */
export const requireSet = (scope: TenantScope, id: number) => scope.find(examSets, id, "Exam set");

/** The set's terms in order. */
export async function setMasters(scope: TenantScope, setId: number): Promise<ExamMasterRecord[]> {
  const rows = await scope.db
    .select({ m: examMasters })
    .from(examSetComponents)
    .innerJoin(examMasters, eq(examMasters.id, examSetComponents.examMasterId))
    .where(scope.where(examSetComponents, eq(examSetComponents.examSetId, setId), eq(examMasters.tenantId, scope.tenantId)))
    .orderBy(asc(examSetComponents.position), asc(examSetComponents.id));
  return rows.map((r) => r.m);
}

/** The papers of the set's terms. */
export async function setPapers(scope: TenantScope, setId: number) {
  const masters = await setMasters(scope, setId);
  if (!masters.length) return { masters, papers: [] };
  const papers = await scope.db
    .select()
    .from(exams)
    .where(
      scope.where(
        exams,
        inArray(
          exams.examMasterId,
          masters.map((m) => m.id),
        ),
      ),
    );
  return { masters, papers };
}

/** The students of a set (of its terms' classrooms during the terms). */
export async function setStudents(scope: TenantScope, setId: number) {
  const { masters, papers } = await setPapers(scope, setId);
  if (!masters.length) return [];
  const rooms = await scope.db
    .select({ id: examMasterClassrooms.classroomId })
    .from(examMasterClassrooms)
    .where(
      scope.where(
        examMasterClassrooms,
        inArray(
          examMasterClassrooms.examMasterId,
          masters.map((m) => m.id),
        ),
      ),
    );
  const starts = masters.map((m) => m.startDate);
  const since = starts.some((d) => d === null) ? null : ([...(starts as string[])].sort()[0] ?? null);
  return studentsOf(scope, [...new Set([...rooms.map((r) => r.id), ...papers.map((p) => p.classroomId)])], since);
}

/** Checks a set's terms (the school's, 404; of the set's batch, 400) and weights. */
export async function checkComponents(scope: TenantScope, batchId: number, combine: string, components: ComponentInput[]) {
  const ids = components.map((c) => c.examMasterId);
  if (new Set(ids).size !== ids.length) throw badRequest("exam_set.term_twice", "A term appears twice.", { field: "components" });
  const masters = ids.length
    ? await scope.db
        .select()
        .from(examMasters)
        .where(scope.where(examMasters, inArray(examMasters.id, ids)))
    : [];
  for (const id of ids) if (!masters.some((m) => m.id === id)) await scope.find(examMasters, id, "Examination");
  const other = masters.find((m) => m.batchId !== batchId);
  if (other) throw badRequest("exam_set.other_batch", `${other.name} is an examination of another batch.`, { field: "components", examination: other.name });
  if (combine === "weighted") {
    const weights = components.map((c) => c.weight ?? null);
    if (weights.some((w) => w === null) || weights.reduce<number>((s, w) => s + (w ?? 0), 0) !== 100)
      throw badRequest("exam_set.weights", "Weighted terms need a weight each, adding up to 100.", { field: "components" });
  }
}

/** Replaces a set's terms. */
export async function saveComponents(scope: TenantScope, setId: number, components: ComponentInput[]) {
  await scope.db.delete(examSetComponents).where(scope.where(examSetComponents, eq(examSetComponents.examSetId, setId)));
  await scope.db
    .insert(examSetComponents)
    .values(
      components.map((c, position) => ({ tenantId: scope.tenantId, examSetId: setId, examMasterId: c.examMasterId, weight: c.weight ?? null, position })),
    );
}

/** The terms of sets, in order. */
export async function componentsOf(scope: TenantScope, setIds: number[]) {
  if (!setIds.length) return [];
  return scope.db
    .select({ examSetId: examSetComponents.examSetId, examMasterId: examSetComponents.examMasterId, weight: examSetComponents.weight, name: examMasters.name })
    .from(examSetComponents)
    .innerJoin(examMasters, eq(examMasters.id, examSetComponents.examMasterId))
    .where(scope.where(examSetComponents, inArray(examSetComponents.examSetId, setIds), eq(examMasters.tenantId, scope.tenantId)))
    .orderBy(asc(examSetComponents.position), asc(examSetComponents.id));
}

/** Reply rows of sets: the batch's name, the terms with names and weights, published or not. */
export async function presentSets(scope: TenantScope, rows: ExamSetRecord[]): Promise<ExamSetRow[]> {
  if (!rows.length) return [];
  const [components, batches] = await Promise.all([
    componentsOf(
      scope,
      rows.map((r) => r.id),
    ),
    batchNames(
      scope,
      rows.map((r) => r.batchId),
    ),
  ]);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    batchId: r.batchId,
    batchName: batches.get(r.batchId) ?? "",
    combine: r.combine,
    rankRule: r.rankRule,
    components: components.filter((c) => c.examSetId === r.id).map((c) => ({ examMasterId: c.examMasterId, examMasterName: c.name, weight: c.weight })),
    published: r.publishedAt !== null,
    publishedAt: r.publishedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** Papers of published sets (with more conditions): what a family's role (linked students only) may see of results. */
function publishedPapers(scope: TenantScope, ...more: (SQL | undefined)[]) {
  return scope.db
    .select({ id: exams.id })
    .from(exams)
    .innerJoin(examSetComponents, and(eq(examSetComponents.tenantId, exams.tenantId), eq(examSetComponents.examMasterId, exams.examMasterId)))
    .innerJoin(examSets, and(eq(examSets.tenantId, examSetComponents.tenantId), eq(examSets.id, examSetComponents.examSetId)))
    .where(scope.where(exams, isNotNull(examSets.publishedAt), ...more));
}

/** A paper a family's role may read: one of a published set's terms (404 otherwise). */
export async function requireVisiblePaper(ctx: Pick<RequestContext, "scope">, examId: number) {
  if (!ctx.scope.family) return;
  const [found] = await publishedPapers(ctx.scope, eq(exams.id, examId)).limit(1);
  if (!found) throw notFound("Exam");
}

/** Active examinations under way on `today` (start..end around it), in some classrooms when given: the dashboard's "in progress". */
export async function examinationsInProgress(scope: TenantScope, today: string, classroomIds?: number[]) {
  if (classroomIds && !classroomIds.length) return [];
  return scope.db
    .select({ id: examMasters.id, name: examMasters.name, startDate: examMasters.startDate, endDate: examMasters.endDate })
    .from(examMasters)
    .where(
      scope.where(
        examMasters,
        eq(examMasters.status, "active"),
        lte(examMasters.startDate, today),
        gte(examMasters.endDate, today),
        classroomIds
          ? inArray(
              examMasters.id,
              scope.db
                .select({ id: examMasterClassrooms.examMasterId })
                .from(examMasterClassrooms)
                .where(scope.where(examMasterClassrooms, inArray(examMasterClassrooms.classroomId, classroomIds))),
            )
          : undefined,
      ),
    )
    .orderBy(asc(examMasters.startDate), asc(examMasters.id))
    .limit(20);
}

/** Exam sets (report cards) published to parents and not yet, of a batch when given. */
export async function examSetCounts(scope: TenantScope, batchId?: number) {
  const [row] = await scope.db
    .select({
      published: sql<number>`count(*) filter (where ${examSets.publishedAt} is not null)`.mapWith(Number),
      unpublished: sql<number>`count(*) filter (where ${examSets.publishedAt} is null)`.mapWith(Number),
    })
    .from(examSets)
    .where(scope.where(examSets, batchId !== undefined ? eq(examSets.batchId, batchId) : undefined));
  return row ?? { published: 0, unpublished: 0 };
}

/**
 * A student's results for the office, newest paper first (at most 300), each saying whether it is
 * published (one of a published set's terms: the gate a family's role is held to).
 */
export async function resultsOfStudent(scope: TenantScope, studentId: number) {
  const rows = await scope.db
    .select({
      examId: exams.id,
      examName: examMasters.name,
      subjectId: exams.subjectId,
      date: exams.date,
      marks: results.marks,
      maxMarks: exams.maxMarks,
      status: results.status,
      published: sql<boolean>`${exams.id} in (${publishedPapers(scope)})`,
    })
    .from(results)
    .innerJoin(exams, and(eq(exams.tenantId, results.tenantId), eq(exams.id, results.examId)))
    .innerJoin(examMasters, and(eq(examMasters.tenantId, exams.tenantId), eq(examMasters.id, exams.examMasterId)))
    .where(scope.where(results, eq(results.studentId, studentId)))
    .orderBy(desc(exams.date), desc(exams.id))
    .limit(300);
  const names = await subjectNames(
    scope,
    rows.map((r) => r.subjectId),
  );
  return rows.map(({ subjectId, ...r }) => ({
    ...r,
    subject: names.get(subjectId) ?? "",
    marks: r.marks === null ? null : Number(r.marks),
    published: !!r.published,
  }));
}
