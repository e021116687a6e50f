import {
  type AnnouncementRow,
  announcementLogs,
  announcementReadLogs,
  announcementResource,
  getAnnouncement,
  markAnnouncementRead,
  remindAnnouncement,
} from "@taleem/contract";
import { inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { RequestContext } from "../../platform/actions/request-context.js";
import { serveAction } from "../../platform/actions/serve-action.js";
import { badRequest, conflict } from "../../platform/http/errors.js";
import { registerPeriodicSweep } from "../../platform/jobs/periodic-sweep.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import type { Services } from "../../platform/services.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { sampleClassroom } from "../academics/classroom-samples.service.js";
import { announcementLogRows, claimReminders, markAnnouncementRead as markRead, readByClass } from "./announcement-logs.service.js";
import { type AnnouncementRecord, audienceOf, checkSchedule, publishAnnouncement, publishDueAnnouncements, readCounts } from "./announcements.service.js";
import { announcements } from "./announcements.table.js";
import { deliverNotifications } from "./notification-delivery.js";

/** How often the server looks for scheduled announcements that are due. */
const SWEEP_MS = 60_000;

/**
 * Announcements: written, scheduled or published to an audience; each recipient is told through
 * a notification on their channels, and the sender sees who has read it, by class, and can remind
 * the rest. A sweep at start and every minute publishes the scheduled ones that are due.
 */
export function registerAnnouncements(app: FastifyInstance, services: Services) {
  /** Rows as the list shows them: read again, so a reply after publishing shows its outcome. */
  async function present(ctx: RequestContext, rows: AnnouncementRecord[]): Promise<AnnouncementRow[]> {
    const ids = rows.map((a) => a.id);
    const fresh = ids.length
      ? await ctx.scope.db
          .select()
          .from(announcements)
          .where(ctx.scope.where(announcements, inArray(announcements.id, ids)))
      : [];
    const byId = new Map(fresh.map((a) => [a.id, a]));
    const reads = await readCounts(ctx.scope, ids);
    return rows.map((a) => {
      const now = byId.get(a.id) ?? a;
      return {
        ...now,
        createdAt: now.createdAt.toISOString(),
        scheduledAt: now.scheduledAt?.toISOString() ?? null,
        publishedAt: now.publishedAt?.toISOString() ?? null,
        readCount: reads.get(a.id) ?? 0,
      };
    });
  }

  const notify = (ctx: RequestContext) => ({ scope: ctx.scope, afterCommit: ctx.afterCommit });

  serveResource(app, announcementResource, announcements, {
    present,
    beforeCreate: async (ctx, input) => {
      // The audience is checked when written, so a draft naming another school's class is refused at once.
      const audienceIds = input.audienceIds ?? [];
      if (input.status !== "published") await audienceOf(ctx.scope, input.audience, audienceIds);
      return { ...input, texts: input.texts ?? {}, audienceIds, scheduledAt: checkSchedule(input.status, input.scheduledAt), createdBy: ctx.principal.userId };
    },
    afterCreate: async (ctx, row) => {
      if (row.status === "published") await publishAnnouncement(services, notify(ctx), row.id);
    },
    beforeUpdate: async (ctx, existing, input) => {
      if (existing.publishedAt)
        throw conflict("announcement.published", "This announcement has been sent and cannot be changed. Write a new one instead.", { id: existing.id });
      const { id: _id, texts, ...values } = input;
      const status = values.status ?? existing.status;
      const audience = values.audience ?? existing.audience;
      const audienceIds = values.audienceIds ?? existing.audienceIds;
      if (audience !== "school" && !audienceIds.length) throw badRequest("announcement.no_audience", "Choose who it goes to.", { field: "audienceIds" });
      if (status !== "published" && (values.audience || values.audienceIds)) await audienceOf(ctx.scope, audience, audienceIds);
      const scheduledAt = values.scheduledAt !== undefined ? values.scheduledAt : (existing.scheduledAt?.toISOString() ?? null);
      return { ...values, audienceIds, ...(texts !== undefined ? { texts: texts ?? {} } : {}), scheduledAt: checkSchedule(status, scheduledAt) };
    },
    afterUpdate: async (ctx, row) => {
      if (row.status === "published") await publishAnnouncement(services, notify(ctx), row.id);
    },
    sample: async (scope) => sampleAnnouncement(scope),
  });

  serveAction(app, getAnnouncement, async (ctx, { params }) => {
    const [data] = await present(ctx, [await ctx.scope.find(announcements, params.id, "Announcement")]);
    return { message: "Announcement fetched successfully", data: data as AnnouncementRow };
  });

  serveAction(
    app,
    announcementLogs,
    async (ctx, { params, query }) => {
      const a = await ctx.scope.find(announcements, params.id, "Announcement");
      const filter = { announcementId: a.id, read: query.read === undefined ? undefined : query.read === "true", classroomId: query.classroom, q: query.q };
      const [logs, byClass] = await Promise.all([announcementLogRows(ctx.scope, filter, query.page, query.limit), readByClass(ctx.scope, a.id)]);
      const read = byClass.reduce((n, c) => n + c.read, 0);
      return { message: "Announcement logs fetched successfully", logs, byClass, total: a.recipients, read };
    },
    { sample: async (scope) => ({ params: { id: (await scope.insert(announcements, await draftValues(scope))).id } }) },
  );

  serveAction(app, announcementReadLogs, async (ctx, { query }) => {
    const filter = {
      announcementId: query.announcement,
      read: query.read === undefined ? undefined : query.read === "true",
      classroomId: query.classroom,
      q: query.q,
    };
    return { message: "Read logs fetched successfully", logs: await announcementLogRows(ctx.scope, filter, query.page, query.limit) };
  });

  serveAction(app, markAnnouncementRead, async (ctx, { body }) => ({
    message: "Announcement marked read",
    readAt: (await markRead(ctx.scope, body.id, ctx.principal.userId)).toISOString(),
  }));

  serveAction(
    app,
    remindAnnouncement,
    async (ctx, { params }) => {
      const a = await ctx.scope.find(announcements, params.id, "Announcement");
      if (!a.publishedAt) throw conflict("announcement.not_published", "Only a published announcement can be reminded of.", { id: a.id });
      const again = await claimReminders(ctx.scope, a.id);
      if (again.length) ctx.afterCommit(() => deliverNotifications(services, ctx.scope.tenantId, again));
      await ctx.audit({ action: "update", entity: "announcements", entityId: a.id, details: { reminded: again.length } });
      return {
        message: again.length ? `${again.length} people reminded` : "Nobody to remind: everyone has read it or was reminded within the hour",
        reminded: again.length,
      };
    },
    {
      sample: async (scope) => {
        const a = await scope.insert(announcements, { ...(await draftValues(scope)), status: "published", publishedAt: new Date() });
        return { params: { id: a.id } };
      },
    },
  );

  registerPeriodicSweep(app, services, "publishing scheduled announcements", SWEEP_MS, () => publishDueAnnouncements(services));
}

/** A draft to one classroom of `scope`'s school. */
async function draftValues(scope: TenantScope) {
  const room = await sampleClassroom(scope);
  return { title: "Sample notice", body: "School closes early on Thursday.", audience: "classrooms" as const, audienceIds: [room.id] };
}

async function sampleAnnouncement(scope: TenantScope) {
  return { ...(await draftValues(scope)), texts: {}, status: "draft" as const, scheduledAt: null };
}
