import {
  applyForLeave,
  approveLeave,
  getLeaveApplication,
  getLeaveType,
  leaveApplicationResource,
  leaveTypeResource,
  myLeave,
  rejectLeave,
  UPLOAD_LIMITS,
  updateLeaveType,
} from "@taleem/contract";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { UploadStore } from "../../platform/files/uploads.js";
import { sampleTag } from "../../platform/resources/sample-tag.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import type { Services } from "../../platform/services.js";
import { sampleStudent } from "../students/student-samples.service.js";
import { decideLeave, presentApplications, STANDARD_LEAVE_TYPES } from "./leave.service.js";
import { leaveApplications, leaveTypes } from "./leave.table.js";
import {
  applicationChangeValues,
  applyLeave,
  changeLeaveType,
  leaveApplication,
  myApplications,
  newApplicationValues,
  sampleLeaveType,
  samplePending,
} from "./leave-applications.service.js";

/**
 * Leave: types (sick, family, travel given on a school's first visit), applications filed by the
 * office, by parents for their children and by staff for themselves, and the office's decisions,
 * each told to the applicant once.
 */
export function registerLeave(app: FastifyInstance, services: Services) {
  const store = new UploadStore(services.config.dataDir);

  serveResource(app, leaveTypeResource, leaveTypes, {
    standard: STANDARD_LEAVE_TYPES,
    sample: async () => ({ name: `Umrah ${sampleTag()}`, yearlyAllowance: 15, status: "active" as const }),
  });

  serveAction(
    app,
    getLeaveType,
    async (ctx, { params }) => ({ message: "Leave type fetched successfully", data: await ctx.scope.find(leaveTypes, params.id, "Leave type") }),
    { sample: async (scope) => ({ params: { id: (await sampleLeaveType(scope)).id } }) },
  );

  serveAction(
    app,
    updateLeaveType,
    async (ctx, { params, body }) => ({ message: "Leave type updated successfully", data: await changeLeaveType(ctx, params.id, body) }),
    { sample: async (scope) => ({ params: { id: (await sampleLeaveType(scope)).id }, body: { yearlyAllowance: 10 } }) },
  );

  serveResource(app, leaveApplicationResource, leaveApplications, {
    present: (ctx, rows) => presentApplications(ctx.scope, rows),
    beforeCreate: (ctx, input) => newApplicationValues(ctx, input),
    beforeUpdate: (ctx, existing, input) => applicationChangeValues(ctx.scope, existing, input),
    sample: async (scope) => ({
      studentId: (await sampleStudent(scope)).id,
      leaveTypeId: (await sampleLeaveType(scope)).id,
      fromDate: "2026-03-02",
      toDate: "2026-03-04",
      reason: "Family wedding",
    }),
  });

  serveAction(
    app,
    getLeaveApplication,
    async (ctx, { params }) => ({ message: "Leave application fetched successfully", data: await leaveApplication(ctx.scope, params.id) }),
    {
      sample: async (scope) => ({ params: { id: (await samplePending(scope)).id } }),
    },
  );

  serveAction(
    app,
    approveLeave,
    async (ctx, { params, body }) => {
      const { row, changed } = await decideLeave(services, ctx, params.id, "approved", body.comment || null);
      return { message: changed ? "Leave approved" : "This leave was already approved", data: (await presentApplications(ctx.scope, [row]))[0]! };
    },
    { sample: async (scope) => ({ params: { id: (await samplePending(scope)).id }, body: { comment: "Get well soon" } }) },
  );

  serveAction(
    app,
    rejectLeave,
    async (ctx, { params, body }) => {
      const { row, changed } = await decideLeave(services, ctx, params.id, "rejected", body.reason);
      return { message: changed ? "Leave rejected" : "This leave was already rejected", data: (await presentApplications(ctx.scope, [row]))[0]! };
    },
    { sample: async (scope) => ({ params: { id: (await samplePending(scope)).id }, body: { reason: "Examinations that week" } }) },
  );

  serveAction(app, myLeave, async (ctx, { query }) => ({
    message: "Leave applications fetched successfully",
    ...(await myApplications(ctx.scope, ctx.principal.userId, query)),
  }));

  serveAction(
    app,
    applyForLeave,
    async (ctx, { body }) => {
      const { created, data } = await applyLeave(ctx, store, body);
      return { message: created ? "Leave applied for" : "This leave was already applied for", data };
    },
    {
      bodyLimit: Math.ceil(UPLOAD_LIMITS.fileBytes / 3) * 4 + 64 * 1024,
      sample: async (scope) => ({
        body: {
          studentId: (await sampleStudent(scope)).id,
          leaveTypeId: (await sampleLeaveType(scope)).id,
          fromDate: "2026-04-06",
          toDate: "2026-04-07",
          reason: "Travel",
        },
      }),
    },
  );
}
