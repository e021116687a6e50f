import { RowId, StudentBrief, StudentGroupBulkUpdate, StudentGroupRemove, type StudentGroupRow, studentGroupResource } from "@taleem/contract";
import { asc, count, eq, inArray, notInArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { recordChange } from "../../platform/audit/audit.service.js";
import { contextOf } from "../../platform/resources/resource-context.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import type { Services } from "../../platform/services.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { guardianScope, presentBrief, requireStudents } from "./students.service.js";
import { studentGroupMembers, studentGroups, students } from "./students.table.js";

type GroupRecord = typeof studentGroups.$inferSelect;

async function presentGroups(scope: TenantScope, rows: GroupRecord[]): Promise<StudentGroupRow[]> {
  if (!rows.length) return [];
  const counts = await scope.db
    .select({ groupId: studentGroupMembers.groupId, n: count() })
    .from(studentGroupMembers)
    .where(
      scope.where(
        studentGroupMembers,
        inArray(
          studentGroupMembers.groupId,
          rows.map((r) => r.id),
        ),
      ),
    )
    .groupBy(studentGroupMembers.groupId);
  return rows.map((g) => ({
    id: g.id,
    name: g.name,
    description: g.description,
    status: g.status,
    studentCount: counts.find((c) => c.groupId === g.id)?.n ?? 0,
    createdAt: g.createdAt.toISOString(),
  }));
}

const membersReply = z.object({ message: z.string(), rows: z.array(StudentBrief), count: z.number() });

/** Student groups: a named set of students (a Quran circle, a bus route, a tuition batch). */
export function registerStudentGroupRoutes(app: FastifyInstance, { db }: Services) {
  serveResource(app, db, studentGroupResource, studentGroups, {
    present: (ctx, rows) => presentGroups(ctx.scope, rows),
    sample: async () => ({ name: `Group ${Math.random().toString(36).slice(2, 8)}`, status: "active" as const }),
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["students"];

  r.get("/admin/api/student-group/students/:id", {
    config: { permission: ["students", "view"] },
    schema: { tags, summary: "The students of a group", params: z.object({ id: RowId }), response: { 200: membersReply } },
    handler: async (req) => {
      const ctx = contextOf(req, db);
      await ctx.scope.find(studentGroups, req.params.id, "Student group");
      const rows = await db
        .select({ s: students })
        .from(studentGroupMembers)
        .innerJoin(students, eq(students.id, studentGroupMembers.studentId))
        .where(
          ctx.scope.where(
            studentGroupMembers,
            eq(students.tenantId, studentGroupMembers.tenantId),
            eq(studentGroupMembers.groupId, req.params.id),
            guardianScope(ctx, students.id),
          ),
        )
        .orderBy(asc(students.name), asc(students.id));
      return { message: "Group students fetched successfully", rows: rows.map((x) => presentBrief(x.s)), count: rows.length };
    },
  });

  r.post("/admin/api/student-group/bulk-update", {
    config: { permission: ["students", "edit"] },
    schema: {
      tags,
      summary: "Add students to a group (replace: make them its only members)",
      body: StudentGroupBulkUpdate,
      response: { 200: z.object({ message: z.string(), added: z.number(), removed: z.number(), count: z.number() }) },
    },
    handler: async (req) => {
      const ctx = contextOf(req, db);
      const { id, studentIds, replace } = req.body;
      return ctx.scope.transaction(async (scope) => {
        await scope.find(studentGroups, id, "Student group");
        await requireStudents(scope, studentIds);
        const wanted = [...new Set(studentIds)];
        const before = new Set(
          (
            await scope.db
              .select({ studentId: studentGroupMembers.studentId })
              .from(studentGroupMembers)
              .where(scope.where(studentGroupMembers, eq(studentGroupMembers.groupId, id)))
          ).map((m) => m.studentId),
        );
        if (replace) {
          await scope.db
            .delete(studentGroupMembers)
            .where(
              scope.where(
                studentGroupMembers,
                eq(studentGroupMembers.groupId, id),
                wanted.length ? notInArray(studentGroupMembers.studentId, wanted) : undefined,
              ),
            );
        }
        if (wanted.length) {
          await scope.db
            .insert(studentGroupMembers)
            .values(wanted.map((studentId) => ({ tenantId: scope.tenantId, groupId: id, studentId })))
            .onConflictDoNothing();
        }
        const added = wanted.filter((s) => !before.has(s)).length;
        const removed = replace ? [...before].filter((s) => !wanted.includes(s)).length : 0;
        const members = replace ? wanted.length : before.size + added;
        await recordChange(scope.db, {
          tenantId: scope.tenantId,
          userId: ctx.principal.userId,
          action: "update",
          entity: "student_groups",
          entityId: id,
          details: { studentIds, replace },
          ip: ctx.ip,
        });
        return { message: "Group updated successfully", added, removed, count: members };
      });
    },
  });

  r.post("/admin/api/student-group/remove-from-group", {
    config: { permission: ["students", "edit"] },
    schema: {
      tags,
      summary: "Remove students from a group",
      body: StudentGroupRemove,
      response: { 200: z.object({ message: z.string(), removed: z.number() }) },
    },
    handler: async (req) => {
      const ctx = contextOf(req, db);
      const { id, studentIds } = req.body;
      return ctx.scope.transaction(async (scope) => {
        await scope.find(studentGroups, id, "Student group");
        const gone = await scope.db
          .delete(studentGroupMembers)
          .where(scope.where(studentGroupMembers, eq(studentGroupMembers.groupId, id), inArray(studentGroupMembers.studentId, studentIds)))
          .returning({ id: studentGroupMembers.id });
        await recordChange(scope.db, {
          tenantId: scope.tenantId,
          userId: ctx.principal.userId,
          action: "update",
          entity: "student_groups",
          entityId: id,
          details: { removed: studentIds },
          ip: ctx.ip,
        });
        return { message: "Students removed from the group", removed: gone.length };
      });
    },
  });
}
