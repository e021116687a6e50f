import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { statusColumn } from "../tenancy/tenant-table.js";
import { tenants } from "../tenancy/tenants.table.js";

/**
 * Sign-in sessions of school users and platform admins. Only the SHA-256 of the token is stored.
 * A platform table: a platform admin's session has no tenant.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text().notNull().unique(),
    tenantId: integer().references(() => tenants.id),
    userId: integer(),
    profileId: integer(),
    platformAdminId: integer(),
    ip: text(),
    userAgent: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("sessions_user_idx").on(t.tenantId, t.userId)],
);

/** The people who run the service: no school, their own sign-in. */
export const platformAdmins = pgTable("platform_admins", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: text().notNull(),
  email: text().notNull().unique(),
  passwordHash: text().notNull(),
  status: statusColumn(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
