import { and, eq, notExists, sql } from "drizzle-orm";
import { foreignKey, index, integer, jsonb, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { searchIndex, setWipeRule, statusColumn, tenantTable, textSortIndex } from "../tenancy/tenant-table.js";
import { roles } from "./roles.table.js";

/** A Web Push subscription or a native wrapper's device token. */
export type PushTarget = { kind: "fcm"; token: string; at: string } | { kind: "webpush"; endpoint: string; keys: { p256dh: string; auth: string }; at: string };

/** One person in one school. */
export const users = tenantTable(
  "users",
  {
    name: text().notNull(),
    /** E.164, read with the school's country as the default region. */
    mobile: text(),
    username: text(),
    email: text(),
    emailVerifiedAt: timestamp({ withTimezone: true }),
    passwordHash: text(),
    language: text().notNull().default("en"),
    status: statusColumn(),
    lastProfileId: integer(),
    lastLoginAt: timestamp({ withTimezone: true }),
    pushTargets: jsonb().$type<PushTarget[]>().notNull().default([]),
  },
  (t) => [
    uniqueIndex("users_mobile_key").on(t.tenantId, t.mobile),
    uniqueIndex("users_username_key").on(t.tenantId, sql`lower(${t.username})`),
    textSortIndex("users_name_idx", t.tenantId, t.name, t.id),
    index("users_last_login_idx").on(t.tenantId, t.lastLoginAt),
    searchIndex("users_search_idx", t.name, t.mobile, t.username, t.email),
  ],
  "keep",
);

/** A role membership: a person may be staff and parent in one school. */
export const profiles = tenantTable(
  "profiles",
  {
    userId: integer().notNull(),
    roleId: integer().notNull(),
  },
  (t) => [
    uniqueIndex("profiles_user_role_key").on(t.tenantId, t.userId, t.roleId),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete("cascade"),
    foreignKey({ columns: [t.tenantId, t.roleId], foreignColumns: [roles.tenantId, roles.id] }),
  ],
  // Profiles of kept (admin) users stay; the rest went with their users.
  "keep",
);

/** A parent's link to a student; the students module adds the reference to its table. */
export const guardians = tenantTable(
  "guardians",
  {
    userId: integer().notNull(),
    studentId: integer().notNull(),
    relation: text().notNull().default("guardian"),
  },
  (t) => [
    uniqueIndex("guardians_user_student_key").on(t.tenantId, t.userId, t.studentId),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete("cascade"),
  ],
);

// Admin users survive a wipe; everyone else goes (their profiles and links with them).
setWipeRule(users, (tx, tenantId) =>
  tx.delete(users).where(
    and(
      eq(users.tenantId, tenantId),
      notExists(
        tx
          .select({ one: sql`1` })
          .from(profiles)
          .innerJoin(roles, and(eq(roles.tenantId, profiles.tenantId), eq(roles.id, profiles.roleId)))
          .where(and(eq(profiles.tenantId, users.tenantId), eq(profiles.userId, users.id), eq(roles.area, "admin"))),
      ),
    ),
  ),
);
