import type { NotificationChannel, NotificationKind } from "@taleem/contract";
import { foreignKey, integer, jsonb, text, uniqueIndex } from "drizzle-orm/pg-core";
import { family } from "../../platform/auth/family-links.js";
import { users } from "../../platform/auth/users.table.js";
import { declareFamilyLink } from "../../platform/tenancy/family-scope.js";
import { tenantTable } from "../../platform/tenancy/tenant-table.js";

/** The school's choice for one kind of notification: the channels people start with, and those nobody may turn off. */
export const schoolNotificationChannels = tenantTable(
  "school_notification_channels",
  {
    kind: text().$type<NotificationKind>().notNull(),
    channels: jsonb().$type<NotificationChannel[]>().notNull(),
    compulsory: jsonb().$type<NotificationChannel[]>().notNull().default([]),
  },
  (t) => [uniqueIndex("school_notification_channels_key").on(t.tenantId, t.kind)],
);

/** A person's own channels for one kind; without a row the school's default applies. */
export const personNotificationChannels = tenantTable(
  "person_notification_channels",
  {
    userId: integer().notNull(),
    kind: text().$type<NotificationKind>().notNull(),
    channels: jsonb().$type<NotificationChannel[]>().notNull(),
  },
  (t) => [
    uniqueIndex("person_notification_channels_key").on(t.tenantId, t.userId, t.kind),
    foreignKey({ name: "person_notification_channels_user_fk", columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete(
      "cascade",
    ),
  ],
);

// How each table's rows reach a family (platform/tenancy/family-scope.ts).
declareFamilyLink(schoolNotificationChannels, family.school);
declareFamilyLink(personNotificationChannels, family.user(personNotificationChannels.userId));
