import type { AnnouncementLogRow, ClassReadStat } from "@taleem/contract";
import { and, asc, count, eq, ilike, inArray, isNotNull, isNull, lt, or, type SQL } from "drizzle-orm";
import { users } from "../../platform/auth/users.table.js";
import { notFound } from "../../platform/http/errors.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { classroomInfos } from "../academics/classrooms.service.js";
import { studentsByIds } from "../students/students.service.js";
import { receiptOf } from "./announcements.service.js";
import { announcementRecipients, announcements } from "./announcements.table.js";
import { notifications } from "./notifications.table.js";

/** A person reminded within this long is not reminded again: a second press of the button does not double. */
export const REMIND_GAP_MS = 60 * 60 * 1000;

export interface LogFilter {
  announcementId?: number;
  read?: boolean;
  classroomId?: number;
  q?: string;
}

const r = announcementRecipients;

function logWhere(scope: TenantScope, f: LogFilter): SQL {
  const escaped = f.q?.replace(/[\\%_]/g, (c) => `\\${c}`);
  return scope.where(
    r,
    f.announcementId !== undefined ? eq(r.announcementId, f.announcementId) : undefined,
    f.read === undefined ? undefined : f.read ? isNotNull(notifications.readAt) : isNull(notifications.readAt),
    f.classroomId !== undefined ? eq(r.classroomId, f.classroomId) : undefined,
    escaped ? or(ilike(users.name, `%${escaped}%`), ilike(users.mobile, `%${escaped}%`)) : undefined,
  );
}

const joined = (scope: TenantScope) =>
  scope.db
    .select({
      announcementId: r.announcementId,
      title: announcements.title,
      userId: r.userId,
      name: users.name,
      mobile: users.mobile,
      studentId: r.studentId,
      classroomId: r.classroomId,
      readAt: notifications.readAt,
      remindedAt: r.remindedAt,
    })
    .from(r)
    .innerJoin(notifications, receiptOf)
    .innerJoin(users, and(eq(users.tenantId, r.tenantId), eq(users.id, r.userId)))
    .innerJoin(announcements, and(eq(announcements.tenantId, r.tenantId), eq(announcements.id, r.announcementId)));

/** Who an announcement reached, read or not, by name, a page of them, with the child and class. */
export async function announcementLogRows(
  scope: TenantScope,
  f: LogFilter,
  page: number,
  limit: number,
): Promise<{ rows: AnnouncementLogRow[]; count: number }> {
  const where = logWhere(scope, f);
  const [rows, [total]] = await Promise.all([
    joined(scope)
      .where(where)
      .orderBy(asc(users.name), asc(r.id))
      .limit(limit)
      .offset((page - 1) * limit),
    scope.db
      .select({ n: count() })
      .from(r)
      .innerJoin(notifications, receiptOf)
      .innerJoin(users, and(eq(users.tenantId, r.tenantId), eq(users.id, r.userId)))
      .where(where),
  ]);
  const [children, rooms] = await Promise.all([
    studentsByIds(
      scope,
      rows.flatMap((x) => x.studentId ?? []),
    ),
    classroomInfos(
      scope,
      rows.flatMap((x) => x.classroomId ?? []),
    ),
  ]);
  const childName = new Map(children.map((c) => [c.id, c.name]));
  return {
    rows: rows.map((x) => ({
      ...x,
      readAt: x.readAt?.toISOString() ?? null,
      remindedAt: x.remindedAt?.toISOString() ?? null,
      studentName: x.studentId ? (childName.get(x.studentId) ?? null) : null,
      classroom: x.classroomId ? (rooms.get(x.classroomId)?.label ?? null) : null,
    })),
    count: total?.n ?? 0,
  };
}

/** Read and unread by class, the class with most unread first. */
export async function readByClass(scope: TenantScope, announcementId: number): Promise<ClassReadStat[]> {
  const rows = await scope.db
    .select({ classroomId: r.classroomId, total: count(), read: count(notifications.readAt) })
    .from(r)
    .innerJoin(notifications, receiptOf)
    .where(scope.where(r, eq(r.announcementId, announcementId)))
    .groupBy(r.classroomId);
  const rooms = await classroomInfos(
    scope,
    rows.flatMap((x) => x.classroomId ?? []),
  );
  return rows
    .map((x) => ({ ...x, classroom: x.classroomId ? (rooms.get(x.classroomId)?.label ?? null) : null }))
    .sort((a, b) => b.total - b.read - (a.total - a.read) || (a.classroom ?? "~").localeCompare(b.classroom ?? "~"));
}

/** The signed-in person has read an announcement they received (its notification is marked read). */
export async function markAnnouncementRead(scope: TenantScope, announcementId: number, userId: number): Promise<Date> {
  const [mine] = await scope.db
    .select({ notificationId: r.notificationId })
    .from(r)
    .where(scope.where(r, eq(r.announcementId, announcementId), eq(r.userId, userId)));
  if (!mine) throw notFound("Announcement");
  await scope.db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(scope.where(notifications, eq(notifications.id, mine.notificationId), isNull(notifications.readAt)));
  const [n] = await scope.db
    .select({ readAt: notifications.readAt })
    .from(notifications)
    .where(scope.where(notifications, eq(notifications.id, mine.notificationId)));
  return n?.readAt as Date;
}

/**
 * Claims the recipients to remind: not read, and not reminded within the gap. The claim is one
 * conditional update, so two presses (or two admins) at once remind each person once. Returns
 * their notifications, to deliver again after the commit.
 */
export async function claimReminders(scope: TenantScope, announcementId: number, now = new Date()) {
  const unread = scope.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(scope.where(notifications, isNull(notifications.readAt), eq(notifications.kind, "announcement")));
  const claimed = await scope.db
    .update(r)
    .set({ remindedAt: now })
    .where(
      scope.where(
        r,
        eq(r.announcementId, announcementId),
        or(isNull(r.remindedAt), lt(r.remindedAt, new Date(now.getTime() - REMIND_GAP_MS))),
        inArray(r.notificationId, unread),
      ),
    )
    .returning({ notificationId: r.notificationId });
  if (!claimed.length) return [];
  return scope.db
    .select()
    .from(notifications)
    .where(
      scope.where(
        notifications,
        inArray(
          notifications.id,
          claimed.map((c) => c.notificationId),
        ),
      ),
    );
}
