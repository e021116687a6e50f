import { HALL_MEANINGS, type HallCheckSlot, type HallMark, inDigits, type Language } from "@taleem/contract";
import { eq, inArray } from "drizzle-orm";
import type { RequestContext } from "../../platform/actions/request-context.js";
import { users } from "../../platform/auth/users.table.js";
import { badRequest } from "../../platform/http/errors.js";
import type { Services } from "../../platform/services.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";

import { dayInSentence, isolated } from "../../platform/texts/in-sentence.js";
import { codeBrief, codesOf } from "../attendance/attendance-codes.service.js";
import { sendNotification } from "../communication/notifications.service.js";
import { requireStudents, studentsByIds } from "../students/students.service.js";
import { hallOffice, studentsOfHall } from "./halls.service.js";
import { type HallRecord, hallCheckMarks, hallChecks, hallStudents, halls } from "./halls.table.js";

type CheckRecord = typeof hallChecks.$inferSelect;
type MarkInput = { studentId: number; codeId: number; note?: string | null | undefined };

/** The school's active codes a roll call takes (present, absent, late, excused, on leave). */
export async function hallCodes(scope: TenantScope) {
  return (await codesOf(scope)).filter((c) => HALL_MEANINGS.includes(c.meaning)).map(codeBrief);
}

/** Marks of checks with each student's name and the code's letters, by check id. */
export async function marksOf(scope: TenantScope, checkIds: number[]): Promise<Map<number, (HallMark & { updatedAt: Date })[]>> {
  const out = new Map<number, (HallMark & { updatedAt: Date })[]>();
  if (!checkIds.length) return out;
  const rows = await scope.db
    .select()
    .from(hallCheckMarks)
    .where(scope.where(hallCheckMarks, inArray(hallCheckMarks.checkId, checkIds)));
  const [people, codes] = await Promise.all([
    studentsByIds(
      scope,
      rows.map((r) => r.studentId),
    ),
    codesOf(scope, true),
  ]);
  for (const m of rows) {
    const s = people.find((p) => p.id === m.studentId);
    const list = out.get(m.checkId) ?? [];
    list.push({
      studentId: m.studentId,
      name: s?.name ?? "",
      nameNative: s?.nameNative ?? null,
      admissionNo: s?.admissionNo ?? "",
      codeId: m.codeId,
      code: codes.find((c) => c.id === m.codeId)?.code ?? "",
      meaning: m.meaning,
      note: m.note,
      updatedAt: m.updatedAt,
    });
    out.set(m.checkId, list);
  }
  for (const list of out.values()) list.sort((a, b) => a.name.localeCompare(b.name) || a.studentId - b.studentId);
  return out;
}

/** Checks with their hall, who took them, every mark, the counts and the absentees. */
export async function presentChecks(scope: TenantScope, rows: CheckRecord[]) {
  if (!rows.length) return [];
  const [hallNames, takers, marks] = await Promise.all([
    scope.namesById(
      halls,
      rows.map((r) => r.hallId),
    ),
    scope.namesById(
      users,
      rows.map((r) => r.takenBy),
    ),
    marksOf(
      scope,
      rows.map((r) => r.id),
    ),
  ]);
  return rows.map((c) => {
    const list = (marks.get(c.id) ?? []).map(({ updatedAt: _u, ...m }) => m);
    return {
      ...c,
      hallName: hallNames.get(c.hallId) ?? "",
      takenByName: c.takenBy ? (takers.get(c.takenBy) ?? null) : null,
      marks: list,
      present: list.filter((m) => m.meaning === "present" || m.meaning === "late").length,
      absent: list.filter((m) => m.meaning === "absent").length,
      absentees: list.filter((m) => m.meaning === "absent"),
    };
  });
}

/** The check of a hall, date and slot, if taken. */
export async function checkOf(scope: TenantScope, hallId: number, date: string, slot: HallCheckSlot) {
  const [row] = await scope.db
    .select()
    .from(hallChecks)
    .where(scope.where(hallChecks, eq(hallChecks.hallId, hallId), eq(hallChecks.date, date), eq(hallChecks.slot, slot)));
  return row;
}

/** The students a check marked absent. */
export async function absentIds(scope: TenantScope, checkId: number): Promise<number[]> {
  const rows = await scope.db
    .select({ studentId: hallCheckMarks.studentId })
    .from(hallCheckMarks)
    .where(scope.where(hallCheckMarks, eq(hallCheckMarks.checkId, checkId), eq(hallCheckMarks.meaning, "absent")));
  return rows.map((r) => r.studentId);
}

/**
 * Checks a register's marks before anything is written: every student of this school (404
 * otherwise) and in the hall now (400), every code one a roll call takes. Returns each mark's meaning.
 */
export async function checkMarks(scope: TenantScope, hall: HallRecord, given: MarkInput[]) {
  const codes = await hallCodes(scope);
  const marks = given.length ? given : await everyonePresent(scope, hall, codes);
  const people = await requireStudents(
    scope,
    marks.map((m) => m.studentId),
  );
  const places = await scope.db
    .select({ studentId: hallStudents.studentId })
    .from(hallStudents)
    .where(
      scope.where(
        hallStudents,
        eq(hallStudents.hallId, hall.id),
        inArray(
          hallStudents.studentId,
          people.map((p) => p.id),
        ),
      ),
    );
  const outside = people.find((p) => !places.some((x) => x.studentId === p.id));
  if (outside) throw badRequest("hallcheck.not_in_hall", `${outside.name} is not in ${hall.name}.`, { field: "marks", name: outside.name, hall: hall.name });
  return marks.map((m) => {
    const code = codes.find((c) => c.id === m.codeId);
    if (!code) throw badRequest("hallcheck.bad_code", `Code ${m.codeId} is not a roll-call code of this school.`, { field: "marks", codeId: m.codeId });
    return { ...m, meaning: code.meaning, name: people.find((p) => p.id === m.studentId)!.name };
  });
}

