import {
  type approveMaterial,
  can,
  type Language,
  type listApprovedMaterials,
  type MaterialRow,
  materialProblem,
  type materialResource,
  UPLOAD_LIMITS,
  UPLOAD_TYPES,
} from "@taleem/contract";
import { and, desc, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { RequestContext } from "../../platform/actions/request-context.js";
import { homeOf } from "../../platform/auth/auth.plugin.js";
import { guardians, users } from "../../platform/auth/users.table.js";
import { pdfWithTitle } from "../../platform/files/sample-files.js";
import { decodeUpload, nameOfPath, type UploadStore } from "../../platform/files/uploads.js";
import { uploads } from "../../platform/files/uploads.table.js";
import { badRequest, forbidden, notFound } from "../../platform/http/errors.js";
import type { Services } from "../../platform/services.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { isolated } from "../../platform/texts/in-sentence.js";
import { activeBatch, courseClassNames, requireCourseClass, requireSubject, subjectNames } from "../academics/academics.service.js";
import { sampleClassroom } from "../academics/classroom-samples.service.js";
import { classroomInfos, classroomsOfBatch, classroomsOfCourseClass, requireClassroom, subjectsTaught } from "../academics/classrooms.service.js";
import { activeEnrolmentsOf, activeEnrolmentsOfStudents } from "../academics/enrolments.service.js";
import { sendNotification } from "../communication/notifications.service.js";
import { linkedStudents } from "../students/students.service.js";
import { type MaterialRecord, materials } from "./materials.table.js";

type Place = Pick<MaterialRecord, "classroomId" | "courseClassId" | "subjectId">;

/** Reply rows: the class and subject by name. */
export async function presentMaterials(scope: TenantScope, rows: MaterialRecord[]): Promise<MaterialRow[]> {
  const [rooms, classes, subjects] = await Promise.all([
    classroomInfos(
      scope,
      rows.flatMap((r) => r.classroomId ?? []),
    ),
    courseClassNames(
      scope,
      rows.flatMap((r) => r.courseClassId ?? []),
    ),
    subjectNames(
      scope,
      rows.flatMap((r) => r.subjectId ?? []),
    ),
  ]);
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    className: (r.classroomId ? rooms.get(r.classroomId)?.label : r.courseClassId ? classes.get(r.courseClassId) : null) ?? null,
    subjectName: (r.subjectId && subjects.get(r.subjectId)) || null,
  }));
}

/** The material's content and place as a whole (400 naming the field), each of this school (404 otherwise). */
export async function checkMaterial(scope: TenantScope, m: Parameters<typeof materialProblem>[0]) {
  const problem = materialProblem(m);
  if (problem) throw badRequest("material.content", problem.message, { field: problem.path[0] });
  await checkPlace(scope, m);
}

/** The class and subject named, each of this school (404 otherwise). */
export async function checkPlace(scope: TenantScope, m: { classroomId?: number | null; courseClassId?: number | null; subjectId?: number | null }) {
  if (m.classroomId) await requireClassroom(scope, m.classroomId);
  if (m.courseClassId) await requireCourseClass(scope, m.courseClassId);
  if (m.subjectId) await requireSubject(scope, m.subjectId);
}

/**
 * Which materials classrooms reach: their own, their course class's, and (for a material of no
 * class) those of a subject the classroom is taught. False for no classroom.
 */
async function reachedBy(scope: TenantScope, classroomIds: number[]): Promise<SQL> {
  if (!classroomIds.length) return sql`false`;
  const [rooms, taught] = await Promise.all([classroomInfos(scope, classroomIds), subjectsTaught(scope, classroomIds)]);
  const classIds = [...new Set([...rooms.values()].map((r) => r.courseClassId))];
  const subjectIds = [...new Set([...taught.values()].flat())];
  return or(
    inArray(materials.classroomId, classroomIds),
    classIds.length ? inArray(materials.courseClassId, classIds) : undefined,
    subjectIds.length ? and(isNull(materials.classroomId), isNull(materials.courseClassId), inArray(materials.subjectId, subjectIds)) : undefined,
  ) as SQL;
}

/** The classrooms of a family's children (one child when asked; another's is 404). */
async function childrensClassrooms(ctx: RequestContext, studentId?: number): Promise<number[]> {
  const children = (await linkedStudents(ctx.scope, ctx.principal.userId)).map((s) => s.id);
  if (studentId !== undefined && !children.includes(studentId)) throw notFound("Student");
  const enrolments = await activeEnrolmentsOfStudents(ctx.scope, studentId !== undefined ? [studentId] : children);
  return [...new Set(enrolments.map((e) => e.classroomId))];
}

/**
 * What of the approved materials the caller reaches: a family those of its children's classes;
 * staff who may view materials, all; anyone else nothing (undefined).
 */
