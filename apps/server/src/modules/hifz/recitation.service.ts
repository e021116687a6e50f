import { asc, eq, inArray } from "drizzle-orm";
import { ensureStandardRows, standardRows } from "../../platform/resources/standard-rows.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { hafiz } from "./hafiz.table.js";
import { recitationGroups, recitationMetrics, recitationTypes } from "./recitation.table.js";

/** Sabaq, sabqi and manzil: every hifz class's three daily streams. */
export const STANDARD_RECITATION_TYPES = standardRows({
  table: recitationTypes,
  rows: [
    { builtinKey: "sabaq", name: "Sabaq", nameNative: "سبق", position: 1 },
    { builtinKey: "sabqi", name: "Sabqi", nameNative: "سبقی", position: 2 },
    { builtinKey: "manzil", name: "Manzil", nameNative: "منزل", position: 3 },
  ],
  noun: "standard recitation type",
  deleteCode: "hifz.builtin",
});

/** What teachers listen for; a clear error (lahn jali) weighs more than a subtle one. */
export const STANDARD_RECITATION_METRICS = standardRows({
  table: recitationMetrics,
  rows: [
    { builtinKey: "lahn_jali", name: "Lahn jali (clear error)", nameNative: "لحن جلي", kind: "count", weight: 3 },
    { builtinKey: "lahn_khafi", name: "Lahn khafi (subtle error)", nameNative: "لحن خفي", kind: "count", weight: 1 },
    { builtinKey: "tajweed", name: "Tajweed", nameNative: "تجويد", kind: "score", weight: 0 },
    { builtinKey: "fluency", name: "Fluency", nameNative: "روانی", kind: "score", weight: 0 },
    { builtinKey: "prompted", name: "Prompted (talqeen)", nameNative: "تلقين", kind: "count", weight: 2 },
    { builtinKey: "forgotten", name: "Forgotten", nameNative: "نسيان", kind: "count", weight: 3 },
    { builtinKey: "mutashabihat", name: "Mutashabihat (similar verses)", nameNative: "متشابهات", kind: "count", weight: 2 },
  ],
  noun: "standard metric",
  deleteCode: "hifz.builtin",
  fixed: [{ field: "kind", code: "hifz.builtin_kind", message: "A standard metric keeps its kind." }],
});

export async function activeRecitationTypes(scope: TenantScope) {
  await ensureStandardRows(scope, STANDARD_RECITATION_TYPES);
  return scope.db
    .select()
    .from(recitationTypes)
    .where(scope.where(recitationTypes, eq(recitationTypes.status, "active")))
    .orderBy(asc(recitationTypes.position), asc(recitationTypes.id));
}

/** Every recitation type, active or not (old logs name inactive ones too). */
export async function allRecitationTypes(scope: TenantScope) {
  await ensureStandardRows(scope, STANDARD_RECITATION_TYPES);
  return scope.db.select().from(recitationTypes).where(scope.where(recitationTypes)).orderBy(asc(recitationTypes.position), asc(recitationTypes.id));
}

export async function activeRecitationMetrics(scope: TenantScope) {
  await ensureStandardRows(scope, STANDARD_RECITATION_METRICS);
  return scope.db
    .select()
    .from(recitationMetrics)
    .where(scope.where(recitationMetrics, eq(recitationMetrics.status, "active")))
    .orderBy(asc(recitationMetrics.name));
}

export async function allRecitationMetrics(scope: TenantScope) {
  await ensureStandardRows(scope, STANDARD_RECITATION_METRICS);
  return scope.db.select().from(recitationMetrics).where(scope.where(recitationMetrics)).orderBy(asc(recitationMetrics.name));
}

/** id -> name of recitation groups. */
export const groupNames = (scope: TenantScope, ids: (number | null)[]) => scope.namesById(recitationGroups, ids);

/** Active members of each group. */
export async function memberCounts(scope: TenantScope, groupIds: number[]): Promise<Map<number, number>> {
  if (!groupIds.length) return new Map();
  const rows = await scope.db
    .select({ groupId: hafiz.recitationGroupId, id: hafiz.id })
    .from(hafiz)
    .where(scope.where(hafiz, inArray(hafiz.recitationGroupId, groupIds), eq(hafiz.status, "active")));
  const out = new Map<number, number>();
  for (const r of rows) out.set(r.groupId!, (out.get(r.groupId!) ?? 0) + 1);
  return out;
}
