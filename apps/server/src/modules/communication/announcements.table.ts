import { ANNOUNCEMENT_AUDIENCES, ANNOUNCEMENT_STATUSES, type AnnouncementTexts } from "@taleem/contract";
import { sql } from "drizzle-orm";
import { foreignKey, index, integer, jsonb, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { family } from "../../platform/auth/family-links.js";
import { users } from "../../platform/auth/users.table.js";
import { declareFamilyLink } from "../../platform/tenancy/family-scope.js";
import { searchIndex, tenantTable, textSortIndex } from "../../platform/tenancy/tenant-table.js";
import { uniqueMeaning } from "../../platform/tenancy/unique-constraints.js";
import { notifications } from "./notifications.table.js";

/** What the school announces: to whom, in which languages, and whether it has gone out. */
export const announcements = tenantTable(
  "announcements",
  {
    title: text().notNull(),
    body: text().notNull(),
    texts: jsonb().$type<AnnouncementTexts>().notNull().default({}),
    audience: text({ enum: ANNOUNCEMENT_AUDIENCES }).notNull(),
    audienceIds: jsonb().$type<number[]>().notNull().default([]),
    status: text({ enum: ANNOUNCEMENT_STATUSES }).notNull().default("draft"),
    scheduledAt: timestamp({ withTimezone: true }),
    publishedAt: timestamp({ withTimezone: true }),
    /** How many people it reached when published. */
    recipients: integer().notNull().default(0),
    createdBy: integer(),
    clientId: text(),
  },
  (t) => [
    uniqueIndex(
      uniqueMeaning("announcements_client_key", { code: "announcement.duplicate", message: "This announcement was sent already.", field: "clientId" }),
    ).on(t.tenantId, t.clientId),
    textSortIndex("announcements_title_idx", t.tenantId, t.title, t.id),
    index("announcements_status_idx").on(t.tenantId, t.status, t.id),
    index("announcements_published_idx").on(t.tenantId, t.publishedAt, t.id),
    searchIndex("announcements_search_idx", t.title),
    // The sweep that publishes what is due looks across schools at the few scheduled ones.
    index("announcements_due_idx").on(t.scheduledAt).where(sql`${t.status} = 'scheduled'`),
  ],
);

/**
 * One person an announcement reached: the notification they got (whose read time is the read
 * receipt, so reading either marks both), and the child and class they were reached through,
 * kept as they were when it was sent so the figures by class do not move when a child changes class.
 */
export const announcementRecipients = tenantTable(
  "announcement_recipients",
  {
    announcementId: integer().notNull(),
    userId: integer().notNull(),
    notificationId: integer().notNull(),
    studentId: integer(),
    classroomId: integer(),
    remindedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("announcement_recipients_key").on(t.tenantId, t.announcementId, t.userId),
    index("announcement_recipients_user_idx").on(t.tenantId, t.userId),
    foreignKey({
      name: "announcement_recipients_announcement_fk",
      columns: [t.tenantId, t.announcementId],
      foreignColumns: [announcements.tenantId, announcements.id],
    }).onDelete("cascade"),
    foreignKey({ name: "announcement_recipients_user_fk", columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete("cascade"),
    foreignKey({
      name: "announcement_recipients_notification_fk",
      columns: [t.tenantId, t.notificationId],
      foreignColumns: [notifications.tenantId, notifications.id],
    }).onDelete("cascade"),
  ],
);

// How each table's rows reach a family (platform/tenancy/family-scope.ts).
declareFamilyLink(announcementRecipients, family.user(announcementRecipients.userId));
declareFamilyLink(announcements, family.through(announcements.id, announcementRecipients, announcementRecipients.announcementId));
