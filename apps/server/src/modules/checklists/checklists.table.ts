import type { ChecklistAnswer, ChecklistItem } from "@taleem/contract";
import { inArray, or, type SQL, sql } from "drizzle-orm";
import { date, foreignKey, index, integer, jsonb, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { family } from "../../platform/auth/family-links.js";
import { roles } from "../../platform/auth/roles.table.js";
import { profiles, users } from "../../platform/auth/users.table.js";
import { declareFamilyLink } from "../../platform/tenancy/family-scope.js";
import { declareReference } from "../../platform/tenancy/references.js";
import { searchIndex, statusColumn, tenantTable, textSortIndex } from "../../platform/tenancy/tenant-table.js";
import { uniqueMeaning } from "../../platform/tenancy/unique-constraints.js";

/** A checklist: its items in order (kept with it, as a form is), its schedule and who submits it. */
export const checklists = tenantTable(
  "checklists",
  {
    name: text().notNull(),
    category: text(),
    frequency: text({ enum: ["daily", "weekly", "monthly", "once"] }).notNull(),
    startsOn: date({ mode: "string" }).notNull(),
    endsOn: date({ mode: "string" }),
    items: jsonb().$type<ChecklistItem[]>().notNull(),
    assigneeIds: jsonb().$type<number[]>().notNull().default([]),
    roleId: integer(),
    status: statusColumn(),
  },
  (t) => [
    textSortIndex("checklists_name_idx", t.tenantId, t.name, t.id),
    index("checklists_category_idx").on(t.tenantId, t.category),
    index("checklists_frequency_idx").on(t.tenantId, t.frequency),
    index("checklists_status_idx").on(t.tenantId, t.status),
    index("checklists_role_idx").on(t.tenantId, t.roleId),
    searchIndex("checklists_search_idx", t.name, t.category),
    foreignKey({ name: "checklists_role_fk", columns: [t.tenantId, t.roleId], foreignColumns: [roles.tenantId, roles.id] }),
  ],
);
declareReference(checklists, checklists.roleId, roles, "checklists");

/**
 * One person's submission of a checklist for one period, or the mark that it was missed (written
 * by the reminder sweep once the period has ended, never ahead of it).
 */
export const checklistLogs = tenantTable(
  "checklist_logs",
  {
    checklistId: integer().notNull(),
    submittedBy: integer().notNull(),
    startDate: date({ mode: "string" }).notNull(),
    endDate: date({ mode: "string" }).notNull(),
    status: text({ enum: ["submitted", "approved", "rejected", "missed"] }).notNull(),
    answers: jsonb().$type<ChecklistAnswer[]>().notNull().default([]),
    comments: text(),
    submittedAt: timestamp({ withTimezone: true }),
    reviewedBy: integer(),
    reviewedAt: timestamp({ withTimezone: true }),
    reviewComments: text(),
  },
  (t) => [
    uniqueIndex(
      uniqueMeaning("checklist_logs_period_key", {
        code: "checklist.already_submitted",
        message: "This checklist was already submitted for this period.",
        field: "startDate",
      }),
    ).on(t.tenantId, t.checklistId, t.submittedBy, t.startDate),
    index("checklist_logs_start_idx").on(t.tenantId, t.startDate, t.id),
    index("checklist_logs_person_idx").on(t.tenantId, t.submittedBy, t.startDate),
    index("checklist_logs_status_idx").on(t.tenantId, t.status),
    index("checklist_logs_submitted_idx").on(t.tenantId, t.submittedAt),
    foreignKey({ name: "checklist_logs_checklist_fk", columns: [t.tenantId, t.checklistId], foreignColumns: [checklists.tenantId, checklists.id] }),
    foreignKey({ name: "checklist_logs_user_fk", columns: [t.tenantId, t.submittedBy], foreignColumns: [users.tenantId, users.id] }),
  ],
);
declareReference(checklistLogs, checklistLogs.checklistId, checklists, "logs");
declareReference(checklistLogs, checklistLogs.submittedBy, users, "checklistLogs");

// How the table's rows reach a family (platform/tenancy/family-scope.ts).
declareFamilyLink(checklistLogs, family.user(checklistLogs.submittedBy));
// A checklist reaches the people it is assigned to, by name or by role.
declareFamilyLink(
  checklists,
  family.rows(
    "assigned to the family's user or one of its roles",
    (c) =>
      or(
        sql`${checklists.assigneeIds} @> ${JSON.stringify([c.userId])}::jsonb`,
        inArray(
          checklists.roleId,
          sql`(select ${profiles.roleId} from ${profiles} where ${profiles.tenantId} = ${c.tenantId} and ${profiles.userId} = ${c.userId})`,
        ),
      ) as SQL,
  ),
);
