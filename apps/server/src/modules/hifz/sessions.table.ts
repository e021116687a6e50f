import { SITTING_ATTENDANCE } from "@taleem/contract";
import { date, foreignKey, index, integer, text, time, uniqueIndex } from "drizzle-orm/pg-core";
import { family } from "../../platform/auth/family-links.js";
import { users } from "../../platform/auth/users.table.js";
import { declareFamilyLink } from "../../platform/tenancy/family-scope.js";
import { declareReference } from "../../platform/tenancy/references.js";
import { tenantTable } from "../../platform/tenancy/tenant-table.js";
import { hafiz } from "./hafiz.table.js";
import { recitationGroups } from "./recitation.table.js";

/** A sitting: a day's time with a halqa and its teacher. */
export const hifzSessions = tenantTable(
  "hifz_sessions",
  {
    date: date({ mode: "string" }).notNull(),
    startTime: time(),
    endTime: time(),
    recitationGroupId: integer(),
    teacherId: integer(),
    notes: text(),
  },
  (t) => [
    index("hifz_sessions_date_idx").on(t.tenantId, t.date, t.id),
    index("hifz_sessions_group_idx").on(t.tenantId, t.recitationGroupId, t.date),
    index("hifz_sessions_teacher_idx").on(t.tenantId, t.teacherId, t.date),
    foreignKey({
      name: "hifz_sessions_group_fk",
      columns: [t.tenantId, t.recitationGroupId],
      foreignColumns: [recitationGroups.tenantId, recitationGroups.id],
    }),
    foreignKey({ name: "hifz_sessions_teacher_fk", columns: [t.tenantId, t.teacherId], foreignColumns: [users.tenantId, users.id] }),
  ],
);
export type HifzSessionRecord = typeof hifzSessions.$inferSelect;
declareReference(hifzSessions, hifzSessions.recitationGroupId, recitationGroups, "sessions");

/** Who sits a sitting, and whether they came. */
export const hifzSessionStudents = tenantTable(
  "hifz_session_students",
  {
    sessionId: integer().notNull(),
    hafizId: integer().notNull(),
    attendance: text({ enum: SITTING_ATTENDANCE }).notNull().default("present"),
  },
  (t) => [
    uniqueIndex("hifz_session_students_seat_key").on(t.tenantId, t.sessionId, t.hafizId),
    index("hifz_session_students_hafiz_idx").on(t.tenantId, t.hafizId),
    foreignKey({
      name: "hifz_session_students_session_fk",
      columns: [t.tenantId, t.sessionId],
      foreignColumns: [hifzSessions.tenantId, hifzSessions.id],
    }).onDelete("cascade"),
    foreignKey({ name: "hifz_session_students_hafiz_fk", columns: [t.tenantId, t.hafizId], foreignColumns: [hafiz.tenantId, hafiz.id] }),
  ],
);
declareReference(hifzSessionStudents, hifzSessionStudents.hafizId, hafiz, "sessions");

// How each table's rows reach a family (platform/tenancy/family-scope.ts).
declareFamilyLink(hifzSessionStudents, family.through(hifzSessionStudents.hafizId, hafiz));
declareFamilyLink(hifzSessions, family.through(hifzSessions.id, hifzSessionStudents, hifzSessionStudents.sessionId));
