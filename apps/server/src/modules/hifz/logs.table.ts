import { LOG_STATUSES } from "@taleem/contract";
import { sql } from "drizzle-orm";
import { boolean, check, date, foreignKey, index, integer, jsonb, numeric, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { family } from "../../platform/auth/family-links.js";
import { users } from "../../platform/auth/users.table.js";
import { declareFamilyLink } from "../../platform/tenancy/family-scope.js";
import { declareReference } from "../../platform/tenancy/references.js";
import { tenantTable } from "../../platform/tenancy/tenant-table.js";
import { hafiz } from "./hafiz.table.js";
import { recitationMetrics, recitationTypes } from "./recitation.table.js";
import { hifzSessions } from "./sessions.table.js";

/** What one hafiz recited of one type at one sitting: global ayahs startAyah..endAyah. */
export const hifzLogs = tenantTable(
  "hifz_logs",
  {
    hafizId: integer().notNull(),
    sessionId: integer(),
    recitationTypeId: integer().notNull(),
    date: date({ mode: "string" }).notNull(),
    startAyah: integer().notNull(),
    endAyah: integer().notNull(),
    pages: numeric({ precision: 6, scale: 2, mode: "number" }).notNull(),
    lines: integer(),
    status: text({ enum: LOG_STATUSES }).notNull().default("completed"),
    grade: integer(),
    metrics: jsonb().$type<Record<string, number>>().notNull().default({}),
    notes: text(),
    recordedBy: integer(),
  },
  (t) => [
    // A sitting holds one log per hafiz and type: sending the sitting again replaces it.
    uniqueIndex("hifz_logs_sitting_key").on(t.tenantId, t.sessionId, t.hafizId, t.recitationTypeId).where(sql`${t.sessionId} is not null`),
    index("hifz_logs_hafiz_idx").on(t.tenantId, t.hafizId, t.date, t.id),
    index("hifz_logs_date_idx").on(t.tenantId, t.date, t.id),
    index("hifz_logs_session_idx").on(t.tenantId, t.sessionId),
    index("hifz_logs_type_idx").on(t.tenantId, t.recitationTypeId),
    index("hifz_logs_status_idx").on(t.tenantId, t.status),
    check("hifz_logs_range_check", sql`${t.startAyah} between 1 and 6236 and ${t.endAyah} between ${t.startAyah} and 6236`),
    check("hifz_logs_grade_check", sql`${t.grade} is null or ${t.grade} between 1 and 5`),
    foreignKey({ name: "hifz_logs_hafiz_fk", columns: [t.tenantId, t.hafizId], foreignColumns: [hafiz.tenantId, hafiz.id] }),
    foreignKey({ name: "hifz_logs_session_fk", columns: [t.tenantId, t.sessionId], foreignColumns: [hifzSessions.tenantId, hifzSessions.id] }),
    foreignKey({ name: "hifz_logs_type_fk", columns: [t.tenantId, t.recitationTypeId], foreignColumns: [recitationTypes.tenantId, recitationTypes.id] }),
    foreignKey({ name: "hifz_logs_recorded_by_fk", columns: [t.tenantId, t.recordedBy], foreignColumns: [users.tenantId, users.id] }),
  ],
);
export type HifzLogRecord = typeof hifzLogs.$inferSelect;
declareReference(hifzLogs, hifzLogs.hafizId, hafiz, "logs");
declareReference(hifzLogs, hifzLogs.sessionId, hifzSessions, "logs");
declareReference(hifzLogs, hifzLogs.recitationTypeId, recitationTypes, "logs");

/** A mistake pinned to a global ayah (and optionally its word), open until resolved. */
export const hifzFeedback = tenantTable(
  "hifz_feedback",
  {
    hafizId: integer().notNull(),
    logId: integer(),
    /** The global ayah number (1 to 6,236). */
    ayahNumber: integer().notNull(),
    word: integer(),
    metricId: integer().notNull(),
    note: text(),
    date: date({ mode: "string" }).notNull(),
    isResolved: boolean().notNull().default(false),
    resolvedAt: timestamp({ withTimezone: true }),
    resolvedBy: integer(),
  },
  (t) => [
    index("hifz_feedback_hafiz_idx").on(t.tenantId, t.hafizId, t.isResolved, t.ayahNumber),
    index("hifz_feedback_date_idx").on(t.tenantId, t.date, t.id),
    index("hifz_feedback_log_idx").on(t.tenantId, t.logId),
    index("hifz_feedback_metric_idx").on(t.tenantId, t.metricId),
    index("hifz_feedback_resolved_idx").on(t.tenantId, t.isResolved),
    index("hifz_feedback_ayah_idx").on(t.tenantId, t.ayahNumber),
    check("hifz_feedback_ayah_check", sql`${t.ayahNumber} between 1 and 6236`),
    foreignKey({ name: "hifz_feedback_hafiz_fk", columns: [t.tenantId, t.hafizId], foreignColumns: [hafiz.tenantId, hafiz.id] }),
    foreignKey({ name: "hifz_feedback_log_fk", columns: [t.tenantId, t.logId], foreignColumns: [hifzLogs.tenantId, hifzLogs.id] }).onDelete("cascade"),
    foreignKey({ name: "hifz_feedback_metric_fk", columns: [t.tenantId, t.metricId], foreignColumns: [recitationMetrics.tenantId, recitationMetrics.id] }),
    foreignKey({ name: "hifz_feedback_resolved_by_fk", columns: [t.tenantId, t.resolvedBy], foreignColumns: [users.tenantId, users.id] }),
  ],
);
export type HifzFeedbackRecord = typeof hifzFeedback.$inferSelect;
declareReference(hifzFeedback, hifzFeedback.hafizId, hafiz, "mistakes");
declareReference(hifzFeedback, hifzFeedback.metricId, recitationMetrics, "mistakes");

// How each table's rows reach a family (platform/tenancy/family-scope.ts).
declareFamilyLink(hifzLogs, family.through(hifzLogs.hafizId, hafiz));
declareFamilyLink(hifzFeedback, family.through(hifzFeedback.hafizId, hafiz));