/** The whole hall marked with the school's default code: a roll call that found everyone in. */
async function everyonePresent(scope: TenantScope, hall: HallRecord, codes: Awaited<ReturnType<typeof hallCodes>>) {
  const students = await studentsOfHall(scope, hall.id);
  if (!students.length) throw badRequest("hallcheck.empty_hall", `${hall.name} has no students to call.`, { field: "hallId", hall: hall.name });
  const code = codes.find((c) => c.isDefault) ?? codes.find((c) => c.meaning === "present")!;
  return students.map((s): MarkInput => ({ studentId: s.id, codeId: code.id }));
}

/** Writes a check's marks, replacing whatever it had. */
export async function writeMarks(scope: TenantScope, checkId: number, marks: Awaited<ReturnType<typeof checkMarks>>) {
  await scope.db.delete(hallCheckMarks).where(scope.where(hallCheckMarks, eq(hallCheckMarks.checkId, checkId)));
  await scope.insertMany(
    hallCheckMarks,
    marks.map((m) => ({ checkId, studentId: m.studentId, codeId: m.codeId, meaning: m.meaning, note: m.note ?? null })),
  );
}

const SLOTS: Record<Language, Record<HallCheckSlot, string>> = {
  en: { night: "night check", study_hour: "study hour", other: "roll call" },
  ta: { night: "இரவு வருகை", study_hour: "படிப்பு நேரம்", other: "வருகை அழைப்பு" },
  ur: { night: "رات کی حاضری", study_hour: "مطالعے کا وقت", other: "حاضری" },
  ar: { night: "تفقّد الليل", study_hour: "ساعة المذاكرة", other: "تفقّد الحضور" },
  ml: { night: "രാത്രി ഹാജർ", study_hour: "പഠന സമയം", other: "ഹാജർ വിളി" },
};

/** The warden's and the office's words, in their language. */
const TEXTS: Record<Language, (hall: string, slot: string, date: string, names: string, n: string) => { title: string; body: string }> = {
  en: (hall, slot, date, names, n) => ({ title: `${hall}: ${n} absent`, body: `Absent at the ${slot} of ${date}: ${names}.` }),
  ta: (hall, slot, date, names, n) => ({ title: `${hall}: ${n} பேர் இல்லை`, body: `${date} ${slot} அன்று இல்லாதவர்கள்: ${names}.` }),
  ur: (hall, slot, date, names, n) => ({ title: `${hall}: ${n} غیر حاضر`, body: `${date} کی ${slot} میں غیر حاضر: ${names}۔` }),
  ar: (hall, slot, date, names, n) => ({ title: `${hall}: ${n} غائب`, body: `الغائبون في ${slot} يوم ${date}: ${names}.` }),
  ml: (hall, slot, date, names, n) => ({ title: `${hall}: ${n} പേർ ഹാജരില്ല`, body: `${date} ${slot} സമയത്ത് ഹാജരില്ലാത്തവർ: ${names}.` }),
};

/**
 * Tells the hall's warden and the office of students newly absent in a check: those marked absent
 * now and not already in the check before (a register sent again tells nobody twice). Written in
 * the request's transaction, delivered after it commits.
 */
export async function tellAbsences(
  services: Services,
  ctx: Pick<RequestContext, "scope" | "afterCommit">,
  hall: HallRecord,
  check: Pick<CheckRecord, "id" | "date" | "slot">,
  marks: { studentId: number; name: string; meaning: string }[],
  before: number[],
) {
  const fresh = marks.filter((m) => m.meaning === "absent" && !before.includes(m.studentId));
  if (!fresh.length) return 0;
  const office = await hallOffice(ctx.scope);
  const names = fresh.map((m) => m.name).join(", ");
  const text = (language: Language, digits: string) =>
    (TEXTS[language] ?? TEXTS.en)(
      isolated(language, hall.name),
      (SLOTS[language] ?? SLOTS.en)[check.slot],
      dayInSentence(language, check.date, digits),
      isolated(language, names),
      inDigits(String(fresh.length), digits),
    );
  const studentId = fresh.length === 1 ? fresh[0]!.studentId : null;
  const on = `hallId=${hall.id}&slot=${check.slot}`;
  // The office reads the list of checks; a warden who is not of the office (a Staff member) opens the hall's register.
  await sendNotification(services, ctx, {
    userIds: office,
    kind: "hall_check",
    studentId,
    link: `/admin/hall-checks?${on}&dateFrom=${check.date}&dateTo=${check.date}`,
    text,
  });
  if (hall.wardenId && !office.includes(hall.wardenId)) {
    await sendNotification(services, ctx, {
      userIds: [hall.wardenId],
      kind: "hall_check",
      studentId,
      link: `/parent/hall-check?${on}&date=${check.date}`,
      text,
    });
  }
  return fresh.length;
}