export async function approvedReach(ctx: RequestContext, studentId?: number): Promise<SQL | undefined> {
  const approved = eq(materials.status, "approved");
  if (ctx.principal.linkedStudentsOnly) return and(approved, await reachedBy(ctx.scope, await childrensClassrooms(ctx, studentId)));
  if (!can(ctx.principal.permissions, "materials", "view")) return undefined;
  return studentId !== undefined ? and(approved, await reachedBy(ctx.scope, await studentClassrooms(ctx.scope, studentId))) : approved;
}

const studentClassrooms = async (scope: TenantScope, studentId: number) => (await activeEnrolmentsOfStudents(scope, [studentId])).map((e) => e.classroomId);

/** Approved materials reached by one classroom (a list filter). */
export const reachedByClassroom = (scope: TenantScope, classroomId: number) => reachedBy(scope, [classroomId]);

/** One material the caller may read in the parent area, or 404 (another school's, not approved, not their child's class). */
export async function readableMaterial(ctx: RequestContext, id: number): Promise<MaterialRecord> {
  const reach = await approvedReach(ctx);
  // Staff who may view materials read any of them, approved or not (the office checks before approving).
  const staff = !ctx.principal.linkedStudentsOnly && can(ctx.principal.permissions, "materials", "view");
  const [row] = await ctx.scope.db
    .select()
    .from(materials)
    .where(ctx.scope.where(materials, eq(materials.id, id), staff ? undefined : (reach ?? sql`false`)))
    .limit(1);
  if (!row || (!staff && row.status !== "approved")) throw notFound("Material");
  return row;
}

/** The classrooms a material is for: its own, its course class's, or (of no class) those of this year taught its subject. */
async function classroomsOf(scope: TenantScope, m: Place): Promise<number[]> {
  if (m.classroomId) return [m.classroomId];
  if (m.courseClassId) return (await classroomsOfCourseClass(scope, m.courseClassId)).map((c) => c.id);
  const batch = await activeBatch(scope);
  if (!batch || !m.subjectId) return [];
  const rooms = (await classroomsOfBatch(scope, batch.id)).map((c) => c.id);
  const taught = await subjectsTaught(scope, rooms);
  return rooms.filter((id) => taught.get(id)?.includes(m.subjectId!));
}

/** The parent's words, in their language. */
const TEXTS: Record<Language, (title: string, place: string) => { title: string; body: string }> = {
  en: (t, p) => ({ title: `New study material for ${p}`, body: t }),
  ta: (t, p) => ({ title: `${p} க்கான புதிய கற்றல் பொருள்`, body: t }),
  ur: (t, p) => ({ title: `${p} کے لیے نیا تعلیمی مواد`, body: t }),
  ar: (t, p) => ({ title: `مادة تعليمية جديدة لـ ${p}`, body: t }),
  ml: (t, p) => ({ title: `${p} എന്നതിനുള്ള പുതിയ പഠന സാമഗ്രി`, body: t }),
};

/**
 * Tells the families of the children a material reaches, one `material` notification per parent,
 * in the request's transaction (delivered after it commits). Answers how many were told.
 */
export async function tellFamilies(services: Services, ctx: RequestContext, m: MaterialRecord): Promise<number> {
  const rooms = await classroomsOf(ctx.scope, m);
  const studentIds = (await Promise.all(rooms.map((id) => activeEnrolmentsOf(ctx.scope, id)))).flat().map((e) => e.studentId);
  if (!studentIds.length) return 0;
  const parents = await ctx.scope.db
    .selectDistinct({ userId: guardians.userId })
    .from(guardians)
    .where(ctx.scope.where(guardians, inArray(guardians.studentId, [...new Set(studentIds)])));
  const [shown] = await presentMaterials(ctx.scope, [m]);
  const place = shown?.className ?? shown?.subjectName ?? "";
  const sent = await sendNotification(services, ctx, {
    userIds: parents.map((p) => p.userId),
    kind: "material",
    link: `/parent/materials/${m.id}`,
    text: (language) => (TEXTS[language] ?? TEXTS.en)(isolated(language, m.title), isolated(language, place)),
  });
  return sent.length;
}

/** Who uploads: the signed-in user's name and mobile. */
export async function uploaderOf(scope: TenantScope, userId: number) {
  const [me] = await scope.db
    .select({ name: users.name, mobile: users.mobile })
    .from(users)
    .where(scope.where(users, eq(users.id, userId)))
    .limit(1);
  return { uploadedById: userId, uploaderName: me?.name ?? "", uploaderMobile: me?.mobile ?? null };
}

/** The newest approved materials a child's classrooms reach (the parent home's card), newest first. */
export async function recentMaterialsFor(scope: TenantScope, classroomIds: number[], limit: number) {
  if (!classroomIds.length) return [];
  return scope.db
    .select({ id: materials.id, title: materials.title })
    .from(materials)
    .where(scope.where(materials, eq(materials.status, "approved"), await reachedBy(scope, classroomIds)))
    .orderBy(sql`${materials.createdAt} desc, ${materials.id} desc`)
    .limit(limit);
}

