import { date, foreignKey, index, integer, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { family } from "../../platform/auth/family-links.js";
import { users } from "../../platform/auth/users.table.js";
import { declareFamilyLink } from "../../platform/tenancy/family-scope.js";
import { tenantTable } from "../../platform/tenancy/tenant-table.js";

/** A staff member's day: in, and out once they leave. One row per person per day. */
export const staffAttendance = tenantTable(
  "staff_attendance",
  {
    userId: integer().notNull(),
    date: date({ mode: "string" }).notNull(),
    inAt: timestamp({ withTimezone: true }).notNull(),
    outAt: timestamp({ withTimezone: true }),
    /** Who marked it when not the person themself (the office); kept as history, no reference. */
    markedBy: integer(),
  },
  (t) => [
    uniqueIndex("staff_attendance_day_key").on(t.tenantId, t.userId, t.date),
    index("staff_attendance_date_idx").on(t.tenantId, t.date),
    foreignKey({ name: "staff_attendance_user_fk", columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete("cascade"),
  ],
);

// How the table's rows reach a family (platform/tenancy/family-scope.ts).
declareFamilyLink(staffAttendance, family.user(staffAttendance.userId));
