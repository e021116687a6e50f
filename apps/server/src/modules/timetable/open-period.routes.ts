import { OpenPeriodSubmit } from "@taleem/contract";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { recordChange } from "../../platform/audit/audit.service.js";
import { toE164 } from "../../platform/auth/phone.js";
import { AppError, badRequest } from "../../platform/http/errors.js";
import type { Services } from "../../platform/services.js";
import { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { tenants } from "../../platform/tenancy/tenants.table.js";
import { assertSubjectFitsCourse, requireSubject } from "../academics/academics.service.js";
import { requireClassroom, staffByMobile } from "../classrooms/classrooms.service.js";
import { schoolToday } from "../enrolments/enrolments.service.js";
import { assertPeriodFree, entryOfHour } from "./timetable.service.js";
import { hours, periods } from "./timetable.table.js";

const PER_IP_HOUR = 30;
const PER_MOBILE_DAY = 40;

/**
 * POST admin/open/period/:code: a teacher without an account reports a lesson by the school's
 * code. The teacher is known by their mobile number, which must be an active staff user's of that
 * school; the lesson waits for the school's approval. Limited per address and per number.
 */
export function registerOpenPeriodRoute(app: FastifyInstance, { db, attempts }: Services) {
  app.register(async (scoped) => {
    // The spec's client posts this form as form data; JSON works too.
    scoped.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 16 * 1024 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    const r = scoped.withTypeProvider<ZodTypeProvider>();
    r.post("/admin/open/period/:code", {
      config: { access: "open" },
      schema: {
        tags: ["academics"],
        summary: "A teacher reports a lesson through the school's public form (known by their staff mobile number; approved by the school)",
        params: z.object({ code: z.string().trim().min(1).max(60) }),
        body: OpenPeriodSubmit,
        response: { 200: z.object({ message: z.string(), id: z.number() }) },
      },
      handler: async (req) => {
        if ((await attempts.hit(`open-period:ip:${req.params.code.toLowerCase()}:${req.ip}`, 3600)) > PER_IP_HOUR) {
          throw new AppError(429, "rate_limited", "Too many lessons were sent from this device. Try again in an hour.");
        }
        const [tenant] = await db
          .select()
          .from(tenants)
          .where(eq(sql`lower(${tenants.code})`, req.params.code.toLowerCase()))
          .limit(1);
        if (tenant?.status !== "active") throw badRequest("tenant.unknown", "No school or centre was found with this code.", { field: "code" });
        const b = req.body;
        const mobile = toE164(b.mobile, tenant.country);
        if ((await attempts.hit(`open-period:mobile:${tenant.id}:${mobile}`, 86400)) > PER_MOBILE_DAY) {
          throw new AppError(429, "rate_limited", "Too many lessons were sent for this number today. Try again tomorrow.");
        }
        const scope = new TenantScope(db, tenant.id);
        const teacher = await staffByMobile(scope, mobile);
        if (!teacher) throw badRequest("period.unknown_teacher", "This mobile number is not registered as a teacher of this school.", { field: "mobile" });
        if (b.date > (await schoolToday(scope))) throw badRequest("period.future", "A lesson cannot be reported for a future date.", { field: "date" });
        const id = await scope.transaction(async (tx) => {
          const hour = await tx.find(hours, b.hourId, "Hour");
          const room = await requireClassroom(tx, hour.classroomId);
          const subjectId = b.subjectId ?? (await entryOfHour(tx, hour.id))?.subjectId;
          if (!subjectId) throw badRequest("period.no_subject", "This hour has no subject in the timetable; choose the subject.", { field: "subjectId" });
          assertSubjectFitsCourse(await requireSubject(tx, subjectId), room.courseId);
          await assertPeriodFree(tx, hour.id, b.date);
          const made = await tx.insert(periods, {
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
          await recordChange(tx.db, {
            tenantId: tx.tenantId,
            userId: teacher.id,
            action: "create",
            entity: "periods",
            entityId: made.id,
            after: made,
            ip: req.ip,
          });
          return made.id;
        });
        return { message: "Lesson submitted. The school will review it.", id };
      },
    });
  });
}
