import {
  generalAttendanceEntries as entriesAction,
  generalAttendanceResource,
  generalAttendanceTypeResource,
  getGeneralAttendance,
  saveGeneralRecords,
  updateGeneralAttendance,
  updateGeneralAttendanceType,
} from "@taleem/contract";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import type { RequestContext } from "../../platform/actions/request-context.js";
import { serveAction } from "../../platform/actions/serve-action.js";
import { badRequest, notFound } from "../../platform/http/errors.js";
import { sampleTag } from "../../platform/resources/sample-tag.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { sampleStudent } from "../students/student-samples.service.js";
import { entriesOn, presentRegisters, saveRecords, setEntries } from "./general-attendance.service.js";
import { type GeneralAttendanceRecord, generalAttendances, generalAttendanceTypes } from "./general-attendance.table.js";

const sampleType = (scope: TenantScope) => scope.insert(generalAttendanceTypes, { name: `Trip ${sampleTag()}` });
/** A register with one student on it, made straight in a school for the isolation suite. */
async function sampleRegister(scope: TenantScope) {
  const [type, student] = await Promise.all([sampleType(scope), sampleStudent(scope)]);
  const register = await scope.insert(generalAttendances, { name: `Picnic ${sampleTag()}`, typeId: type.id, startDate: "2026-01-10", endDate: "2026-01-12" });
  await setEntries(scope, register.id, [student.id]);
  return { register, student };
}

async function findRegister(ctx: RequestContext, id: number): Promise<GeneralAttendanceRecord> {
  const [row] = await ctx.scope.db
    .select()
    .from(generalAttendances)
    .where(ctx.scope.where(generalAttendances, eq(generalAttendances.id, id)));
  if (!row) throw notFound("Register");
  return row;
}

type RegisterChange = Omit<z.infer<typeof generalAttendanceResource.update>, "id">;

/** The columns an update writes (its students are set after), checked against the stored row. */
async function registerValues(ctx: RequestContext, existing: GeneralAttendanceRecord, input: RegisterChange) {
  const { studentIds: _s, ...values } = input as RegisterChange & { id?: number };
  delete (values as { id?: number }).id;
  if (values.typeId) await ctx.scope.find(generalAttendanceTypes, values.typeId, "Register type");
  const start = values.startDate ?? existing.startDate;
  const end = values.endDate === undefined ? existing.endDate : values.endDate;
  if (end && end < start) throw badRequest("general_attendance.bad_range", "The register ends before it starts.", { field: "endDate" });
  return values;
}

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
    async (ctx, { params, body }) => {
      const before = await ctx.scope.find(generalAttendanceTypes, params.id, "Register type");
      const after = Object.keys(body).length ? await ctx.scope.update(generalAttendanceTypes, params.id, body, "Register type") : before;
      await ctx.audit({ action: "update", entity: "general_attendance_types", entityId: params.id, before, after });
      return { message: "Register type updated successfully", data: after };
    },
    { sample: async (scope) => ({ params: { id: (await sampleType(scope)).id }, body: { name: `Outing ${sampleTag()}` } }) },
  );

  serveResource(app, generalAttendanceResource, generalAttendances, {
    present: (ctx, rows) => presentRegisters(ctx.scope, rows),
    beforeCreate: async (ctx, input) => {
      await ctx.scope.find(generalAttendanceTypes, input.typeId, "Register type");
      const { studentIds: _s, ...values } = input as typeof input & { studentIds?: number[] };
      return values;
    },
    afterCreate: async (ctx, row, input) => setEntries(ctx.scope, row.id, (input as { studentIds?: number[] }).studentIds ?? []),
    beforeUpdate: (ctx, existing, input) => registerValues(ctx, existing, input),
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

  const shown = async (ctx: RequestContext, row: GeneralAttendanceRecord) => (await presentRegisters(ctx.scope, [row]))[0]!;

  serveAction(
    app,
    getGeneralAttendance,
    async (ctx, { params }) => ({ message: "Register fetched successfully", data: await shown(ctx, await findRegister(ctx, params.id)) }),
    { sample: async (scope) => ({ params: { id: (await sampleRegister(scope)).register.id } }) },
  );

  serveAction(
    app,
    updateGeneralAttendance,
    async (ctx, { params, body }) => {
      const existing = await findRegister(ctx, params.id);
      const values = await registerValues(ctx, existing, body);
      const updated = Object.keys(values).length ? await ctx.scope.update(generalAttendances, params.id, values, "Register") : existing;
      if (body.studentIds) await setEntries(ctx.scope, params.id, body.studentIds);
      await ctx.audit({
        action: "update",
        entity: "general_attendances",
        entityId: params.id,
        before: existing,
        after: updated,
        details: { studentIds: body.studentIds },
      });
      return { message: "Register updated successfully", data: await shown(ctx, updated) };
    },
    { sample: async (scope) => ({ params: { id: (await sampleRegister(scope)).register.id }, body: { note: "Bring water" } }) },
  );

  serveAction(
    app,
    entriesAction,
    async (ctx, { params, query }) => {
      await findRegister(ctx, params.id);
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
      const register = await findRegister(ctx, params.id);
      const changed = await saveRecords(ctx.scope, register, body.date, body.entries, ctx.principal.userId);
      if (changed) {
        await ctx.audit({
          action: "update",
          entity: "general_attendance_records",
          entityId: register.id,
          details: { date: body.date, marked: body.entries.length, changed },
        });
      }
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
