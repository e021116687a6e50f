import { type AttendanceMeaning, type AttendanceRules, DEFAULT_ATTENDANCE_RULES } from "@taleem/contract";
import { asc, count, eq } from "drizzle-orm";
import { ensureStandardRows, standardRows } from "../../platform/resources/standard-rows.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { attendanceCodes, attendanceRules } from "./attendance-codes.table.js";

/** The codes every school starts with, one per meaning; "P" is pre-selected when a register opens. */
export const STANDARD_CODES = standardRows({
  table: attendanceCodes,
  rows: (
    [
      { builtinKey: "present", code: "P", name: "Present", isDefault: true },
      { builtinKey: "absent", code: "A", name: "Absent" },
      { builtinKey: "late", code: "L", name: "Late" },
      { builtinKey: "excused", code: "E", name: "Excused" },
      { builtinKey: "on_leave", code: "LV", name: "On leave" },
      { builtinKey: "half_day", code: "H", name: "Half day" },
    ] as const
  ).map((c, i) => ({ ...c, meaning: c.builtinKey as AttendanceMeaning, isDefault: "isDefault" in c, order: i + 1 })),
  // A school that made its own default keeps it: "P" comes back without taking that place.
  adjust: async (scope, rows) => {
    const [hasDefault] = await scope.db
      .select({ id: attendanceCodes.id })
      .from(attendanceCodes)
      .where(scope.where(attendanceCodes, eq(attendanceCodes.isDefault, true)));
    return hasDefault ? rows.map((r) => ({ ...r, isDefault: false })) : rows;
  },
  noun: "standard code",
  deleteCode: "attendance.builtin_code",
  // "A" cannot come to count as present.
  fixed: [{ field: "meaning", code: "attendance.meaning_fixed", message: "A standard code keeps its meaning; add a code of your own instead." }],
});

/** Gives a school the standard codes and rules it lacks: a new school on its first attendance call, or one whose codes were wiped. */
export async function ensureAttendanceDefaults(scope: TenantScope): Promise<void> {
  await ensureStandardRows(scope, STANDARD_CODES);
  const [rules] = await scope.db.select({ n: count() }).from(attendanceRules).where(scope.where(attendanceRules));
  if (!rules?.n) await scope.db.insert(attendanceRules).values({ tenantId: scope.tenantId, rules: DEFAULT_ATTENDANCE_RULES }).onConflictDoNothing();
}

/**
 * The school's codes in their order (active only unless `all`). A school with none (a new one, or
 * after a wipe) is given the standard codes first, so no call needs a step of its own for them.
 */
export async function codesOf(scope: TenantScope, all = false) {
  const read = () =>
    scope.db
      .select()
      .from(attendanceCodes)
      .where(scope.where(attendanceCodes, all ? undefined : eq(attendanceCodes.status, "active")))
      .orderBy(asc(attendanceCodes.order), asc(attendanceCodes.id));
  const codes = await read();
  if (codes.length) return codes;
  await ensureAttendanceDefaults(scope);
  return read();
}

export const codeBrief = (c: typeof attendanceCodes.$inferSelect) => ({ id: c.id, code: c.code, name: c.name, meaning: c.meaning, isDefault: c.isDefault });

/** The school's rules, the defaults filling any key an older row lacks. */
export async function rulesOf(scope: TenantScope): Promise<AttendanceRules> {
  const [row] = await scope.db.select({ rules: attendanceRules.rules }).from(attendanceRules).where(scope.where(attendanceRules));
  return { ...DEFAULT_ATTENDANCE_RULES, ...(row?.rules ?? {}) };
}

export async function saveRules(scope: TenantScope, change: Partial<AttendanceRules>): Promise<AttendanceRules> {
  const rules = { ...(await rulesOf(scope)), ...change };
  await scope.db
    .insert(attendanceRules)
    .values({ tenantId: scope.tenantId, rules })
    .onConflictDoUpdate({ target: attendanceRules.tenantId, set: { rules, updatedAt: new Date() } });
  return rules;
}
