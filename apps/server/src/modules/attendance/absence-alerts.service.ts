import type { Language } from "@taleem/contract";
import { inArray } from "drizzle-orm";
import type { RequestContext } from "../../platform/actions/request-context.js";
import { guardians } from "../../platform/auth/users.table.js";
import type { Services } from "../../platform/services.js";
import { dayInSentence, isolated } from "../../platform/texts/in-sentence.js";
import { sendNotification } from "../communication/notifications.service.js";
import { absenceAlerts } from "./registers.table.js";

/** The parent's words, in their language: title and body. */
const TEXTS: Record<Language, (name: string, date: string) => { title: string; body: string }> = {
  en: (name, date) => ({ title: `${name} was absent`, body: `${name} was marked absent on ${date}. Please tell the school if you know why.` }),
  ta: (name, date) => ({ title: `${name} வருகை இல்லை`, body: `${date} அன்று ${name} வருகை இல்லை எனக் குறிக்கப்பட்டார். காரணம் தெரிந்தால் பள்ளிக்குத் தெரிவிக்கவும்.` }),
  ur: (name, date) => ({ title: `${name} غیر حاضر`, body: `${date} کو ${name} کو غیر حاضر درج کیا گیا۔ وجہ معلوم ہو تو براہِ کرم مدرسے کو بتائیں۔` }),
  ar: (name, date) => ({ title: `${name} غائب`, body: `سُجِّل ${name} غائبًا يوم ${date}. إن كنتم تعرفون السبب فأخبروا المدرسة من فضلكم.` }),
  ml: (name, date) => ({ title: `${name} ഹാജരായില്ല`, body: `${date}-ന് ${name} ഹാജരില്ലെന്ന് രേഖപ്പെടുത്തി. കാരണം അറിയാമെങ്കിൽ ദയവായി സ്കൂളിനെ അറിയിക്കുക.` }),
};

/**
 * Tells the parents of children marked absent, once per child per day: the alert row is claimed
 * with an insert that does nothing when it exists, so a register saved again, or by two teachers
 * at once, tells nobody twice. Written in the register's transaction (a rolled-back register tells
 * nobody); delivered after commit by `sendNotification`. Returns how many children's parents were told.
 */
export async function alertAbsences(
  services: Services,
  ctx: Pick<RequestContext, "scope" | "afterCommit">,
  date: string,
  absent: { studentId: number; name: string }[],
) {
  if (!absent.length) return 0;
  const { scope } = ctx;
  const claimed = await scope.db
    .insert(absenceAlerts)
    .values(absent.map((a) => ({ tenantId: scope.tenantId, studentId: a.studentId, date })))
    .onConflictDoNothing()
    .returning({ studentId: absenceAlerts.studentId });
  if (!claimed.length) return 0;
  const links = await scope.db
    .select({ userId: guardians.userId, studentId: guardians.studentId })
    .from(guardians)
    .where(
      scope.where(
        guardians,
        inArray(
          guardians.studentId,
          claimed.map((c) => c.studentId),
        ),
      ),
    );
  let told = 0;
  for (const child of absent.filter((a) => claimed.some((c) => c.studentId === a.studentId))) {
    const userIds = links.filter((l) => l.studentId === child.studentId).map((l) => l.userId);
    if (!userIds.length) continue;
    await sendNotification(services, ctx, {
      userIds,
      kind: "absence",
      studentId: child.studentId,
      link: "/parent/attendance",
      text: (language, digits) => (TEXTS[language] ?? TEXTS.en)(isolated(language, child.name), dayInSentence(language, date, digits)),
    });
    told++;
  }
  return told;
}
