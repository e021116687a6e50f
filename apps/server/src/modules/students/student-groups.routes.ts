import { bulkUpdateStudentGroup, studentGroupMembers as groupMembersAction, removeFromStudentGroup, studentGroupResource } from "@taleem/contract";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import { groupStudents, presentGroups, removeGroupMembers, sampleMembers, updateGroupMembers } from "./student-groups.service.js";
import { studentGroups } from "./students.table.js";

/** Student groups: a named set of students (a Quran circle, a bus route, a tuition batch). */
export function registerStudentGroupRoutes(app: FastifyInstance) {
  serveResource(app, studentGroupResource, studentGroups, {
    present: (ctx, rows) => presentGroups(ctx.scope, rows),
    sample: async () => ({ name: `Group ${Math.random().toString(36).slice(2, 8)}`, status: "active" as const }),
  });

  serveAction(app, groupMembersAction, async (ctx, { params }) => {
    const rows = await groupStudents(ctx.scope, params.id);
    return { message: "Group students fetched successfully", rows, count: rows.length };
  });

  serveAction(app, bulkUpdateStudentGroup, async (ctx, { body }) => ({ message: "Group updated successfully", ...(await updateGroupMembers(ctx, body)) }), {
    sample: async (scope) => ({ body: { ...(await sampleMembers(scope)), replace: false } }),
  });

  serveAction(
    app,
    removeFromStudentGroup,
    async (ctx, { body }) => ({ message: "Students removed from the group", removed: await removeGroupMembers(ctx, body.id, body.studentIds) }),
    { sample: async (scope) => ({ body: await sampleMembers(scope) }) },
  );
}
