import { can, homeStaffPunch, staffPunch, todaysAttendance } from "@taleem/contract";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { AppError } from "../../platform/http/errors.js";
import { punch, requireStaff, staffToday } from "./staff-attendance.service.js";

/** Staff in and out: from the admin area, from the parent area (Staff, Muawin), and who is in today. */
export function registerStaffAttendance(app: FastifyInstance) {
  serveAction(app, staffPunch, async (ctx, { body }) => {
    requireStaff(ctx);
    if (body.userId && body.userId !== ctx.principal.userId && !can(ctx.principal.permissions, "attendance", "edit")) {
      throw new AppError(403, "forbidden", "You do not have permission to do this.");
    }
    const data = await punch(ctx, body.action, body.userId);
    return { message: body.action === "in" ? "Marked in" : "Marked out", data };
  });

  serveAction(app, homeStaffPunch, async (ctx, { body }) => {
    requireStaff(ctx);
    const data = await punch(ctx, body.action);
    return { message: body.action === "in" ? "Marked in" : "Marked out", data };
  });

  serveAction(app, todaysAttendance, async (ctx) => staffToday(ctx.scope, ctx.principal.userId, can(ctx.principal.permissions, "attendance", "view")));
}
