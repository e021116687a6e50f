import { getHallRegister, hallCheckResource } from "@taleem/contract";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { RequestContext } from "../../platform/actions/request-context.js";
import { serveAction } from "../../platform/actions/serve-action.js";
import { users } from "../../platform/auth/users.table.js";
import { sampleTag } from "../../platform/resources/sample-tag.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import type { Services } from "../../platform/services.js";
import { schoolToday } from "../../platform/tenancy/school-calendar.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { sampleStudent } from "../students/student-samples.service.js";
import { absentIds, checkMarks, checkOf, hallCodes, marksOf, presentChecks, tellAbsences, writeMarks } from "./hall-checks.service.js";
import { studentsOfHall } from "./halls.service.js";
import { type HallRecord, hallCheckMarks, hallChecks, hallStudents, halls } from "./halls.table.js";

/** A hall holding one student, and a roll call of it, for the isolation suite. */
async function sampleCheck(scope: TenantScope) {
  const [hall, student] = await Promise.all([scope.insert(halls, { name: `Hall ${sampleTag()}`, kind: "dormitory", capacity: 10 }), sampleStudent(scope)]);
  await scope.insert(hallStudents, { hallId: hall.id, kind: hall.kind, studentId: student.id });
  const present = (await hallCodes(scope)).find((c) => c.meaning === "present")!;
  return { hallId: hall.id, date: await schoolToday(scope), slot: "night" as const, marks: [{ studentId: student.id, codeId: present.id }] };
}

/**
 * Hall checks: a roll call of one hall at a slot of a day, every student's mark in one call, with
 * the school's attendance codes. One check per hall, date and slot: the same register sent again
 * replaces the check (same id, its marks rewritten), and the warden and the office are told only
 * of students newly absent.
 */
export function registerHallChecks(app: FastifyInstance, services: Services) {
  // What a create checked before the engine inserts the row, for writing its marks after: the
  // marks need the row's id, and the students absent in a replaced check are gone with it.
  const pending = new WeakMap<RequestContext, { hall: HallRecord; marks: Awaited<ReturnType<typeof checkMarks>>; before: number[] }>();

  serveResource(app, hallCheckResource, hallChecks, {
    present: (ctx, rows) => presentChecks(ctx.scope, rows),
    filters: {
      withAbsentees: (value) =>
        value === "true"
          ? sql`exists (select 1 from ${hallCheckMarks} where ${hallCheckMarks.tenantId} = ${hallChecks.tenantId} and ${hallCheckMarks.checkId} = ${hallChecks.id} and ${hallCheckMarks.meaning} = 'absent')`
          : sql`true`,
    },
    beforeCreate: async (ctx, input) => {
      const hall = await ctx.scope.find(halls, input.hallId, "Hall");
      const marks = await checkMarks(ctx.scope, hall, input.marks);
      const existing = await checkOf(ctx.scope, hall.id, input.date, input.slot);
      const before = existing ? await absentIds(ctx.scope, existing.id) : [];
      // Sent again: the check is written anew under its id (its marks go with the old row).
      if (existing) await ctx.scope.remove(hallChecks, existing.id, "Hall check");
      pending.set(ctx, { hall, marks, before });
      const { marks: _marks, ...values } = input;
      return { ...values, takenBy: ctx.principal.userId, ...(existing ? { id: existing.id, createdAt: existing.createdAt } : {}) };
    },
    afterCreate: async (ctx, row) => {
      const { hall, marks, before } = pending.get(ctx)!;
      await writeMarks(ctx.scope, row.id, marks);
      await tellAbsences(services, ctx, hall, row, marks, before);
    },
    beforeUpdate: async (ctx, existing, input) => {
      const { id, marks, ...values } = input;
      if (marks) {
        const hall = await ctx.scope.find(halls, existing.hallId, "Hall");
        const checked = await checkMarks(ctx.scope, hall, marks);
        const before = await absentIds(ctx.scope, id);
        await writeMarks(ctx.scope, id, checked);
        await tellAbsences(services, ctx, hall, { id, date: values.date ?? existing.date, slot: values.slot ?? existing.slot }, checked, before);
      }
      return { ...values, takenBy: ctx.principal.userId };
    },
    sample: sampleCheck,
  });

  serveAction(
    app,
    getHallRegister,
    async (ctx, { query }) => {
      const { scope } = ctx;
      const hall = await scope.find(halls, query.hallId, "Hall");
      const [check, students, codes] = await Promise.all([checkOf(scope, hall.id, query.date, query.slot), studentsOfHall(scope, hall.id), hallCodes(scope)]);
      const marks = check ? ((await marksOf(scope, [check.id])).get(check.id) ?? []) : [];
      const taker = check?.takenBy ? (await scope.namesById(users, [check.takenBy])).get(check.takenBy) : null;
      return {
        message: "Hall register fetched successfully",
        hall: { id: hall.id, name: hall.name, kind: hall.kind },
        date: query.date,
        slot: query.slot,
        codes,
        check: check ? { id: check.id, time: check.time, notes: check.notes, takenByName: taker ?? null, at: check.updatedAt } : null,
        lines: students.map((s) => {
          const m = marks.find((x) => x.studentId === s.id);
          return {
            studentId: s.id,
            name: s.name,
            nameNative: s.nameNative,
            admissionNo: s.admissionNo,
            rollNo: null,
            mark: m ? { codeId: m.codeId, meaning: m.meaning, note: m.note, updatedAt: m.updatedAt } : null,
            onLeave: false,
          };
        }),
      };
    },
    { sample: async (scope) => ({ query: { hallId: (await sampleCheck(scope)).hallId, date: await schoolToday(scope), slot: "night" as const } }) },
  );
}
