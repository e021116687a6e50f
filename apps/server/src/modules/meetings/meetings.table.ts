import { sql } from "drizzle-orm";
import { check, date, foreignKey, index, integer, text, time, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { family } from "../../platform/auth/family-links.js";
import { users } from "../../platform/auth/users.table.js";
import { declareFamilyLink } from "../../platform/tenancy/family-scope.js";
import { searchIndex, tenantTable } from "../../platform/tenancy/tenant-table.js";

/** A parent-teacher meeting; whom it invites is kept as chosen, and resolved into families below. */
export const meetings = tenantTable(
  "meetings",
  {
    title: text().notNull(),
    date: date({ mode: "string" }).notNull(),
    startTime: time().notNull(),
    endTime: time().notNull(),
    place: text(),
    link: text(),
    agenda: text(),
    classroomIds: integer().array().notNull().default([]),
    studentIds: integer().array().notNull().default([]),
  },
  (t) => [
    check("meetings_times_check", sql`${t.endTime} > ${t.startTime}`),
    index("meetings_date_idx").on(t.tenantId, t.date),
    searchIndex("meetings_search_idx", t.title),
  ],
);
export type MeetingRecord = typeof meetings.$inferSelect;

/** An invited family (a parent account), the children it is invited for, and its one answer. */
export const meetingInvitees = tenantTable(
  "meeting_invitees",
  {
    meetingId: integer().notNull(),
    userId: integer().notNull(),
    studentIds: integer().array().notNull().default([]),
    answer: text({ enum: ["coming", "not_coming", "another_time"] }),
    suggestedTime: text(),
    note: text(),
    answeredAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("meeting_invitees_family_key").on(t.tenantId, t.meetingId, t.userId),
    index("meeting_invitees_user_idx").on(t.tenantId, t.userId),
    foreignKey({ name: "meeting_invitees_meeting_fk", columns: [t.tenantId, t.meetingId], foreignColumns: [meetings.tenantId, meetings.id] }).onDelete(
      "cascade",
    ),
    foreignKey({ name: "meeting_invitees_user_fk", columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete("cascade"),
  ],
);
export type MeetingInviteeRecord = typeof meetingInvitees.$inferSelect;

// How each table's rows reach a family (platform/tenancy/family-scope.ts).
declareFamilyLink(meetingInvitees, family.user(meetingInvitees.userId));
declareFamilyLink(meetings, family.through(meetings.id, meetingInvitees, meetingInvitees.meetingId));
