import type { AnnouncementAudience, AnnouncementTexts, Language } from "@taleem/contract";
import { and, count, eq, inArray, isNull, lte, or } from "drizzle-orm";
import { roles } from "../../platform/auth/roles.table.js";
import { guardians, profiles, users } from "../../platform/auth/users.table.js";
import { badRequest, notFound } from "../../platform/http/errors.js";
import type { Services } from "../../platform/services.js";
import { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { requireCourse } from "../academics/academics.service.js";
import { requireClassroom } from "../academics/classrooms.service.js";
import { activeEnrolmentsOf, activeEnrolmentsOfCourse, activeEnrolmentsOfStudents } from "../academics/enrolments.service.js";
import { groupMemberIds } from "../students/students.service.js";
import { announcementRecipients, announcements } from "./announcements.table.js";
import { type NotifyContext, sendNotification } from "./notifications.service.js";
import { notifications } from "./notifications.table.js";

export type AnnouncementRecord = typeof announcements.$inferSelect;

/** One person an announcement reaches, with the child (and that child's class) it reaches them through. */
type Reached = { userId: number; studentId: number | null; classroomId: number | null };

/** A scheduled time must lie ahead (a minute's grace for clocks), or the sweep would publish it at once. */
export function checkSchedule(status: string, scheduledAt: string | null | undefined) {
  if (status !== "scheduled") return null;
  const at = scheduledAt ? new Date(scheduledAt) : null;
  if (!at || at.getTime() < Date.now() - 60_000)
    throw badRequest("announcement.schedule_past", "Give a time in the future to publish at.", { field: "scheduledAt" });
  return at;
}

/** Every active person of the school in `ids` (when given); a missing id is a 404 naming it. */
async function activePeople(scope: TenantScope, ids?: number[]) {
  const rows = await scope.db
    .select({ id: users.id })
    .from(users)
    .where(scope.where(users, eq(users.status, "active"), ids ? inArray(users.id, ids) : undefined));
  if (ids) {
    const found = new Set(rows.map((r) => r.id));
    const missing = ids.find((id) => !found.has(id));
    if (missing !== undefined) throw notFound("Person");
  }
  return rows.map((r) => r.id);
}

/** Guardians of these students (each reached through the first of their children listed). */
async function parentsOf(scope: TenantScope, enrolled: { studentId: number; classroomId: number | null }[]): Promise<Reached[]> {
  if (!enrolled.length) return [];
  const classOf = new Map(enrolled.map((e) => [e.studentId, e.classroomId]));
  const links = await scope.db
    .select({ userId: guardians.userId, studentId: guardians.studentId })
    .from(guardians)
    .where(scope.where(guardians, inArray(guardians.studentId, [...classOf.keys()])))
    .orderBy(guardians.studentId);
  const reached = new Map<number, Reached>();
  for (const l of links)
    if (!reached.has(l.userId)) reached.set(l.userId, { userId: l.userId, studentId: l.studentId, classroomId: classOf.get(l.studentId) ?? null });
  return [...reached.values()];
}

/** People reached directly: their own child in a class, if they are a parent, for the figures by class. */
async function withChildren(scope: TenantScope, userIds: number[]): Promise<Reached[]> {
  if (!userIds.length) return [];
  const links = await scope.db
    .select({ userId: guardians.userId, studentId: guardians.studentId })
    .from(guardians)
    .where(scope.where(guardians, inArray(guardians.userId, userIds)))
    .orderBy(guardians.studentId);
  const classOf = new Map(
    (
      await activeEnrolmentsOfStudents(
        scope,
        links.map((l) => l.studentId),
      )
    ).map((e) => [e.studentId, e.classroomId]),
  );
  const child = new Map<number, number>();
  for (const l of links) if (!child.has(l.userId)) child.set(l.userId, l.studentId);
  return userIds.map((userId) => {
    const studentId = child.get(userId) ?? null;
    return { userId, studentId, classroomId: studentId ? (classOf.get(studentId) ?? null) : null };
  });
}

/**
 * Who an audience is: the whole school's active people, the parents of the students now in
 * chosen classrooms or courses or in chosen student groups, the holders of chosen roles, or
 * chosen people. Another school's
 * classroom, course, role or person is a 404.
 */
export async function audienceOf(scope: TenantScope, audience: AnnouncementAudience, ids: number[]): Promise<Reached[]> {
  switch (audience) {
    case "school":
      return withChildren(scope, await activePeople(scope));
    case "people":
      return withChildren(scope, await activePeople(scope, ids));
    case "roles": {
      for (const id of ids) await scope.find(roles, id, "Role");
      const holders = await scope.db
        .selectDistinct({ userId: profiles.userId })
        .from(profiles)
        .where(scope.where(profiles, inArray(profiles.roleId, ids)));
      const active = new Set(await activePeople(scope));
      return withChildren(
        scope,
        holders.map((h) => h.userId).filter((id) => active.has(id)),
      );
    }
    case "classrooms": {
      const enrolled = [];
      for (const id of ids) {
        await requireClassroom(scope, id);
        enrolled.push(...(await activeEnrolmentsOf(scope, id)));
      }
      return onlyActive(scope, await parentsOf(scope, enrolled));
    }
    case "courses": {
      const enrolled = [];
      for (const id of ids) {
        await requireCourse(scope, id);
        enrolled.push(...(await activeEnrolmentsOfCourse(scope, id)));
      }
      return onlyActive(scope, await parentsOf(scope, enrolled));
    }
    case "groups": {
      // A group (the hostel boarders, the Quran competition team) may hold children of any class, or of none yet.
      const members = await groupMemberIds(scope, ids);
      const classOf = new Map((await activeEnrolmentsOfStudents(scope, members)).map((e) => [e.studentId, e.classroomId]));
      return onlyActive(
        scope,
        await parentsOf(
          scope,
          members.map((studentId) => ({ studentId, classroomId: classOf.get(studentId) ?? null })),
        ),
      );
    }
  }
}

async function onlyActive(scope: TenantScope, reached: Reached[]) {
  const active = new Set(await activePeople(scope));
  return reached.filter((r) => active.has(r.userId));
}

/** The text a recipient reads: the one in their language when the announcement has it. */
const textIn = (a: { title: string; body: string; texts: AnnouncementTexts }, language: Language) => a.texts[language] ?? { title: a.title, body: a.body };

/**
 * Publishes an announcement once: the claim (published_at still empty, and the announcement
 * published or due) is one conditional update, so two requests or two sweeps racing for the
 * same announcement send it once. Each recipient gets an "announcement" notification on their
 * channels, in their language. Returns whether this call published it.
 */
export async function publishAnnouncement(services: Services, ctx: NotifyContext, id: number, now = new Date()): Promise<boolean> {
  const { scope } = ctx;
  const [claimed] = await scope.db
    .update(announcements)
    .set({ status: "published", publishedAt: now })
    .where(
      scope.where(
        announcements,
        eq(announcements.id, id),
        isNull(announcements.publishedAt),
        or(eq(announcements.status, "published"), and(eq(announcements.status, "scheduled"), lte(announcements.scheduledAt, now))),
      ),
    )
    .returning();
  if (!claimed) return false;
  const reached = await audienceOf(scope, claimed.audience, claimed.audienceIds);
  const sent = await sendNotification(services, ctx, {
    userIds: reached.map((r) => r.userId),
    kind: "announcement",
    text: (language) => textIn(claimed, language),
  });
  const byUser = new Map(reached.map((r) => [r.userId, r]));
  if (sent.length) {
    await scope.insertMany(
      announcementRecipients,
      sent.map((n) => ({
        announcementId: id,
        userId: n.userId,
        notificationId: n.id,
        studentId: byUser.get(n.userId)?.studentId ?? null,
        classroomId: byUser.get(n.userId)?.classroomId ?? null,
      })),
    );
  }
  await scope.update(announcements, id, { recipients: sent.length });
  return true;
}

/**
 * Publishes every scheduled announcement whose time has come, in every school, each in its own
 * school's transaction; delivery follows each commit. Safe to run from several processes at once.
 */
export async function publishDueAnnouncements(services: Services, now = new Date()): Promise<number> {
  // Platform code: the due ones of every school, found through the partial index.
  const due = await services.db
    .select({ tenantId: announcements.tenantId, id: announcements.id })
    .from(announcements)
    .where(and(eq(announcements.status, "scheduled"), lte(announcements.scheduledAt, now)));
  let published = 0;
  for (const a of due) {
    const later: (() => unknown)[] = [];
    const done = await new TenantScope(services.db, a.tenantId).transaction((scope) =>
      publishAnnouncement(services, { scope, afterCommit: (fn) => later.push(fn) }, a.id, now),
    );
    for (const fn of later) await fn();
    if (done) published++;
  }
  return published;
}

/** Read counts of announcements: a recipient has read it when their notification is read. */
export async function readCounts(scope: TenantScope, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await scope.db
    .select({ id: announcementRecipients.announcementId, n: count(notifications.readAt) })
    .from(announcementRecipients)
    .innerJoin(notifications, receiptOf)
    .where(scope.where(announcementRecipients, inArray(announcementRecipients.announcementId, ids)))
    .groupBy(announcementRecipients.announcementId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** A recipient's notification: its read time is the read receipt. */
export const receiptOf = and(eq(notifications.tenantId, announcementRecipients.tenantId), eq(notifications.id, announcementRecipients.notificationId));
