import { type Language, LEAVE_MAX_DAYS, type LeaveApplicationRow, type LeaveStatus } from "@taleem/contract";
import { asc, eq, gte, inArray, lte, ne, sql, sum } from "drizzle-orm";
import type { RequestContext } from "../../platform/actions/request-context.js";
import { badRequest, conflict } from "../../platform/http/errors.js";
import { ensureStandardRows, standardRows } from "../../platform/resources/standard-rows.js";
import type { Services } from "../../platform/services.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { dayInSentence, isolated } from "../../platform/texts/in-sentence.js";
import { userNames } from "../academics/classrooms.service.js";
import { sendNotification } from "../communication/notifications.service.js";
import { studentsByIds } from "../students/students.service.js";
import { type LeaveApplicationRecord, leaveApplications, leaveTypes } from "./leave.table.js";

/** Sick, family and travel leave: every school has them from its first visit; set inactive, never deleted. */
export const STANDARD_LEAVE_TYPES = standardRows({
  table: leaveTypes,
  rows: [
    { builtinKey: "sick", name: "Sick leave", nameNative: "إجازة مرضية" },
    { builtinKey: "family", name: "Family", nameNative: "ظروف عائلية" },
    { builtinKey: "travel", name: "Travel", nameNative: "سفر" },
  ],
  noun: "standard leave type",
  deleteCode: "leave.builtin",
});

/** Days from `from` to `to`, both counted. */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;

export interface LeaveRequest {
  studentId: number | null;
  userId: number | null;
  leaveTypeId: number;
  fromDate: string;
  toDate: string;
  /** An application being edited: its own days do not count against it. */
  except?: number;
}

/**
 * The checks every application passes, whoever files it: an active type, at most LEAVE_MAX_DAYS days, and
 * within the type's yearly allowance. An application over the allowance is refused (400
 * leave.over_allowance, with the allowance, the days already taken or asked for, and these days),
 * not filed and flagged: the parent sees at once that the school must be asked another way.
 * Pending and approved applications of the same person, type and calendar year count.
 */
export async function checkLeaveRequest(scope: TenantScope, r: LeaveRequest): Promise<number> {
  const days = daysBetween(r.fromDate, r.toDate);
  if (days < 1) throw badRequest("leave.bad_range", "The leave ends before it starts.", { field: "toDate" });
  if (days > LEAVE_MAX_DAYS) {
    throw badRequest("leave.too_long", `One application covers at most ${LEAVE_MAX_DAYS} days.`, { field: "toDate", max: LEAVE_MAX_DAYS });
  }
  const type = await scope.find(leaveTypes, r.leaveTypeId, "Leave type");
  if (type.status !== "active") throw badRequest("leave.type_inactive", `${type.name} leave is not in use.`, { field: "leaveTypeId" });
  if (type.yearlyAllowance) {
    const year = r.fromDate.slice(0, 4);
    const [used] = await scope.db
      .select({ days: sum(leaveApplications.days).mapWith(Number) })
      .from(leaveApplications)
      .where(
        scope.where(
          leaveApplications,
          r.studentId ? eq(leaveApplications.studentId, r.studentId) : eq(leaveApplications.userId, r.userId ?? 0),
          eq(leaveApplications.leaveTypeId, type.id),
          ne(leaveApplications.status, "rejected"),
          gte(leaveApplications.fromDate, `${year}-01-01`),
          lte(leaveApplications.fromDate, `${year}-12-31`),
          r.except ? ne(leaveApplications.id, r.except) : undefined,
        ),
      );
    const taken = used?.days ?? 0;
    if (taken + days > type.yearlyAllowance) {
      throw badRequest(
        "leave.over_allowance",
        `${type.name} allows ${type.yearlyAllowance} days a year; ${taken} are already taken or asked for, and this asks for ${days}.`,
        { field: "toDate", allowance: type.yearlyAllowance, taken, days },
      );
    }
  }
  return days;
}

