import type { Language } from "@taleem/contract";
import { and, inArray, sql } from "drizzle-orm";
import type { RequestContext } from "../../platform/actions/request-context.js";
import { guardians } from "../../platform/auth/users.table.js";
import type { Services } from "../../platform/services.js";
import { tenantOf } from "../../platform/tenancy/tenant-of.js";
import { isolated } from "../../platform/texts/in-sentence.js";
import { activeStudentIds } from "../academics/enrolments.service.js";
import { sendNotification } from "../communication/notifications.service.js";
import { studentNames } from "../students/students.service.js";
import { MINOR_PER_MAJOR } from "./amount-in-words.js";
import { dueLines, overdueOf } from "./fee-dashboard.service.js";
import { feeReminders } from "./fees.table.js";

/** The most reminders a due date gets: gentle, firm, final. */
export const MAX_REMINDER_LEVEL = 3;
/** Where a parent pays: the parent area's fees. */
export const FEES_LINK = "/parent/fees";

type Text = (child: string, amount: string) => { title: string; body: string };

/** The parent's words by level (1 gentle, 2 firm, 3 final), naming the child and the amount overdue. */
const TEXTS: Record<Language, [Text, Text, Text]> = {
  en: [
    (c, a) => ({ title: `Fees due for ${c}`, body: `A gentle reminder: ${a} of ${c}'s fees is past its due date. You can pay in the app.` }),
    (c, a) => ({ title: `Second reminder: ${c}'s fees`, body: `${a} of ${c}'s fees is still unpaid. Please pay it soon, in the app or at the office.` }),
    (c, a) => ({
      title: `Final reminder: ${c}'s fees`,
      body: `${a} of ${c}'s fees remains overdue after two reminders. Please pay now or speak to the office today.`,
    }),
  ],
  ta: [
    (c, a) => ({ title: `${c} கட்டணம் நிலுவை`, body: `அன்பான நினைவூட்டல்: ${c} அவர்களின் கட்டணத்தில் ${a} செலுத்த வேண்டிய தேதி கடந்துவிட்டது. செயலியில் செலுத்தலாம்.` }),
    (c, a) => ({
      title: `இரண்டாம் நினைவூட்டல்: ${c} கட்டணம்`,
      body: `${c} அவர்களின் கட்டணத்தில் ${a} இன்னும் செலுத்தப்படவில்லை. செயலியில் அல்லது அலுவலகத்தில் விரைவில் செலுத்தவும்.`,
    }),
    (c, a) => ({
      title: `இறுதி நினைவூட்டல்: ${c} கட்டணம்`,
      body: `இரண்டு நினைவூட்டல்களுக்குப் பிறகும் ${c} அவர்களின் கட்டணத்தில் ${a} நிலுவையில் உள்ளது. இப்போதே செலுத்தவும் அல்லது இன்றே அலுவலகத்தைத் தொடர்பு கொள்ளவும்.`,
    }),
  ],
  ur: [
    (c, a) => ({ title: `${c} کی فیس واجب الادا`, body: `نرم یاد دہانی: ${c} کی فیس میں سے ${a} کی تاریخ گزر چکی ہے۔ آپ ایپ میں ادا کر سکتے ہیں۔` }),
    (c, a) => ({ title: `دوسری یاد دہانی: ${c} کی فیس`, body: `${c} کی فیس میں سے ${a} ابھی تک ادا نہیں ہوئی۔ براہِ کرم جلد ایپ میں یا دفتر میں ادا کریں۔` }),
    (c, a) => ({
      title: `آخری یاد دہانی: ${c} کی فیس`,
      body: `دو یاد دہانیوں کے بعد بھی ${c} کی فیس میں سے ${a} واجب الادا ہے۔ براہِ کرم ابھی ادا کریں یا آج ہی دفتر سے بات کریں۔`,
    }),
  ],
  ar: [
    (c, a) => ({ title: `رسوم ${c} مستحقة`, body: `تذكير لطيف: مبلغ ${a} من رسوم ${c} تجاوز موعد استحقاقه. يمكنكم الدفع من التطبيق.` }),
    (c, a) => ({ title: `تذكير ثانٍ: رسوم ${c}`, body: `مبلغ ${a} من رسوم ${c} لم يُدفع بعد. نرجو الدفع قريبًا من التطبيق أو في المكتب.` }),
    (c, a) => ({
      title: `تذكير أخير: رسوم ${c}`,
      body: `ما زال مبلغ ${a} من رسوم ${c} متأخرًا بعد تذكيرين. نرجو الدفع الآن أو مراجعة المكتب اليوم.`,
    }),
  ],
  ml: [
    (c, a) => ({ title: `${c}-ന്റെ ഫീസ് അടയ്ക്കാനുണ്ട്`, body: `ഒരു ഓർമ്മപ്പെടുത്തൽ: ${c}-ന്റെ ഫീസിൽ ${a} അടയ്ക്കേണ്ട തീയതി കഴിഞ്ഞു. ആപ്പിൽ അടയ്ക്കാം.` }),
    (c, a) => ({
      title: `രണ്ടാമത്തെ ഓർമ്മപ്പെടുത്തൽ: ${c}-ന്റെ ഫീസ്`,
      body: `${c}-ന്റെ ഫീസിൽ ${a} ഇനിയും അടച്ചിട്ടില്ല. ദയവായി ആപ്പിലോ ഓഫീസിലോ വേഗം അടയ്ക്കുക.`,
    }),
    (c, a) => ({
      title: `അവസാന ഓർമ്മപ്പെടുത്തൽ: ${c}-ന്റെ ഫീസ്`,
      body: `രണ്ട് ഓർമ്മപ്പെടുത്തലുകൾക്കു ശേഷവും ${c}-ന്റെ ഫീസിൽ ${a} കുടിശ്ശികയാണ്. ദയവായി ഇപ്പോൾ അടയ്ക്കുക, അല്ലെങ്കിൽ ഇന്നുതന്നെ ഓഫീസുമായി ബന്ധപ്പെടുക.`,
    }),
  ],
};

