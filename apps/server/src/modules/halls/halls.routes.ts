import { bulkUpdateHall, hallResource, hallStudents as hallStudentsAction, removeHallStudent } from "@taleem/contract";
import { and, eq, inArray, ne, notInArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { conflict, notFound } from "../../platform/http/errors.js";
import { sampleTag } from "../../platform/resources/sample-tag.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import type { Services } from "../../platform/services.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { requireTeachers } from "../academics/classrooms.service.js";
import { sampleStudent } from "../students/student-samples.service.js";
import { requireStudent, requireStudents, studentsByIds } from "../students/students.service.js";
import { registerHallChecks } from "./hall-checks.routes.js";
import { assertGender, hallSize, lockHall, presentHalls, studentsOfHall } from "./halls.service.js";
import { type HallRecord, hallStudents, halls } from "./halls.table.js";

const sampleHall = (scope: TenantScope) => scope.insert(halls, { name: `Hall ${sampleTag()}`, kind: "dormitory", capacity: 40 });

/** A hall with one student in it, for the isolation suite. */
async function sampleMember(scope: TenantScope) {
  const [hall, student] = await Promise.all([sampleHall(scope), sampleStudent(scope)]);
  await scope.insert(hallStudents, { hallId: hall.id, kind: hall.kind, studentId: student.id });
  return { id: hall.id, studentId: student.id };
}

/** Refuses more students than the hall holds, naming the hall and its capacity. */
function assertRoom(hall: Pick<HallRecord, "name" | "capacity">, size: number) {
  if (size > hall.capacity) {
    throw conflict("hall.full", `${hall.name} holds ${hall.capacity} students; this would make it ${size}.`, {
      field: "studentIds",
      hall: hall.name,
      capacity: hall.capacity,
      count: size,
    });
  }
}

/**
 * Halls: dormitories and study halls with a capacity, a warden and their students. A student is
 * in one hall of a kind at a time (the places' unique index); bulk-update moves a student from
 * another hall of the same kind and says from where.
 */
export function registerHallsModule(app: FastifyInstance, services: Services) {
  serveResource(app, hallResource, halls, {
    present: (ctx, rows) => presentHalls(ctx.scope, rows),
    beforeCreate: async (ctx, input) => {
      await requireTeachers(ctx.scope, [input.wardenId], "wardenId");
      return input;
    },
    beforeUpdate: async (ctx, existing, input) => {
      const { id, ...values } = input;
      await requireTeachers(ctx.scope, [values.wardenId], "wardenId");
      const hall = { ...existing, ...values };
      if (values.capacity !== undefined) assertRoom(hall, await hallSize(ctx.scope, id));
      if (values.gender && values.gender !== existing.gender) {
        const people = await studentsByIds(
          ctx.scope,
          (await studentsOfHall(ctx.scope, id)).map((s) => s.id),
        );
        assertGender(hall, people, "gender");
      }
      return values;
    },
    sample: async () => ({ name: `Hall ${sampleTag()}`, kind: "study_hall" as const, capacity: 30 }),
  });

  serveAction(
    app,
    hallStudentsAction,
    async (ctx, { params }) => {
      const hall = await ctx.scope.find(halls, params.id, "Hall");
      const [shown] = await presentHalls(ctx.scope, [hall]);
      const rows = await studentsOfHall(ctx.scope, hall.id);
      return { message: "Hall students fetched successfully", hall: shown!, rows, count: rows.length };
    },
    { sample: async (scope) => ({ params: { id: (await sampleHall(scope)).id } }) },
  );

  serveAction(
    app,
    bulkUpdateHall,
    async (ctx, { body }) => {
      const { scope } = ctx;
      const hall = await lockHall(scope, body.id);
      const people = await requireStudents(scope, body.studentIds);
      assertGender(hall, people, "studentIds");
      const wanted = people.map((p) => p.id);
      // Where these students are now in a hall of this kind: elsewhere is a move.
      const places = await scope.db
        .select({ studentId: hallStudents.studentId, hallId: hallStudents.hallId })
        .from(hallStudents)
        .where(scope.where(hallStudents, eq(hallStudents.kind, hall.kind), inArray(hallStudents.studentId, wanted)));
      const here = new Set(places.filter((p) => p.hallId === hall.id).map((p) => p.studentId));
      const elsewhere = places.filter((p) => p.hallId !== hall.id);
      const removed = body.replace
        ? await scope.db
            .delete(hallStudents)
            .where(scope.where(hallStudents, eq(hallStudents.hallId, hall.id), notInArray(hallStudents.studentId, wanted)))
            .returning({ id: hallStudents.id })
        : [];
      if (elsewhere.length) {
        await scope.db.delete(hallStudents).where(
          scope.where(
            hallStudents,
            and(
              eq(hallStudents.kind, hall.kind),
              ne(hallStudents.hallId, hall.id),
              inArray(
                hallStudents.studentId,
                elsewhere.map((p) => p.studentId),
              ),
            ),
          ),
        );
      }
      const joining = wanted.filter((s) => !here.has(s));
      await scope.insertMany(
        hallStudents,
        joining.map((studentId) => ({ hallId: hall.id, kind: hall.kind, studentId })),
      );
      const size = await hallSize(scope, hall.id);
      assertRoom(hall, size);
      const from = await scope.namesById(
        halls,
        elsewhere.map((p) => p.hallId),
      );
      const moved = elsewhere.map((p) => ({
        studentId: p.studentId,
        name: people.find((s) => s.id === p.studentId)?.name ?? "",
        fromHallId: p.hallId,
        fromHall: from.get(p.hallId) ?? "",
      }));
      await ctx.audit({ action: "update", entity: "halls", entityId: hall.id, details: { studentIds: wanted, replace: body.replace, moved } });
      const movedText = moved.length ? ` Moved here: ${moved.map((m) => `${m.name} (from ${m.fromHall})`).join(", ")}.` : "";
      return {
        message: `${hall.name} now has ${size} students.${movedText}`,
        added: joining.length,
        removed: removed.length,
        moved,
        count: size,
      };
    },
    { sample: async (scope) => ({ body: { id: (await sampleHall(scope)).id, studentIds: [(await sampleStudent(scope)).id], replace: false } }) },
  );

  serveAction(
    app,
    removeHallStudent,
    async (ctx, { body }) => {
      const hall = await lockHall(ctx.scope, body.id);
      const student = await requireStudent(ctx.scope, body.studentId);
      const gone = await ctx.scope.db
        .delete(hallStudents)
        .where(ctx.scope.where(hallStudents, eq(hallStudents.hallId, hall.id), eq(hallStudents.studentId, student.id)))
        .returning({ id: hallStudents.id });
      if (!gone.length) throw notFound(`${student.name} in ${hall.name}`);
      await ctx.audit({ action: "update", entity: "halls", entityId: hall.id, details: { removed: student.id } });
      const size = await hallSize(ctx.scope, hall.id);
      return { message: `${student.name} has left ${hall.name}.`, count: size };
    },
    { sample: async (scope) => ({ body: await sampleMember(scope) }) },
  );

  registerHallChecks(app, services);
}
