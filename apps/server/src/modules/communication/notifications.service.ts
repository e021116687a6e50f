import type { Language, NotificationKind } from "@taleem/contract";
import { count, desc, eq, inArray, isNull, type SQL } from "drizzle-orm";
import { users } from "../../platform/auth/users.table.js";
import type { Services } from "../../platform/services.js";
import { schoolDigitsBy } from "../../platform/tenancy/school-digits.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { studentsByIds } from "../students/students.service.js";
import { deliverNotifications } from "./notification-delivery.js";
import { notifications } from "./notifications.table.js";

export interface NotificationInput {
  /** The people told: user ids of the school in scope; ids of no such user are skipped. */
  userIds: number[];
  kind: NotificationKind;
  /**
   * The title and body in a language, its figures in `digits` (the numbering system the school
   * writes that language in): called once per language among the recipients.
   */
  text: (language: Language, digits: string) => { title: string; body: string };
  /** The child it is about, if any. */
  studentId?: number | null;
  /** A path of the recipient's own area ("/parent/..."). */
  link?: string | null;
}

/** Where a notification is sent from: a request's context, or a scope and after-commit list of one's own (a sweep). */
export interface NotifyContext {
  scope: TenantScope;
  afterCommit(fn: () => unknown): void;
}

/** A notify context for work in one's own transaction: what it queues runs at `flush`, after the commit. */
export function notifyAfterCommit(scope: TenantScope) {
  const later: (() => unknown)[] = [];
  const ctx: NotifyContext = { scope, afterCommit: (fn) => later.push(fn) };
  return { ctx, flush: async () => Promise.all(later.map(async (fn) => fn())) };
}

/**
 * Tells people something: the one way the product does. Attendance, exams, fees and hifz call
 * this and nothing else:
 *
 *     await sendNotification(services, ctx, { userIds: parentIds, kind: "absence", studentId,
 *       link: "/parent/attendance", text: (language) => ({ title: ..., body: ... }) });
 *
 * - One row per person in their list, written in that person's language, in the caller's
 *   transaction (a notification about an absence is there exactly when the absence is); ids of
 *   no user of this school are skipped. Returns the rows written.
 * - After the transaction commits (`ctx.afterCommit`), each row goes live to the person's open
 *   sessions (socket event "notification"), and by Web Push, SMS, WhatsApp or e-mail as the
 *   person chose for the kind (the school's default and compulsory channels otherwise); see
 *   `deliverNotifications`. A rolled-back change therefore tells nobody.
 */
export async function sendNotification(services: Services, ctx: NotifyContext, input: NotificationInput) {
  const rows = await storeNotifications(ctx.scope, input);
  if (rows.length) ctx.afterCommit(() => deliverNotifications(services, ctx.scope.tenantId, rows));
  return rows;
}

/** The rows of `sendNotification`, without delivery. */
async function storeNotifications(scope: TenantScope, input: NotificationInput) {
  const ids = [...new Set(input.userIds)];
  if (!ids.length) return [];
  const [people, digitsOf] = await Promise.all([
    scope.db
      .select({ id: users.id, language: users.language })
      .from(users)
      .where(scope.where(users, inArray(users.id, ids))),
    schoolDigitsBy(scope),
  ]);
  const texts = new Map<string, { title: string; body: string }>();
  const textIn = (language: string) => {
    if (!texts.has(language)) texts.set(language, input.text(language as Language, digitsOf(language)));
    return texts.get(language) as { title: string; body: string };
  };
  if (!people.length) return [];
  return scope.db
    .insert(notifications)
    .values(
      people.map((p) => ({
        tenantId: scope.tenantId,
        userId: p.id,
        kind: input.kind,
        ...textIn(p.language),
        studentId: input.studentId ?? null,
        link: input.link ?? null,
      })),
    )
    .returning();
}

export interface NotificationFilter {
  unread?: boolean;
  kind?: NotificationKind;
  studentId?: number;
}

const mine = (scope: TenantScope, userId: number, ...more: (SQL | undefined)[]) => scope.where(notifications, eq(notifications.userId, userId), ...more);

/** A person's own notifications, newest first, a page of them, with the total and the unread count. */
export async function notificationsOf(scope: TenantScope, userId: number, filter: NotificationFilter, page: number, limit: number) {
  const where = mine(
    scope,
    userId,
    filter.unread ? isNull(notifications.readAt) : undefined,
    filter.kind ? eq(notifications.kind, filter.kind) : undefined,
    filter.studentId ? eq(notifications.studentId, filter.studentId) : undefined,
  );
  const [rows, totals, unread] = await Promise.all([
    scope.db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit)
      .offset((page - 1) * limit),
    scope.db.select({ total: count() }).from(notifications).where(where),
    unreadCount(scope, userId),
  ]);
  const children = new Map(
    (
      await studentsByIds(
        scope,
        rows.flatMap((r) => r.studentId ?? []),
      )
    ).map((s) => [s.id, s.name]),
  );
  return {
    rows: rows.map((r) => ({ ...r, studentName: r.studentId ? (children.get(r.studentId) ?? null) : null })),
    count: totals[0]?.total ?? 0,
    unread,
  };
}

export async function unreadCount(scope: TenantScope, userId: number) {
  const [row] = await scope.db
    .select({ n: count() })
    .from(notifications)
    .where(mine(scope, userId, isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks the person's own notifications read (those of `ids`, or all); others' ids change nothing. */
export async function markRead(scope: TenantScope, userId: number, ids: number[] | "all") {
  const marked = await scope.db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(mine(scope, userId, isNull(notifications.readAt), ids === "all" ? undefined : inArray(notifications.id, ids)))
    .returning({ id: notifications.id });
  return marked.length;
}
