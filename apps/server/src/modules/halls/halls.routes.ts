import { bulkUpdateHall, hallResource, hallStudents as hallStudentsAction, removeHallStudent } from "@taleem/contract";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { sampleTag } from "../../platform/resources/sample-tag.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import type { Services } from "../../platform/services.js";
import { sampleStudent } from "../students/student-samples.service.js";
import { registerHallChecks } from "./hall-checks.routes.js";
import {
  hallChangeValues,
  hallWithStudents,
  newHallValues,
  presentHalls,
  removeFromHall,
  sampleHall,
  sampleMember,
  updateHallStudents,
} from "./halls.service.js";
import { halls } from "./halls.table.js";

/**
 * Halls: dormitories and study halls with a capacity, a warden and their students. A student is
 * in one hall of a kind at a time (the places' unique index); bulk-update moves a student from
 * another hall of the same kind and says from where.
 */
export function registerHallsModule(app: FastifyInstance, services: Services) {
  serveResource(app, hallResource, halls, {
    present: (ctx, rows) => presentHalls(ctx.scope, rows),
    beforeCreate: (ctx, input) => newHallValues(ctx.scope, input),
    beforeUpdate: (ctx, existing, input) => hallChangeValues(ctx.scope, existing, input),
    sample: async () => ({ name: `Hall ${sampleTag()}`, kind: "study_hall" as const, capacity: 30 }),
  });

  serveAction(
    app,
    hallStudentsAction,
    async (ctx, { params }) => {
      const { hall, rows } = await hallWithStudents(ctx.scope, params.id);
      return { message: "Hall students fetched successfully", hall, rows, count: rows.length };
    },
    { sample: async (scope) => ({ params: { id: (await sampleHall(scope)).id } }) },
  );

  serveAction(
    app,
    bulkUpdateHall,
    async (ctx, { body }) => {
      const { hall, size, added, removed, moved } = await updateHallStudents(ctx, body);
      const movedText = moved.length ? ` Moved here: ${moved.map((m) => `${m.name} (from ${m.fromHall})`).join(", ")}.` : "";
      return { message: `${hall.name} now has ${size} students.${movedText}`, added, removed, moved, count: size };
    },
    { sample: async (scope) => ({ body: { id: (await sampleHall(scope)).id, studentIds: [(await sampleStudent(scope)).id], replace: false } }) },
  );

  serveAction(
    app,
    removeHallStudent,
    async (ctx, { body }) => {
      const { student, hall, size } = await removeFromHall(ctx, body.id, body.studentId);
      return { message: `${student.name} has left ${hall.name}.`, count: size };
    },
    { sample: async (scope) => ({ body: await sampleMember(scope) }) },
  );

  registerHallChecks(app, services);
}
