import { z } from "zod";
import { defineAction, IdParams } from "../action.js";
import * as field from "../fields.js";
import { defineResource, ListQuery } from "../resource.js";
import { Instant, Language, RowId } from "../values.js";

/** Who an announcement goes to: everyone in the school, or the parents of courses' or classrooms' students, or roles, or chosen people. */
export const ANNOUNCEMENT_AUDIENCES = ["school", "courses", "classrooms", "groups", "roles", "people"] as const;
export const AnnouncementAudience = z.enum(ANNOUNCEMENT_AUDIENCES);
export type AnnouncementAudience = z.infer<typeof AnnouncementAudience>;

/** A draft waits, a scheduled one is published when its time comes, a published one has been sent. */
export const ANNOUNCEMENT_STATUSES = ["draft", "scheduled", "published"] as const;
export const AnnouncementStatus = z.enum(ANNOUNCEMENT_STATUSES);
export type AnnouncementStatus = z.infer<typeof AnnouncementStatus>;

const Text = z.object({ title: z.string().trim().min(1).max(200), body: z.string().trim().min(1).max(5000) });
/** The announcement in other languages: each recipient reads the one of their language, else the main text. */
export const AnnouncementTexts = z.partialRecord(Language, Text);
export type AnnouncementTexts = z.infer<typeof AnnouncementTexts>;

const AudienceIds = z
  .array(RowId)
  .max(1000)
  .transform((ids) => [...new Set(ids)]);

export const announcementResource = defineResource({
  path: "announcement",
  module: "communication",
  i18n: "announcements",
  fields: {
    title: field.text(200).required().search().sort().column().summary(),
    body: field.longText(5000).required(),
    texts: field.shaped(AnnouncementTexts, AnnouncementTexts),
    audience: field.choice(AnnouncementAudience).required().filter().column("status"),
    /** The courses, classrooms, roles or people of the audience; empty for the whole school. */
    audienceIds: field.shaped(AudienceIds, z.array(z.number())),
    status: field.choice(AnnouncementStatus).default("draft").filter().sort().column("status"),
    /** When a scheduled announcement goes out. */
    scheduledAt: field.shaped(z.iso.datetime({ offset: true }).nullable(), Instant.nullable()),
    publishedAt: field.readOnly(Instant.nullable()).sort().column("date"),
    /** How many people it reached, and how many have read it. */
    recipients: field.readOnly(z.number().int()).column("number"),
    readCount: field.readOnly(z.number().int()).column("number"),
    /** The sender's own id for this announcement: sending it again (a retry) is refused, never sent twice. */
    clientId: field.shaped(z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, "8 to 64 letters, digits, - or _"), z.string()).writeOnce(),
  },
  defaultSort: "-createdAt",
  refine: (create) =>
    create
      .refine((b) => b.status !== "scheduled" || !!b.scheduledAt, { message: "Give the time to publish at", path: ["scheduledAt"] })
      .refine((b) => b.audience === "school" || (b.audienceIds?.length ?? 0) > 0, { message: "Choose who it goes to", path: ["audienceIds"] }),
});
export type AnnouncementRow = z.infer<typeof announcementResource.row>;

/** GET admin/api/announcement/{id}: one announcement. */
export const getAnnouncement = defineAction({
  method: "GET",
  path: "/admin/api/announcement/:id",
  module: "communication",
  permission: ["communication", "view"],
  family: "scoped",
  summary: "One announcement",
  params: IdParams,
  reply: z.object({ message: z.string(), data: announcementResource.row }),
  errors: [404],
});

/** One recipient of an announcement: whether and when they read it, and the child and class they were reached through. */
export const AnnouncementLogRow = z.object({
  announcementId: z.number(),
  title: z.string(),
  userId: z.number(),
  name: z.string(),
  mobile: z.string().nullable(),
  studentId: z.number().nullable(),
  studentName: z.string().nullable(),
  classroomId: z.number().nullable(),
  classroom: z.string().nullable(),
  readAt: Instant.nullable(),
  remindedAt: Instant.nullable(),
});
export type AnnouncementLogRow = z.infer<typeof AnnouncementLogRow>;

/** Read and unread per class (classroomId null: people reached through no class, such as staff). */
export const ClassReadStat = z.object({
  classroomId: z.number().nullable(),
  classroom: z.string().nullable(),
  total: z.number().int(),
  read: z.number().int(),
});
export type ClassReadStat = z.infer<typeof ClassReadStat>;

export const AnnouncementLogQuery = ListQuery.pick({ page: true, limit: true, q: true }).extend({
  read: z.enum(["true", "false"]).optional(),
  classroom: RowId.optional(),
});

const LogsReply = z.object({ message: z.string(), logs: z.object({ rows: z.array(AnnouncementLogRow), count: z.number().int() }) });

/** GET admin/api/announcement/{id}/logs: who has and has not read one announcement, with the figures by class. */
export const announcementLogs = defineAction({
  method: "GET",
  path: "/admin/api/announcement/:id/logs",
  module: "communication",
  permission: ["communication", "view"],
  family: "scoped",
  summary: "Who has and has not read an announcement (filters: read, classroom, q), with read figures by class",
  params: IdParams,
  query: AnnouncementLogQuery,
  reply: LogsReply.extend({ byClass: z.array(ClassReadStat), total: z.number().int(), read: z.number().int() }),
  errors: [404],
});

/** GET admin/api/announcement/read/logs: read receipts across the school's announcements. */
export const announcementReadLogs = defineAction({
  method: "GET",
  path: "/admin/api/announcement/read/logs",
  module: "communication",
  permission: ["communication", "view"],
  family: "scoped",
  summary: "Read receipts across announcements, newest first (filters: announcement, read, classroom, q)",
  query: AnnouncementLogQuery.extend({ announcement: RowId.optional() }),
  reply: LogsReply,
});

/** PUT admin/api/announcement/log: the signed-in recipient has read the announcement. */
export const markAnnouncementRead = defineAction({
  method: "PUT",
  path: "/admin/api/announcement/log",
  module: "account",
  summary: "Mark an announcement read by the signed-in person (its notification too). An announcement they did not receive answers 404.",
  body: z.object({ id: RowId }),
  reply: z.object({ message: z.string(), readAt: Instant }),
  errors: [404],
  refreshes: ["notification"],
  invalidates: ["account", "communication"],
});

/** POST admin/api/announcement/{id}/remind: tells again those who have not read it, at most once an hour each. */
export const remindAnnouncement = defineAction({
  method: "POST",
  path: "/admin/api/announcement/:id/remind",
  module: "communication",
  permission: ["communication", "send"],
  summary: "Remind the recipients who have not read a published announcement; someone reminded within the hour is not reminded again",
  params: IdParams,
  reply: z.object({ message: z.string(), reminded: z.number().int() }),
  errors: [404, 409],
  refreshes: ["announcement"],
});
