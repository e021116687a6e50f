import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { userOf } from "../../platform/auth/auth.plugin.js";
import { guardians } from "../../platform/auth/users.table.js";
import type { Services } from "../../platform/services.js";
import { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { classroomInfos } from "../classrooms/classrooms.service.js";
import { enrolments } from "../enrolments/enrolments.table.js";
import { students } from "../students/students.table.js";

/** A child as the parent area lists it: who, and the class they are in now (if any). */
export const LinkedChild = z.object({
  id: z.number(),
  name: z.string(),
  nameNative: z.string().nullable(),
  admissionNo: z.string(),
  status: z.enum(["active", "left", "alumni"]),
  /** How the signed-in person is related (mother, father, guardian). */
  relation: z.string(),
  classroomId: z.number().nullable(),
  /** "Class 5-A", from the current (latest active) enrolment. */
  className: z.string().nullable(),
  batchName: z.string().nullable(),
});
export const LinkedChildrenReply = z.object({ message: z.string(), rows: z.array(LinkedChild), count: z.number() });

/**
 * The signed-in person's own children, through the guardians table. Needs no permission: it only
 * ever answers the caller's own links, which the school made (directly or by enrolling an applicant).
 */
export async function linkedChildren(scope: TenantScope, userId: number): Promise<z.infer<typeof LinkedChild>[]> {
  const rows = await scope.db
    .select({
      id: students.id,
      name: students.name,
      nameNative: students.nameNative,
      admissionNo: students.admissionNo,
      status: students.status,
      relation: guardians.relation,
    })
    .from(guardians)
    .innerJoin(students, and(eq(students.tenantId, guardians.tenantId), eq(students.id, guardians.studentId)))
    .where(scope.where(guardians, eq(guardians.userId, userId)))
    .orderBy(asc(students.name), asc(students.id));
  if (!rows.length) return [];
  const active = await scope.db
    .select({ studentId: enrolments.studentId, classroomId: enrolments.classroomId })
    .from(enrolments)
    .where(
      scope.where(
        enrolments,
        inArray(
          enrolments.studentId,
          rows.map((r) => r.id),
        ),
        eq(enrolments.status, "active"),
      ),
    )
    .orderBy(desc(enrolments.startedOn), desc(enrolments.id));
  // A student may be active in one classroom per batch; the newest one is "now".
  const current = new Map<number, number>();
  for (const e of active) if (!current.has(e.studentId)) current.set(e.studentId, e.classroomId);
  const rooms = await classroomInfos(scope, [...current.values()]);
  return rows.map((r) => {
    const classroomId = current.get(r.id) ?? null;
    const room = classroomId ? rooms.get(classroomId) : undefined;
    return { ...r, classroomId, className: room?.label ?? null, batchName: room?.batchName ?? null };
  });
}

/** The parent area's home data that every signed-in person may ask for about themselves. */
export function registerParentHomeModule(app: FastifyInstance, { db }: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get("/user/api/home/children", {
    config: { access: "user" },
    schema: {
      tags: ["account"],
      summary: "The signed-in person's linked children (guardians), each with the class they are in now",
      response: { 200: LinkedChildrenReply },
    },
    handler: async (req) => {
      const p = userOf(req);
      const rows = await linkedChildren(new TenantScope(db, p.tenantId), p.userId);
      return { message: "Children fetched successfully", rows, count: rows.length };
    },
  });
}
