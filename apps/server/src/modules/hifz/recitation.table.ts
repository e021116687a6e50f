import { METRIC_KINDS } from "@taleem/contract";
import { sql } from "drizzle-orm";
import { foreignKey, index, integer, text, uniqueIndex } from "drizzle-orm/pg-core";
import { family } from "../../platform/auth/family-links.js";
import { users } from "../../platform/auth/users.table.js";
import { declareFamilyLink } from "../../platform/tenancy/family-scope.js";
import { searchIndex, statusColumn, tenantTable, textSortIndex } from "../../platform/tenancy/tenant-table.js";
import { uniqueMeaning } from "../../platform/tenancy/unique-constraints.js";

/** Sabaq, sabqi, manzil (builtinKey) and the school's own, in a sitting's order. */
export const recitationTypes = tenantTable(
  "recitation_types",
  {
    name: text().notNull(),
    nameNative: text(),
    position: integer().notNull().default(10),
    builtinKey: text(),
    status: statusColumn(),
  },
  (t) => [
    uniqueIndex(
      uniqueMeaning("recitation_types_name_key", { code: "hifz.type_exists", message: "There is already a recitation type with this name.", field: "name" }),
    ).on(t.tenantId, sql`lower(${t.name})`),
    uniqueIndex("recitation_types_builtin_key").on(t.tenantId, t.builtinKey),
    index("recitation_types_position_idx").on(t.tenantId, t.position, t.id),
    textSortIndex("recitation_types_sort_idx", t.tenantId, t.name, t.id),
    searchIndex("recitation_types_search_idx", t.name),
    index("recitation_types_status_idx").on(t.tenantId, t.status),
  ],
);
export type RecitationTypeRecord = typeof recitationTypes.$inferSelect;

/** Lahn jali, lahn khafi, prompted, ... (builtinKey) and the school's own, each with a kind and a weight. */
export const recitationMetrics = tenantTable(
  "recitation_metrics",
  {
    name: text().notNull(),
    nameNative: text(),
    kind: text({ enum: METRIC_KINDS }).notNull().default("count"),
    weight: integer().notNull().default(1),
    builtinKey: text(),
    status: statusColumn(),
  },
  (t) => [
    uniqueIndex(
      uniqueMeaning("recitation_metrics_name_key", { code: "hifz.metric_exists", message: "There is already a metric with this name.", field: "name" }),
    ).on(t.tenantId, sql`lower(${t.name})`),
    uniqueIndex("recitation_metrics_builtin_key").on(t.tenantId, t.builtinKey),
    textSortIndex("recitation_metrics_sort_idx", t.tenantId, t.name, t.id),
    searchIndex("recitation_metrics_search_idx", t.name),
    index("recitation_metrics_kind_idx").on(t.tenantId, t.kind),
    index("recitation_metrics_status_idx").on(t.tenantId, t.status),
  ],
);
export type RecitationMetricRecord = typeof recitationMetrics.$inferSelect;

/** A halqa: a teacher's group of hafiz students (members are the hafiz rows that name it). */
export const recitationGroups = tenantTable(
  "recitation_groups",
  {
    name: text().notNull(),
    teacherId: integer(),
    status: statusColumn(),
  },
  (t) => [
    uniqueIndex(
      uniqueMeaning("recitation_groups_name_key", { code: "hifz.group_exists", message: "There is already a group with this name.", field: "name" }),
    ).on(t.tenantId, sql`lower(${t.name})`),
    textSortIndex("recitation_groups_sort_idx", t.tenantId, t.name, t.id),
    searchIndex("recitation_groups_search_idx", t.name),
    index("recitation_groups_teacher_idx").on(t.tenantId, t.teacherId),
    index("recitation_groups_status_idx").on(t.tenantId, t.status),
    foreignKey({ name: "recitation_groups_teacher_fk", columns: [t.tenantId, t.teacherId], foreignColumns: [users.tenantId, users.id] }),
  ],
);
export type RecitationGroupRecord = typeof recitationGroups.$inferSelect;

// How each table's rows reach a family (platform/tenancy/family-scope.ts).
declareFamilyLink(recitationTypes, family.school);
declareFamilyLink(recitationMetrics, family.school);
declareFamilyLink(recitationGroups, family.school);
