import type { Language } from "@taleem/contract";
import { inArray } from "drizzle-orm";
import type { RequestContext } from "../../platform/actions/request-context.js";
import { guardians } from "../../platform/auth/users.table.js";
import type { Services } from "../../platform/services.js";
import { isolated } from "../../platform/texts/in-sentence.js";
import { sendNotification } from "../communication/notifications.service.js";
import { setStudents } from "./exam-sets.service.js";
import type { ExamSetRecord } from "./exams.table.js";

/** The parent's words, in their language: whose results, of which set. */
const TEXTS: Record<Language, (child: string, set: string) => { title: string; body: string }> = {
  en: (c, s) => ({ title: `${c}'s results are out`, body: `The results of ${s} are published. Open them to see the report card.` }),
  ta: (c, s) => ({ title: `${c} இன் தேர்வு முடிவுகள் வெளியாகின`, body: `${s} முடிவுகள் வெளியிடப்பட்டன. மதிப்பெண் அட்டையைப் பார்க்கத் திறக்கவும்.` }),
  ur: (c, s) => ({ title: `${c} کے نتائج آ گئے`, body: `${s} کے نتائج شائع ہو گئے ہیں۔ رپورٹ کارڈ دیکھنے کے لیے کھولیں۔` }),
  ar: (c, s) => ({ title: `صدرت نتائج ${c}`, body: `نُشرت نتائج ${s}. افتحها لرؤية بطاقة التقرير.` }),
  ml: (c, s) => ({ title: `${c}യുടെ പരീക്ഷാഫലം വന്നു`, body: `${s} ഫലം പ്രസിദ്ധീകരിച്ചു. റിപ്പോർട്ട് കാർഡ് കാണാൻ തുറക്കുക.` }),
};

/**
 * Tells each parent about their own child of a set just published, as a `result` notification
 * (stored in the request's transaction, delivered after it commits). Returns the children told.
 */
export async function tellParentsOfResults(services: Services, ctx: Pick<RequestContext, "scope" | "afterCommit">, set: ExamSetRecord) {
  const students = await setStudents(ctx.scope, set.id);
  if (!students.length) return 0;
  const links = await ctx.scope.db
    .select({ userId: guardians.userId, studentId: guardians.studentId })
    .from(guardians)
    .where(
      ctx.scope.where(
        guardians,
        inArray(
          guardians.studentId,
          students.map((s) => s.studentId),
        ),
      ),
    );
  let told = 0;
  for (const s of students) {
    const userIds = links.filter((l) => l.studentId === s.studentId).map((l) => l.userId);
    if (!userIds.length) continue;
    await sendNotification(services, ctx, {
      userIds,
      kind: "result",
      studentId: s.studentId,
      link: "/parent/results",
      text: (language) => (TEXTS[language] ?? TEXTS.en)(isolated(language, s.name), isolated(language, set.name)),
    });
    told++;
  }
  return told;
}
