import { type Language, lastEndedPeriod } from "@taleem/contract";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { registerPeriodicSweep } from "../../platform/jobs/periodic-sweep.js";
import type { Services } from "../../platform/services.js";
import { tenantOf } from "../../platform/tenancy/tenant-of.js";
import { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { daysInSentence, isolated } from "../../platform/texts/in-sentence.js";
import { type NotifyContext, sendNotification } from "../communication/notifications.service.js";
import { assigneesOf, scheduleOf } from "./checklists.service.js";
import { checklistLogs, checklists } from "./checklists.table.js";

/** How often the server looks for periods that ended without a submission. */
const SWEEP_MS = 15 * 60_000;
/** Where a warden or teacher submits (staff sign in to the family area). */
export const SUBMIT_LINK = "/parent/checklists";

type Text = (name: string, period: string) => { title: string; body: string };
const TEXTS: Record<Language, Text> = {
  en: (n, p) => ({ title: `Checklist missed: ${n}`, body: `${n} was not submitted for ${p}. Submit it now, or tell the office why.` }),
  ta: (n, p) => ({
    title: `சரிபார்ப்புப் பட்டியல் தவறியது: ${n}`,
    body: `${p} காலத்திற்கான ${n} சமர்ப்பிக்கப்படவில்லை. இப்போதே சமர்ப்பிக்கவும், அல்லது காரணத்தை அலுவலகத்திடம் தெரிவிக்கவும்.`,
  }),
  ur: (n, p) => ({ title: `چیک لسٹ رہ گئی: ${n}`, body: `${p} کے لیے ${n} جمع نہیں کی گئی۔ ابھی جمع کریں، یا دفتر کو وجہ بتائیں۔` }),
  ar: (n, p) => ({ title: `قائمة تحقق فائتة: ${n}`, body: `لم تُرسل ${n} عن الفترة ${p}. أرسلها الآن، أو أخبر الإدارة بالسبب.` }),
  ml: (n, p) => ({ title: `ചെക്ക്‌ലിസ്റ്റ് വിട്ടുപോയി: ${n}`, body: `${p} കാലയളവിലെ ${n} സമർപ്പിച്ചിട്ടില്ല. ഇപ്പോൾ സമർപ്പിക്കുക, അല്ലെങ്കിൽ കാരണം ഓഫീസിനെ അറിയിക്കുക.` }),
};

const dayIn = (timeZone: string, at: Date) => new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);

/**
 * Marks the last ended period of each active checklist missed for each person who sent nothing,
 * and reminds each of them once. The mark is the claim: it is inserted only where no row of that
 * checklist, person and period exists (the unique index), so a second sweep, or two at once,
 * reminds nobody again, and a late submission later replaces the mark.
 */
export async function remindMissedInSchool(services: Services, ctx: NotifyContext, now = new Date()): Promise<number> {
  const { scope } = ctx;
  const today = dayIn((await tenantOf(scope)).timeZone, now);
  const list = await scope.db
    .select()
    .from(checklists)
    .where(scope.where(checklists, eq(checklists.status, "active")));
  const assignees = await assigneesOf(scope, list);
  const marks = list.flatMap((c) => {
    const period = lastEndedPeriod(scheduleOf(c), today);
    if (!period) return [];
    return (assignees.get(c.id) ?? []).map((submittedBy) => ({
      tenantId: scope.tenantId,
      checklistId: c.id,
      submittedBy,
      ...period,
      status: "missed" as const,
    }));
  });
  if (!marks.length) return 0;
  const claimed = await scope.db.insert(checklistLogs).values(marks).onConflictDoNothing().returning();
  for (const m of claimed) {
    const name = list.find((c) => c.id === m.checklistId)!.name;
    await sendNotification(services, ctx, {
      userIds: [m.submittedBy],
      kind: "checklist",
      link: SUBMIT_LINK,
      text: (language, digits) => (TEXTS[language] ?? TEXTS.en)(isolated(language, name), daysInSentence(language, m.startDate, m.endDate, digits)),
    });
  }
  return claimed.length;
}

/** The sweep over every school with an active checklist, each in its own transaction; delivery follows each commit. */
export async function remindMissedChecklists(services: Services, now = new Date()): Promise<number> {
  // Platform code: the schools that have something to sweep.
  const schools = await services.db.selectDistinct({ tenantId: checklists.tenantId }).from(checklists).where(eq(checklists.status, "active"));
  let reminded = 0;
  for (const { tenantId } of schools) {
    const later: (() => unknown)[] = [];
    reminded += await new TenantScope(services.db, tenantId).transaction((scope) =>
      remindMissedInSchool(services, { scope, afterCommit: (fn) => later.push(fn) }, now),
    );
    for (const fn of later) await fn();
  }
  return reminded;
}

/** The sweep at start and every quarter hour, as scheduled announcements are published. */
export function registerChecklistReminders(app: FastifyInstance, services: Services) {
  registerPeriodicSweep(app, services, "reminding missed checklists", SWEEP_MS, () => remindMissedChecklists(services));
}
