import type { Language } from "@taleem/contract";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import type { RequestContext } from "../../platform/actions/request-context.js";
import { guardians, users } from "../../platform/auth/users.table.js";
import type { Services } from "../../platform/services.js";
import { tenantOf } from "../../platform/tenancy/tenant-of.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { dayText, timeText } from "../../platform/texts/dates.js";
import { isolated } from "../../platform/texts/in-sentence.js";
import { requireClassroom } from "../academics/classrooms.service.js";
import { activeEnrolmentsOf } from "../academics/enrolments.service.js";
import { sendNotification } from "../communication/notifications.service.js";
import { requireStudents, studentsByIds } from "../students/students.service.js";
import { type MeetingRecord, meetingInvitees } from "./meetings.table.js";

/** The invitation, in the parent's language. */
const TEXTS: Record<Language, (title: string, when: string) => { title: string; body: string }> = {
  en: (t, w) => ({ title: `Meeting: ${t}`, body: `You are invited on ${w}. Please tell the school whether you can come.` }),
  ta: (t, w) => ({ title: `கூட்டம்: ${t}`, body: `${w} அன்று நீங்கள் அழைக்கப்பட்டுள்ளீர்கள். வர முடியுமா என்று பள்ளிக்குத் தெரிவிக்கவும்.` }),
  ur: (t, w) => ({ title: `میٹنگ: ${t}`, body: `آپ کو ${w} کو مدعو کیا گیا ہے۔ براہ کرم اسکول کو بتائیں کہ آپ آ سکیں گے یا نہیں۔` }),
  ar: (t, w) => ({ title: `اجتماع: ${t}`, body: `أنت مدعو في ${w}. يرجى إخبار المدرسة إن كنت ستحضر.` }),
  ml: (t, w) => ({ title: `യോഗം: ${t}`, body: `${w} ന് നിങ്ങളെ ക്ഷണിച്ചിരിക്കുന്നു. വരാൻ കഴിയുമോ എന്ന് സ്കൂളിനെ അറിയിക്കുക.` }),
};

/**
 * The families a meeting invites: each parent account linked to a student now in one of the
 * classrooms or among the chosen students, with the children it is invited for. Another school's
 * classroom or student is a 404.
 */
export async function familiesOf(scope: TenantScope, classroomIds: number[], studentIds: number[]): Promise<Map<number, number[]>> {
  const children = new Set(studentIds);
  await requireStudents(scope, studentIds);
  for (const id of classroomIds) {
    await requireClassroom(scope, id);
    for (const e of await activeEnrolmentsOf(scope, id)) children.add(e.studentId);
  }
  const families = new Map<number, number[]>();
  if (!children.size) return families;
  const links = await scope.db
    .select({ userId: guardians.userId, studentId: guardians.studentId })
    .from(guardians)
    .where(scope.where(guardians, inArray(guardians.studentId, [...children])))
    .orderBy(guardians.studentId);
  for (const l of links) families.set(l.userId, [...(families.get(l.userId) ?? []), l.studentId]);
  return families;
}

/**
 * Brings a meeting's invited families in line with its audience: new families are added and told
 * (a `meeting` notification after the commit, one per family however many children), families no
 * longer invited are dropped with their answer, the rest keep theirs.
 */
export async function inviteFamilies(services: Services, ctx: Pick<RequestContext, "scope" | "afterCommit">, meeting: MeetingRecord) {
  const { scope } = ctx;
  const families = await familiesOf(scope, meeting.classroomIds, meeting.studentIds);
  const existing = await scope.db
    .select()
    .from(meetingInvitees)
    .where(scope.where(meetingInvitees, eq(meetingInvitees.meetingId, meeting.id)));
  const gone = existing.filter((i) => !families.has(i.userId)).map((i) => i.id);
  if (gone.length) await scope.db.delete(meetingInvitees).where(scope.where(meetingInvitees, inArray(meetingInvitees.id, gone)));
  const rows = [...families].map(([userId, studentIds]) => ({ tenantId: scope.tenantId, meetingId: meeting.id, userId, studentIds }));
  if (rows.length) {
    await scope.db
      .insert(meetingInvitees)
      .values(rows)
      .onConflictDoUpdate({
        target: [meetingInvitees.tenantId, meetingInvitees.meetingId, meetingInvitees.userId],
        set: { studentIds: sql`excluded.student_ids` },
      });
  }
  const told = [...families.keys()].filter((id) => !existing.some((i) => i.userId === id));
  const { timeZone } = await tenantOf(scope);
  await sendNotification(services, ctx, {
    userIds: told,
    kind: "meeting",
    link: "/parent/meetings",
    text: (language, digits) =>
      (TEXTS[language] ?? TEXTS.en)(
        isolated(language, meeting.title),
        isolated(language, `${dayText(language, timeZone, meeting.date, digits)}, ${timeText(language, meeting.startTime, digits)}`),
      ),
  });
  return told.length;
}

/** meetingId -> families invited and families that answered. */
export async function inviteeCounts(scope: TenantScope, meetingIds: number[]) {
  const out = new Map<number, { invited: number; replied: number }>();
  if (!meetingIds.length) return out;
  const rows = await scope.db
    .select({ meetingId: meetingInvitees.meetingId, invited: count(), replied: count(meetingInvitees.answer) })
    .from(meetingInvitees)
    .where(scope.where(meetingInvitees, inArray(meetingInvitees.meetingId, meetingIds)))
    .groupBy(meetingInvitees.meetingId);
  for (const r of rows) out.set(r.meetingId, { invited: r.invited, replied: r.replied });
  return out;
}

/** Names of the children each invitee row is for. */
export async function childNames(scope: TenantScope, rows: { studentIds: number[] }[]) {
  const names = new Map(
    (
      await studentsByIds(
        scope,
        rows.flatMap((r) => r.studentIds),
      )
    ).map((s) => [s.id, s.name]),
  );
  return (r: { studentIds: number[] }) => r.studentIds.map((id) => names.get(id) ?? "");
}

/** A meeting's invited families with their names and mobiles, answered first. */
export async function inviteesOf(scope: TenantScope, meetingId: number) {
  const rows = await scope.db
    .select({ invitee: meetingInvitees, name: users.name, mobile: users.mobile })
    .from(meetingInvitees)
    .innerJoin(users, and(eq(users.tenantId, meetingInvitees.tenantId), eq(users.id, meetingInvitees.userId)))
    .where(scope.where(meetingInvitees, eq(meetingInvitees.meetingId, meetingId)))
    .orderBy(users.name);
  return rows;
}
