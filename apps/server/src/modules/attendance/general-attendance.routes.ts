import {
  generalAttendanceEntries as entriesAction,
  generalAttendanceResource,
  generalAttendanceTypeResource,
  getGeneralAttendance,
  saveGeneralRecords,
  updateGeneralAttendance,
  updateGeneralAttendanceType,
} from "@taleem/contract";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { badRequest } from "../../platform/http/errors.js";
import { sampleTag } from "../../platform/resources/sample-tag.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import { sampleStudent } from "../students/student-samples.service.js";
import {
  changeRegisterType,
  entriesOn,
  findRegister,
  newRegisterValues,
  presentRegisters,
  registerShown,
  registerValues,
  sampleRegister,
  sampleType,
  saveRegisterDay,
  setEntries,
  updateRegister,
} from "./general-attendance.service.js";
import { generalAttendances, generalAttendanceTypes } from "./general-attendance.table.js";

/**
 * The school's own registers: types, registers with the students on them, and a day's marks in
 * one call. The spec's paths take the id in the path for update (`PUT {id}`), beside the
 * engine's `PUT` with the id in the body.
 */
export function registerGeneralAttendance(app: FastifyInstance) {
  serveResource(app, generalAttendanceTypeResource, generalAttendanceTypes, {
    sample: async () => ({ name: `Hostel roll ${sampleTag()}`, status: "active" as const }),
  });

  serveAction(
    app,
    updateGeneralAttendanceType,
    async (ctx, { params, body }) => ({ message: "Register type updated successfully", data: await changeRegisterType(ctx, params.id, body) }),
    { sample: async (scope) => ({ params: { id: (await sampleType(scope)).id }, body: { name: `Outing ${sampleTag()}` } }) },
  );

  serveResource(app, generalAttendanceResource, generalAttendances, {
    present: (ctx, rows) => presentRegisters(ctx.scope, rows),
    beforeCreate: (ctx, input) => newRegisterValues(ctx.scope, input),
    afterCreate: async (ctx, row, input) => setEntries(ctx.scope, row.id, (input as { studentIds?: number[] }).studentIds ?? []),
    beforeUpdate: (ctx, existing, input) => registerValues(ctx.scope, existing, input),
    afterUpdate: async (ctx, row, input) => {
      if (input.studentIds) await setEntries(ctx.scope, row.id, input.studentIds);
    },
    sample: async (scope) => ({
      name: `Annual trip ${sampleTag()}`,
      typeId: (await sampleType(scope)).id,
      startDate: "2026-01-10",
      studentIds: [(await sampleStudent(scope)).id],
      status: "active" as const,
    }),
  });

  serveAction(
    app,
    getGeneralAttendance,
    async (ctx, { params }) => ({ message: "Register fetched successfully", data: await registerShown(ctx.scope, await findRegister(ctx.scope, params.id)) }),
    { sample: async (scope) => ({ params: { id: (await sampleRegister(scope)).register.id } }) },
  );

  serveAction(
    app,
    updateGeneralAttendance,
    async (ctx, { params, body }) => ({ message: "Register updated successfully", data: await updateRegister(ctx, params.id, body) }),
    { sample: async (scope) => ({ params: { id: (await sampleRegister(scope)).register.id }, body: { note: "Bring water" } }) },
  );

  serveAction(
    app,
    entriesAction,
    async (ctx, { params, query }) => {
      await findRegister(ctx.scope, params.id);
      const rows = await entriesOn(ctx.scope, params.id, query.date);
      return { message: "Register entries fetched successfully", count: rows.length, rows };
    },
    { sample: async (scope) => ({ params: { id: (await sampleRegister(scope)).register.id }, query: { date: "2026-01-10" } }) },
  );

  serveAction(
    app,
    saveGeneralRecords,
    async (ctx, { params, body }) => {
      if (body.generalAttendanceId && body.generalAttendanceId !== params.id) {
        throw badRequest("general_attendance.id_mismatch", "generalAttendanceId differs from the register in the path.", { field: "generalAttendanceId" });
      }
      const changed = await saveRegisterDay(ctx, params.id, body);
      return { message: changed ? "Register saved" : "Nothing changed", saved: body.entries.length, changed };
    },
    {
      sample: async (scope) => {
        const { register, student } = await sampleRegister(scope);
        return {
          params: { id: register.id },
          body: { generalAttendanceId: register.id, date: "2026-01-11", entries: [{ studentId: student.id, mark: "present" as const }] },
        };
      },
    },
  );
}
