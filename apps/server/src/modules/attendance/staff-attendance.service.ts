import type { StaffDay } from "@taleem/contract";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { RequestContext } from "../../platform/actions/request-context.js";
import { AppError, conflict } from "../../platform/http/errors.js";
import { schoolToday } from "../../platform/tenancy/school-calendar.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { requireTeachers, userNames } from "../academics/classrooms.service.js";
import { staffAttendance } from "./staff-attendance.table.js";

type Row = typeof staffAttendance.$inferSelect;

async function present(scope: TenantScope, rows: Row[]): Promise<StaffDay[]> {
  const names = await userNames(
    scope,
    rows.map((r) => r.userId),
  );
  return rows.map((r) => ({
    userId: r.userId,
    name: names.get(r.userId) ?? "",
    date: r.date,
    inAt: r.inAt.toISOString(),
    outAt: r.outAt?.toISOString() ?? null,
  }));
}

/** A family's account (a parent) keeps no staff attendance. */
export function requireStaff(ctx: Pick<RequestContext, "principal">) {
  if (ctx.principal.linkedStudentsOnly) throw new AppError(403, "attendance.staff_only", "Only staff mark their attendance.");
}

/**
 * Marks a staff member in or out for today. In twice keeps the first time (a second tap changes
 * nothing); out records the latest leaving; out before in is refused.
 */
export async function punch(ctx: RequestContext, action: "in" | "out", userId = ctx.principal.userId): Promise<StaffDay> {
  const { scope } = ctx;
  if (userId !== ctx.principal.userId) await requireTeachers(scope, [userId], "userId");
  const date = await schoolToday(scope);
  const markedBy = userId === ctx.principal.userId ? null : ctx.principal.userId;
  const today = and(eq(staffAttendance.userId, userId), eq(staffAttendance.date, date));
  if (action === "in") {
    await scope.db.insert(staffAttendance).values({ tenantId: scope.tenantId, userId, date, inAt: new Date(), markedBy }).onConflictDoNothing();
  } else {
    const done = await scope.db
      .update(staffAttendance)
      .set({ outAt: new Date(), markedBy })
      .where(scope.where(staffAttendance, today))
      .returning({ id: staffAttendance.id });
    if (!done.length) throw conflict("attendance.not_in", "Mark in before marking out.", { field: "action" });
  }
  const [row] = await scope.db.select().from(staffAttendance).where(scope.where(staffAttendance, today));
  return (await present(scope, [row!]))[0]!;
}

/** Today's staff days: the caller's own, and everyone's when `all`. */
export async function staffToday(scope: TenantScope, userId: number, all: boolean) {
  const date = await schoolToday(scope);
  const rows = await scope.db
    .select()
    .from(staffAttendance)
    .where(scope.where(staffAttendance, eq(staffAttendance.date, date), all ? undefined : inArray(staffAttendance.userId, [userId])))
    .orderBy(asc(staffAttendance.inAt));
  const days = await present(scope, rows);
  const me = days.find((d) => d.userId === userId) ?? null;
  const staff = all ? days : [];
  return {
    message: "Today's attendance",
    date,
    me,
    status: me ? ("PRESENT" as const) : ("ABSENT" as const),
    staff,
    inCount: staff.filter((d) => !d.outAt).length,
  };
}
