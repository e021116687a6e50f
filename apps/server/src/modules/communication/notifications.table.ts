import type { NotificationKind } from "@taleem/contract";
import { sql } from "drizzle-orm";
import { foreignKey, index, integer, text, timestamp } from "drizzle-orm/pg-core";
import { family } from "../../platform/auth/family-links.js";
import { users } from "../../platform/auth/users.table.js";
import { declareFamilyLink } from "../../platform/tenancy/family-scope.js";
import { tenantTable } from "../../platform/tenancy/tenant-table.js";
import { students } from "../students/students.table.js";

/**
 * What the school told one person: written in the person's language when it is sent (a parent
 * reads Malayalam, the teacher English), about one of their children when it is.
 */
export const notifications = tenantTable(
  "notifications",
  {
    userId: integer().notNull(),
    kind: text().$type<NotificationKind>().notNull(),
    title: text().notNull(),
    body: text().notNull(),
    studentId: integer(),
    link: text(),
    readAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    foreignKey({ name: "notifications_user_fk", columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete("cascade"),
    // A notification about a child never stops the child's record from being deleted: it goes with it.
    foreignKey({ name: "notifications_student_fk", columns: [t.tenantId, t.studentId], foreignColumns: [students.tenantId, students.id] }).onDelete("cascade"),
    // The person's list, newest first, and the header's unread count.
    index("notifications_user_idx").on(t.tenantId, t.userId, t.createdAt.desc(), t.id.desc()),
    index("notifications_unread_idx").on(t.tenantId, t.userId).where(sql`${t.readAt} is null`),
  ],
);

// How the table's rows reach a family (platform/tenancy/family-scope.ts).
declareFamilyLink(notifications, family.aboutOwnChildren(family.user(notifications.userId), notifications.studentId));
