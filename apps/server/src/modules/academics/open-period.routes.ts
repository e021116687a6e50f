import { submitOpenPeriod } from "@taleem/contract";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { recordChange } from "../../platform/audit/audit.service.js";
import { toE164 } from "../../platform/auth/phone.js";
import { AppError, badRequest } from "../../platform/http/errors.js";
import type { Services } from "../../platform/services.js";
import { schoolToday } from "../../platform/tenancy/school-calendar.js";
import { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { tenants } from "../../platform/tenancy/tenants.table.js";
import { assertSubjectFitsCourse, requireSubject } from "./academics.service.js";
import { requireClassroom, staffByMobile } from "./classrooms.service.js";
import { entryOfHour } from "./timetable.service.js";
import { hours, periods } from "./timetable.table.js";

const PER_IP_HOUR = 30;
const PER_MOBILE_DAY = 40;

const notRecognised = () =>
  badRequest("period.not_recognised", "This mobile number is not a teacher's at this school, or the hour is not in its timetable. Check both and try again.", {
    fields: ["mobile", "hourId"],
  });

/**
 * POST admin/open/period/:code: a teacher without an account reports a lesson by the school's
 * code. The teacher is known by their mobile number, which must be an active staff user's of that
 * school; the lesson waits for the school's approval. Limited per address and per number.
 */
export function registerOpenPeriodRoute(app: FastifyInstance, { attempts }: Services) {
  app.register(async (scoped) => {
    // The spec's client posts this form as form data; JSON works too.
    scoped.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 16 * 1024 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    serveAction(scoped, submitOpenPeriod, async (ctx, { params, body: b }) => {
      if ((await attempts.hit(`open-period:ip:${params.code.toLowerCase()}:${ctx.ip}`, 3600)) > PER_IP_HOUR) {
        throw new AppError(429, "rate_limited", "Too many lessons were sent from this device. Try again in an hour.");
      }
      const [tenant] = await ctx.db
        .select()
        .from(tenants)
        .where(eq(sql`lower(${tenants.code})`, params.code.toLowerCase()))
        .limit(1);
      if (tenant?.status !== "active") throw badRequest("tenant.unknown", "No school or centre was found with this code.", { field: "code" });
      const mobile = toE164(b.mobile, tenant.country);
      if ((await attempts.hit(`open-period:mobile:${tenant.id}:${mobile}`, 86400)) > PER_MOBILE_DAY) {
        throw new AppError(429, "rate_limited", "Too many lessons were sent for this number today. Try again tomorrow.");
      }
      const id = await new TenantScope(ctx.db, tenant.id).transaction(async (scope) => {
        if (b.date > (await schoolToday(scope))) throw badRequest("period.future", "A lesson cannot be reported for a future date.", { field: "date" });
        // Both looked up before either is judged, and one refusal for both: the form must not tell
        // a stranger which numbers belong to the school's teachers.
        const teacher = await staffByMobile(scope, mobile);
        const hour = await scope.findOptional(hours, b.hourId);
        if (!teacher || !hour) throw notRecognised();
        const room = await requireClassroom(scope, hour.classroomId);
        const subjectId = b.subjectId ?? (await entryOfHour(scope, hour.id))?.subjectId;
        if (!subjectId) throw badRequest("period.no_subject", "This hour has no subject in the timetable; choose the subject.", { field: "subjectId" });
        assertSubjectFitsCourse(await requireSubject(scope, subjectId), room.courseId);
        // One lesson per hour and date: the unique index refuses a second (period.exists).
        const made = await scope.insert(periods, {
          classroomId: room.id,
          hourId: hour.id,
          date: b.date,
          subjectId,
          teacherId: teacher.id,
          topic: b.topic,
          notes: b.notes ?? null,
          status: "submitted",
          source: "open_form",
          submittedBy: teacher.id,
        });
        // The teacher, not a session, is who made the change.
        await recordChange(scope.db, {
          tenantId: tenant.id,
          userId: teacher.id,
          action: "create",
          entity: "periods",
          entityId: made.id,
          after: made,
          ip: ctx.ip,
        });
        return made.id;
      });
      return { message: "Lesson submitted. The school will review it.", id };
    });
  });
}