/**
 * The amount as the parent reads it in their language, in the school's currency and country (lakh
 * grouping in India) and the digits the school writes the language in (Latin unless chosen).
 */
export function moneyText(minor: number, currency: string, country: string, language: Language, digits = "latn"): string {
  const locale = `${language}-${country}`;
  const fmt = (l: string) => new Intl.NumberFormat(l, { style: "currency", currency, numberingSystem: digits }).format(minor / MINOR_PER_MAJOR);
  try {
    return fmt(locale);
  } catch {
    return fmt("en");
  }
}

/** The reminder text of a level, in a language. */
export const reminderText = (language: Language, level: number, child: string, amount: string) =>
  (TEXTS[language] ?? TEXTS.en)[Math.min(MAX_REMINDER_LEVEL, Math.max(1, level)) - 1]!(child, amount);

/**
 * Reminds the families of students with a balance past its due date and grace. Each overdue due
 * date of a student takes its next level (1 + the reminders sent for it, at most three), claimed
 * through the unique (student, due date, level) index so two calls at once send it once; a family
 * is written to at most once a day (a second call the same day reaches nobody again), one message
 * per child naming them and everything overdue, escalating with the highest level it carries.
 * Sent with sendNotification to every linked guardian, in the request's transaction.
 */
export async function remindOverdue(
  services: Services,
  ctx: Pick<RequestContext, "scope" | "afterCommit">,
  body: { batchId?: number; classroomId?: number; studentIds?: number[] },
  today: string,
  now = new Date(),
) {
  const { scope } = ctx;
  const tenant = await tenantOf(scope);
  const d = dueLines(scope, { batchId: body.batchId, studentIds: body.studentIds }, today);
  const inClassroom = body.classroomId ? inArray(d.studentId, activeStudentIds(scope, { classroomId: body.classroomId })) : undefined;
  const overdue = await scope.db
    .with(d)
    .select({ studentId: d.studentId, dueDate: d.dueDate, amount: sql<number>`sum(${d.balance})::bigint`.mapWith(Number) })
    .from(d)
    .where(and(overdueOf(d), inClassroom))
    .groupBy(d.studentId, d.dueDate);
  const studentIds = [...new Set(overdue.map((o) => o.studentId))];
  if (!studentIds.length) return { reminded: 0, skipped: 0, noGuardian: 0 };
  const [sent, links, names] = await Promise.all([
    scope.db
      .select({
        studentId: feeReminders.studentId,
        dueDate: feeReminders.dueDate,
        level: feeReminders.level,
        day: sql<string>`to_char(${feeReminders.createdAt} at time zone ${tenant.timeZone}, 'YYYY-MM-DD')`,
      })
      .from(feeReminders)
      .where(scope.where(feeReminders, inArray(feeReminders.studentId, studentIds))),
    scope.db
      .select({ studentId: guardians.studentId, userId: guardians.userId })
      .from(guardians)
      .where(scope.where(guardians, inArray(guardians.studentId, studentIds))),
    studentNames(scope, studentIds),
  ]);
  let reminded = 0;
  let skipped = 0;
  let noGuardian = 0;
  for (const studentId of studentIds) {
    const userIds = links.filter((l) => l.studentId === studentId).map((l) => l.userId);
    if (!userIds.length) {
      noGuardian++;
      continue;
    }
    const before = sent.filter((s) => s.studentId === studentId);
    if (before.some((s) => s.day === today)) {
      skipped++;
      continue;
    }
    const wanted = overdue
      .filter((o) => o.studentId === studentId)
      .map((o) => ({ ...o, level: 1 + before.filter((s) => s.dueDate === o.dueDate).length }))
      .filter((o) => o.level <= MAX_REMINDER_LEVEL);
    const claimed = wanted.length
      ? await scope.db
          .insert(feeReminders)
          .values(wanted.map((w) => ({ tenantId: scope.tenantId, studentId, dueDate: w.dueDate, level: w.level, amount: w.amount, createdAt: now })))
          .onConflictDoNothing()
          .returning({ level: feeReminders.level })
      : [];
    if (!claimed.length) {
      skipped++;
      continue;
    }
    const level = Math.max(...claimed.map((c) => c.level));
    const total = overdue.filter((o) => o.studentId === studentId).reduce((s, o) => s + o.amount, 0);
    const child = names.get(studentId) ?? "";
    await sendNotification(services, ctx, {
      userIds,
      kind: "fee_due",
      studentId,
      link: FEES_LINK,
      text: (language, digits) =>
        reminderText(language, level, isolated(language, child), isolated(language, moneyText(total, tenant.currency, tenant.country, language, digits))),
    });
    reminded++;
  }
  return { reminded, skipped, noGuardian };
}