/** Reply rows: the names of the child or staff member and of the type (with its key), joined in three queries. */
export async function presentApplications(scope: TenantScope, rows: LeaveApplicationRecord[]): Promise<LeaveApplicationRow[]> {
  if (!rows.length) return [];
  const [people, staff, types] = await Promise.all([
    studentsByIds(
      scope,
      rows.flatMap((r) => r.studentId ?? []),
    ),
    userNames(
      scope,
      rows.map((r) => r.userId),
    ),
    scope.db
      .select({ id: leaveTypes.id, name: leaveTypes.name, nameNative: leaveTypes.nameNative, builtinKey: leaveTypes.builtinKey })
      .from(leaveTypes)
      .where(
        scope.where(
          leaveTypes,
          inArray(
            leaveTypes.id,
            rows.map((r) => r.leaveTypeId),
          ),
        ),
      ),
  ]);
  return rows.map((r) => {
    const studentName = people.find((p) => p.id === r.studentId)?.name ?? null;
    const type = types.find((t) => t.id === r.leaveTypeId);
    return {
      ...r,
      decidedAt: r.decidedAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
      studentName,
      personName: studentName ?? staff.get(r.userId ?? 0) ?? "",
      leaveTypeName: type?.name ?? "",
      leaveTypeNameNative: type?.nameNative ?? null,
      leaveTypeKey: type?.builtinKey ?? null,
    };
  });
}

/**
 * The students of `studentIds` on approved leave on `date`: the register marks them "on leave"
 * before the teacher starts (H6's register calls this). One indexed query.
 */
export async function approvedLeaveOn(scope: TenantScope, studentIds: number[], date: string): Promise<Set<number>> {
  if (!studentIds.length) return new Set();
  const rows = await scope.db
    .selectDistinct({ studentId: leaveApplications.studentId })
    .from(leaveApplications)
    .where(
      scope.where(
        leaveApplications,
        inArray(leaveApplications.studentId, studentIds),
        eq(leaveApplications.status, "approved"),
        lte(leaveApplications.fromDate, date),
        gte(leaveApplications.toDate, date),
      ),
    );
  return new Set(rows.flatMap((r) => r.studentId ?? []));
}

type Decision = Exclude<LeaveStatus, "pending">;

const TEXTS: Record<Language, Record<Decision, (who: string, from: string, to: string, note: string) => { title: string; body: string }>> = {
  en: {
    approved: (who, from, to, note) => ({ title: "Leave approved", body: `Leave for ${who} from ${from} to ${to} is approved.${note ? ` ${note}` : ""}` }),
    rejected: (who, from, to, note) => ({ title: "Leave not approved", body: `Leave for ${who} from ${from} to ${to} is not approved: ${note}` }),
  },
  ta: {
    approved: (who, from, to, note) => ({
      title: "விடுப்பு அனுமதிக்கப்பட்டது",
      body: `${who} க்கு ${from} முதல் ${to} வரை விடுப்பு அனுமதிக்கப்பட்டது.${note ? ` ${note}` : ""}`,
    }),
    rejected: (who, from, to, note) => ({ title: "விடுப்பு அனுமதிக்கப்படவில்லை", body: `${who} க்கு ${from} முதல் ${to} வரை விடுப்பு அனுமதிக்கப்படவில்லை: ${note}` }),
  },
  ur: {
    approved: (who, from, to, note) => ({ title: "چھٹی منظور", body: `${who} کی ${from} سے ${to} تک چھٹی منظور ہو گئی ہے۔${note ? ` ${note}` : ""}` }),
    rejected: (who, from, to, note) => ({ title: "چھٹی منظور نہیں ہوئی", body: `${who} کی ${from} سے ${to} تک چھٹی منظور نہیں ہوئی: ${note}` }),
  },
  ar: {
    approved: (who, from, to, note) => ({
      title: "تمت الموافقة على الإجازة",
      body: `تمت الموافقة على إجازة ${who} من ${from} إلى ${to}.${note ? ` ${note}` : ""}`,
    }),
    rejected: (who, from, to, note) => ({ title: "لم تتم الموافقة على الإجازة", body: `لم تتم الموافقة على إجازة ${who} من ${from} إلى ${to}: ${note}` }),
  },
  ml: {
    approved: (who, from, to, note) => ({ title: "അവധി അനുവദിച്ചു", body: `${who} ന് ${from} മുതൽ ${to} വരെ അവധി അനുവദിച്ചു.${note ? ` ${note}` : ""}` }),
    rejected: (who, from, to, note) => ({ title: "അവധി അനുവദിച്ചില്ല", body: `${who} ന് ${from} മുതൽ ${to} വരെ അവധി അനുവദിച്ചില്ല: ${note}` }),
  },
};

