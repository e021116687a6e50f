import type { Language } from "@taleem/contract";
import { inArray } from "drizzle-orm";
import type { RequestContext } from "../../platform/actions/request-context.js";
import { guardians } from "../../platform/auth/users.table.js";
import type { Services } from "../../platform/services.js";
import { schoolToday } from "../../platform/tenancy/school-calendar.js";
import { isolated } from "../../platform/texts/in-sentence.js";
import { sendNotification } from "../communication/notifications.service.js";
import { studentsByIds } from "../students/students.service.js";
import { hafiz } from "./hafiz.table.js";
import { daysBetween } from "./hifz-progress.js";

interface Recorded {
  hafizId: number;
  logs: { type: string; range: string; status: string }[];
  mistakes: number;
}

/** The parent's words, in their language: the child, each stream's range, and the mistakes heard. */
const TEXTS: Record<Language, (name: string, lines: string, mistakes: number) => { title: string; body: string }> = {
  en: (name, lines, m) => ({ title: `${name}'s lesson today`, body: `${lines}. Mistakes noted: ${m}.` }),
  ar: (name, lines, m) => ({ title: `درس ${name} اليوم`, body: `${lines}. الأخطاء المسجلة: ${m}.` }),
  ur: (name, lines, m) => ({ title: `${name} کا آج کا سبق`, body: `${lines}۔ درج غلطیاں: ${m}۔` }),
  ml: (name, lines, m) => ({ title: `${name}യുടെ ഇന്നത്തെ പാഠം`, body: `${lines}. രേഖപ്പെടുത്തിയ തെറ്റുകൾ: ${m}.` }),
  ta: (name, lines, m) => ({ title: `${name} இன் இன்றைய பாடம்`, body: `${lines}. குறிக்கப்பட்ட பிழைகள்: ${m}.` }),
};

/** A sitting logged later than this many days after it is history being filled in: nobody is told. */
const NEWS_DAYS = 1;

/**
 * Tells the parents of each child whose lesson was recorded (the first time a sitting holds it;
 * sent again, it tells nobody twice; a sitting older than yesterday is history and tells nobody),
 * as a `hifz_feedback` notification: the school chooses its channels, and each parent theirs, in
 * the notification settings. Delivered after commit.
 */
export async function tellParentsOfLessons(services: Services, ctx: Pick<RequestContext, "scope" | "afterCommit">, sittingDate: string, recorded: Recorded[]) {
  const { scope } = ctx;
  const withLogs = recorded.filter((r) => r.logs.length);
  if (!withLogs.length || daysBetween(sittingDate, await schoolToday(scope)) > NEWS_DAYS) return 0;
  const rows = await scope.db
    .select({ id: hafiz.id, studentId: hafiz.studentId })
    .from(hafiz)
    .where(
      scope.where(
        hafiz,
        inArray(
          hafiz.id,
          withLogs.map((r) => r.hafizId),
        ),
      ),
    );
  const studentIds = rows.map((r) => r.studentId);
  const [kids, links] = await Promise.all([
    studentsByIds(scope, studentIds),
    scope.db
      .select({ userId: guardians.userId, studentId: guardians.studentId })
      .from(guardians)
      .where(scope.where(guardians, inArray(guardians.studentId, studentIds))),
  ]);
  let told = 0;
  for (const r of withLogs) {
    const studentId = rows.find((x) => x.id === r.hafizId)?.studentId;
    const userIds = links.filter((l) => l.studentId === studentId).map((l) => l.userId);
    const name = kids.find((k) => k.id === studentId)?.name;
    if (!studentId || !name || !userIds.length) continue;
    const lines = r.logs.map((l) => `${l.type} ${l.range}`).join("; ");
    await sendNotification(services, ctx, {
      userIds,
      kind: "hifz_feedback",
      studentId,
      link: "/parent/hifz",
      text: (language) => (TEXTS[language] ?? TEXTS.en)(isolated(language, name), isolated(language, lines), r.mistakes),
    });
    told++;
  }
  return told;
}