/** A link for a classroom of the school, for the isolation suite. */
export const sampleMaterial = async (scope: TenantScope) => {
  const room = await sampleClassroom(scope);
  return { title: "Surah Al-Mulk", kind: "link" as const, link: "https://quran.com/67", classroomId: room.id };
};

/** A material made straight in a school, for the isolation suite. */
export const sampleMade = async (scope: TenantScope) => scope.insert(materials, { ...(await sampleMaterial(scope)), uploaderName: "Sample Teacher" });

/** An approved worksheet with its file on disk, so that reading the file succeeds in its own school. */
export async function sampleWorksheet(scope: TenantScope, store: UploadStore) {
  const batch = store.batch(scope.tenantId, null);
  const file = batch.add(
    decodeUpload(
      { name: "sample.pdf", data: pdfWithTitle("Sample").toString("base64") },
      { types: UPLOAD_TYPES, maxBytes: UPLOAD_LIMITS.fileBytes, field: "file" },
    ),
    "materials",
  );
  await batch.save(scope);
  const room = await sampleClassroom(scope);
  const m = await scope.insert(materials, {
    title: "Sample worksheet",
    kind: "worksheet",
    file: file.path,
    classroomId: room.id,
    status: "approved",
    uploaderName: "Sample Teacher",
  });
  return m;
}

/** A material the office adds: checked, pending approval, with its uploader's name. */
export async function newMaterialValues(ctx: Pick<RequestContext, "scope" | "principal">, input: z.infer<typeof materialResource.create>) {
  await checkMaterial(ctx.scope, input);
  return { ...input, status: "pending" as const, ...(await uploaderOf(ctx.scope, ctx.principal.userId)) };
}

/** A change to a material, checked as it will stand. */
export async function materialChangeValues(
  ctx: Pick<RequestContext, "scope" | "principal">,
  existing: MaterialRecord,
  input: z.infer<typeof materialResource.update>,
) {
  const { id: _id, ...values } = input;
  const given = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  await checkMaterial(ctx.scope, { ...existing, ...given });
  // A changed material waits for approval again, unless the one changing it may approve.
  const review = can(ctx.principal.permissions, "materials", "approve") ? {} : { status: "pending" as const, reviewNote: null };
  return { ...given, ...review };
}

/** The approved materials the caller (or their child) reaches, newest first, by place and kind; at most 500. */
export async function approvedMaterials(ctx: RequestContext, query: z.infer<typeof listApprovedMaterials.query>) {
  const reach = await approvedReach(ctx, query.studentId);
  if (!reach) throw forbidden(homeOf(ctx.principal));
  await checkPlace(ctx.scope, query);
  const rows = await ctx.scope.db
    .select()
    .from(materials)
    .where(
      ctx.scope.where(
        materials,
        reach,
        query.classroomId ? await reachedByClassroom(ctx.scope, query.classroomId) : undefined,
        query.courseClassId ? eq(materials.courseClassId, query.courseClassId) : undefined,
        query.subjectId ? eq(materials.subjectId, query.subjectId) : undefined,
        query.kind ? eq(materials.kind, query.kind) : undefined,
      ),
    )
    .orderBy(desc(materials.createdAt), desc(materials.id))
    .limit(500);
  return presentMaterials(ctx.scope, rows);
}

/** The upload row of a material's file or recording the caller may read (404 when there is none). */
export async function materialUpload(ctx: RequestContext, id: number) {
  const m = await readableMaterial(ctx, id);
  const name = nameOfPath(m.file ?? m.recording ?? "");
  const [row] = name
    ? await ctx.scope.db
        .select()
        .from(uploads)
        .where(ctx.scope.where(uploads, eq(uploads.name, name)))
        .limit(1)
    : [];
  if (!row) throw notFound("File");
  return row;
}

/** Approves or rejects a material, audited; families hear of it on its first approval. */
export async function reviewMaterial(services: Services, ctx: RequestContext, body: z.infer<typeof approveMaterial.body>) {
  const existing = await ctx.scope.find(materials, body.id, "Material");
  const approving = body.status === "approved";
  const updated = await ctx.scope.update(materials, existing.id, {
    status: body.status,
    reviewNote: approving ? null : body.reason!,
    reviewedBy: ctx.principal.userId,
    reviewedAt: new Date(),
    // Families hear of a material once, on its first approval.
    ...(approving && !existing.announcedAt ? { announcedAt: new Date() } : {}),
  });
  await ctx.audit({
    action: body.status === "approved" ? "approve" : "reject",
    entity: "materials",
    entityId: existing.id,
    before: existing,
    after: updated,
  });
  if (approving && !existing.announcedAt) await tellFamilies(services, ctx, updated);
  return updated;
}