/**
 * Approves or rejects a pending application, once: the status moves from pending in one guarded
 * UPDATE, so a second click (or two officers at once) finds nothing to claim. Deciding the same
 * way again returns the row unchanged and tells nobody again; deciding the other way is a 409.
 * The applicant is told in the same transaction (delivered after it commits).
 */
export async function decideLeave(
  services: Services,
  ctx: RequestContext,
  id: number,
  decision: Decision,
  note: string | null,
): Promise<{ row: LeaveApplicationRecord; changed: boolean }> {
  const existing = await ctx.scope.find(leaveApplications, id, "Leave application");
  const [claimed] = await ctx.scope.db
    .update(leaveApplications)
    .set({ status: decision, decidedBy: ctx.principal.userId, decidedAt: sql`now()`, decisionNote: note, updatedAt: sql`now()` })
    .where(ctx.scope.where(leaveApplications, eq(leaveApplications.id, id), eq(leaveApplications.status, "pending")))
    .returning();
  if (!claimed) {
    const now = await ctx.scope.find(leaveApplications, id, "Leave application");
    if (now.status === decision) return { row: now, changed: false };
    throw conflict("leave.already_decided", `This application is already ${now.status}.`, { status: now.status });
  }
  const [shown] = await presentApplications(ctx.scope, [claimed]);
  await sendNotification(services, ctx, {
    userIds: [claimed.appliedBy],
    kind: "system",
    studentId: claimed.studentId,
    link: "/parent/leave",
    text: (language, digits) =>
      (TEXTS[language] ?? TEXTS.en)[decision](
        isolated(language, shown?.personName ?? ""),
        dayInSentence(language, claimed.fromDate, digits),
        dayInSentence(language, claimed.toDate, digits),
        note ? isolated(language, note) : "",
      ),
  });
  await ctx.audit({ action: "update", entity: "leave_applications", entityId: id, before: existing, after: claimed });
  return { row: claimed, changed: true };
}

/** Applications a person filed, or filed for the children linked to them, newest first. */
export function mineCondition(userId: number, linkedIds: number[]) {
  return linkedIds.length
    ? sql`(${leaveApplications.appliedBy} = ${userId} or ${leaveApplications.userId} = ${userId} or ${inArray(leaveApplications.studentId, linkedIds)})`
    : sql`(${leaveApplications.appliedBy} = ${userId} or ${leaveApplications.userId} = ${userId})`;
}

/** The active leave types, by name, for the apply form. */
export async function activeLeaveTypes(scope: TenantScope) {
  await ensureStandardRows(scope, STANDARD_LEAVE_TYPES);
  return scope.db
    .select({
      id: leaveTypes.id,
      name: leaveTypes.name,
      nameNative: leaveTypes.nameNative,
      builtinKey: leaveTypes.builtinKey,
      yearlyAllowance: leaveTypes.yearlyAllowance,
    })
    .from(leaveTypes)
    .where(scope.where(leaveTypes, eq(leaveTypes.status, "active")))
    .orderBy(asc(leaveTypes.name));
}
