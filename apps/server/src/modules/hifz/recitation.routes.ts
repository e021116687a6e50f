import {
  activeRecitationMetrics as activeMetricsCall,
  activeRecitationTypes as activeTypesCall,
  getRecitationGroup,
  recitationGroupResource,
  recitationMetricResource,
  recitationTypeResource,
} from "@taleem/contract";
import { asc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { RequestContext } from "../../platform/actions/request-context.js";
import { serveAction } from "../../platform/actions/serve-action.js";
import { sampleTag } from "../../platform/resources/sample-tag.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { requireTeachers, userNames } from "../academics/classrooms.service.js";
import { studentsByIds } from "../students/students.service.js";
import { hafiz } from "./hafiz.table.js";
import { activeRecitationMetrics, activeRecitationTypes, memberCounts, STANDARD_RECITATION_METRICS, STANDARD_RECITATION_TYPES } from "./recitation.service.js";
import { type RecitationGroupRecord, recitationGroups } from "./recitation.table.js";

export const sampleGroup = (scope: TenantScope) => scope.insert(recitationGroups, { name: `Halqa ${sampleTag()}` });

async function presentGroups(scope: TenantScope, rows: RecitationGroupRecord[]) {
  const [teachers, members] = await Promise.all([
    userNames(
      scope,
      rows.map((r) => r.teacherId),
    ),
    memberCounts(
      scope,
      rows.map((r) => r.id),
    ),
  ]);
  return rows.map((r) => ({ ...r, teacherName: r.teacherId ? (teachers.get(r.teacherId) ?? null) : null, memberCount: members.get(r.id) ?? 0 }));
}

const checkTeacher = async (ctx: RequestContext, teacherId: number | null | undefined) => requireTeachers(ctx.scope, [teacherId], "teacherId");

/** Recitation types and metrics (standard ones given on a school's first visit) and halqas. */
export function registerRecitation(app: FastifyInstance) {
  serveResource(app, recitationTypeResource, STANDARD_RECITATION_TYPES.table, {
    standard: STANDARD_RECITATION_TYPES,
    sample: async () => ({ name: `Tilawah ${sampleTag()}`, position: 4, status: "active" as const }),
  });
  serveResource(app, recitationMetricResource, STANDARD_RECITATION_METRICS.table, {
    standard: STANDARD_RECITATION_METRICS,
    sample: async () => ({ name: `Hesitation ${sampleTag()}`, kind: "count" as const, weight: 1, status: "active" as const }),
  });
  serveResource(app, recitationGroupResource, recitationGroups, {
    present: (ctx, rows) => presentGroups(ctx.scope, rows),
    beforeCreate: async (ctx, input) => {
      await checkTeacher(ctx, input.teacherId);
      return input;
    },
    beforeUpdate: async (ctx, _existing, input) => {
      await checkTeacher(ctx, input.teacherId);
      return input;
    },
    sample: async () => ({ name: `Halqa ${sampleTag()}`, status: "active" as const }),
  });

  serveAction(app, activeTypesCall, async (ctx) => ({ message: "Recitation types fetched successfully", rows: await activeRecitationTypes(ctx.scope) }));
  serveAction(app, activeMetricsCall, async (ctx) => ({ message: "Recitation metrics fetched successfully", rows: await activeRecitationMetrics(ctx.scope) }));

  serveAction(
    app,
    getRecitationGroup,
    async (ctx, { params }) => {
      const group = await ctx.scope.find(recitationGroups, params.id, "Recitation group");
      const [data] = await presentGroups(ctx.scope, [group]);
      const members = await ctx.scope.db
        .select({ hafizId: hafiz.id, studentId: hafiz.studentId })
        .from(hafiz)
        .where(ctx.scope.where(hafiz, eq(hafiz.recitationGroupId, group.id), eq(hafiz.status, "active")))
        .orderBy(asc(hafiz.id));
      const names = new Map(
        (
          await studentsByIds(
            ctx.scope,
            members.map((m) => m.studentId),
          )
        ).map((s) => [s.id, s.name]),
      );
      return {
        message: "Recitation group fetched successfully",
        data: { ...data!, members: members.map((m) => ({ ...m, name: names.get(m.studentId) ?? "" })).sort((a, b) => a.name.localeCompare(b.name)) },
      };
    },
    { sample: async (scope) => ({ params: { id: (await sampleGroup(scope)).id } }) },
  );
}
