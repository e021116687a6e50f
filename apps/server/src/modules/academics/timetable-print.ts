import { asc, eq } from "drizzle-orm";
import { embeddedFontCss, FONT_STACK } from "../../platform/files/fonts.js";
import { escapeHtml as h } from "../../platform/files/html.js";
import { tenantOf } from "../../platform/tenancy/tenant-of.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { studentsByIds } from "../students/students.service.js";
import { sittingNames, subjectsByIds } from "./academics.service.js";
import { requireClassroom, userNames } from "./classrooms.service.js";
import { activeEnrolmentsOf } from "./enrolments.service.js";
import { hhmm, hourStudentIds } from "./timetable.service.js";
import { hours, timetables } from "./timetable.table.js";

const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

interface Person {
  name: string;
  nameNative: string | null;
  rollNo?: number | null;
}
interface Cell {
  subject: string;
  subjectCode: string | null;
  teacher: string | null;
  label: string | null;
  session: string | null;
  students: Person[];
}
export interface TimetableSheet {
  school: string;
  classroom: string;
  course: string;
  batch: string;
  classTeacher: string | null;
  /** Urdu schools read Arabic script in Nastaliq. */
  nastaliq: boolean;
  days: number[];
  slots: { start: string; end: string; cells: Map<number, Cell> }[];
  students: Person[];
  printedOn: string;
}

/** Both names of a person, the native one marked so the browser orders and shapes it by itself. */
const names = (p: Person) => `<span class="latin">${h(p.name)}</span>${p.nameNative ? ` <bdi class="native" dir="auto">${h(p.nameNative)}</bdi>` : ""}`;

/** The weekly timetable as an HTML page: one column per day, one row per time slot, the class list after. */
export function timetableHtml(t: TimetableSheet): string {
  const head = t.days.map((d) => `<th>${h(DAYS[d - 1])}</th>`).join("");
  const body = t.slots
    .map((slot) => {
      const cells = t.days
        .map((d) => {
          const c = slot.cells.get(d);
          if (!c) return `<td class="empty"></td>`;
          const who = c.students.length ? `<div class="only">Only: ${c.students.map(names).join(", ")}</div>` : "";
          return `<td><div class="subject" dir="auto">${h(c.subject)}${c.subjectCode ? ` <span class="code">${h(c.subjectCode)}</span>` : ""}</div>${
            c.teacher ? `<div class="teacher" dir="auto">${h(c.teacher)}</div>` : ""
          }${c.label ? `<div class="label" dir="auto">${h(c.label)}</div>` : ""}${who}</td>`;
        })
        .join("");
      const session = [...slot.cells.values()].find((c) => c.session)?.session;
      return `<tr><th class="time">${h(slot.start)}&ndash;${h(slot.end)}${session ? `<div class="session" dir="auto">${h(session)}</div>` : ""}</th>${cells}</tr>`;
    })
    .join("");
  const roll = t.students
    .map(
      (s, i) => `<tr><td class="num">${s.rollNo ?? i + 1}</td><td dir="auto">${h(s.name)}</td><td class="native" dir="auto">${h(s.nameNative ?? "")}</td></tr>`,
    )
    .join("");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${h(t.classroom)}</title>
<style>
${embeddedFontCss()}
@page { size: A4 landscape; }
* { box-sizing: border-box; }
body { font-family: ${t.nastaliq ? FONT_STACK.nastaliq : FONT_STACK.naskh}; font-size: 10.5pt; color: #1b1f24; margin: 0; }
header { display: flex; justify-content: space-between; align-items: flex-end; border-bottom: 2px solid #1f6f5c; padding-bottom: 6px; margin-bottom: 10px; }
h1 { font-size: 17pt; margin: 0; color: #1f6f5c; }
h2 { font-size: 12pt; margin: 16px 0 6px; color: #1f6f5c; }
.meta { text-align: end; font-size: 9.5pt; color: #444; line-height: 1.5; }
table { border-collapse: collapse; width: 100%; }
.grid th, .grid td { border: 1px solid #9bb5ad; padding: 5px 6px; vertical-align: top; }
.grid thead th { background: #e3f0ec; font-size: 10pt; }
.grid th.time { background: #f4f8f7; white-space: nowrap; width: 80px; font-weight: 700; }
.grid td { line-height: 1.5; }
.grid td.empty { background: #fafafa; }
.subject { font-weight: 700; }
.code { font-weight: 400; color: #5a6b66; font-size: 8.5pt; }
.teacher { color: #333; }
.label, .session { color: #5a6b66; font-size: 8.5pt; }
.only { font-size: 8.5pt; color: #7a4b00; margin-top: 2px; }
.native { unicode-bidi: isolate; line-height: ${t.nastaliq ? "2.1" : "1.7"}; }
.roll { width: auto; min-width: 50%; }
.roll td, .roll th { border-bottom: 1px solid #d5e2de; padding: 3px 10px; text-align: start; }
.roll td.num { color: #5a6b66; width: 40px; }
tr { break-inside: avoid; }
footer { margin-top: 12px; font-size: 8pt; color: #777; }
</style></head>
<body>
<header>
  <div><h1 dir="auto">${h(t.classroom)}</h1><div dir="auto">${h(t.course)} &middot; ${h(t.batch)}</div></div>
  <div class="meta"><div dir="auto">${h(t.school)}</div>${t.classTeacher ? `<div>Class teacher: <span dir="auto">${h(t.classTeacher)}</span></div>` : ""}</div>
</header>
${
  t.slots.length
    ? `<table class="grid"><thead><tr><th>Time</th>${head}</tr></thead><tbody>${body}</tbody></table>`
    : `<p>No hours are set for this classroom yet.</p>`
}
<h2>Students (${t.students.length})</h2>
${t.students.length ? `<table class="roll"><tbody>${roll}</tbody></table>` : "<p>No students are enrolled.</p>"}
<footer>Printed ${h(t.printedOn)}</footer>
</body></html>`;
}

/** Everything the weekly timetable of a classroom shows, read in one go (the caller's transaction). */
export async function timetableSheet(scope: TenantScope, classroomId: number): Promise<TimetableSheet> {
  const [tenant, room] = await Promise.all([tenantOf(scope), requireClassroom(scope, classroomId)]);
  const [slots, entries, enrolled] = await Promise.all([
    scope.db
      .select()
      .from(hours)
      .where(scope.where(hours, eq(hours.classroomId, classroomId)))
      .orderBy(asc(hours.startTime), asc(hours.dayOfWeek)),
    scope.db
      .select()
      .from(timetables)
      .where(scope.where(timetables, eq(timetables.classroomId, classroomId), eq(timetables.status, "active"))),
    activeEnrolmentsOf(scope, classroomId),
  ]);
  const [subjects, people, sessions, chosen] = await Promise.all([
    subjectsByIds(
      scope,
      entries.map((e) => e.subjectId),
    ),
    userNames(scope, [...entries.map((e) => e.teacherId), room.classTeacherId]),
    sittingNames(
      scope,
      slots.map((s) => s.sittingId).filter((id): id is number => id !== null),
    ),
    hourStudentIds(
      scope,
      slots.map((s) => s.id),
    ),
  ]);
  const pupils = await studentsByIds(scope, [...enrolled.map((e) => e.studentId), ...[...chosen.values()].flat()]);
  const pupil = new Map(pupils.map((p) => [p.id, p]));
  const rows = new Map<string, TimetableSheet["slots"][number]>();
  for (const s of slots) {
    const start = hhmm(s.startTime)!;
    const end = hhmm(s.endTime)!;
    const key = `${start}-${end}`;
    const row = rows.get(key) ?? { start, end, cells: new Map<number, Cell>() };
    const entry = entries.find((e) => e.hourId === s.id);
    const subject = entry ? subjects.get(entry.subjectId) : undefined;
    row.cells.set(s.dayOfWeek, {
      subject: subject?.name ?? s.label ?? "—",
      subjectCode: subject?.code ?? null,
      teacher: entry?.teacherId ? (people.get(entry.teacherId) ?? null) : null,
      label: subject ? s.label : null,
      session: s.sittingId ? (sessions.get(s.sittingId) ?? null) : null,
      students: (s.audience === "selected" ? (chosen.get(s.id) ?? []) : []).map((id) => pupil.get(id)).filter((p): p is NonNullable<typeof p> => !!p),
    });
    rows.set(key, row);
  }
  const days = [...new Set(slots.map((s) => s.dayOfWeek))].sort((a, b) => a - b);
  return {
    school: tenant.name,
    classroom: room.label,
    course: room.courseName,
    batch: room.batchName,
    classTeacher: room.classTeacherId ? (people.get(room.classTeacherId) ?? null) : null,
    nastaliq: tenant.defaultLanguage === "ur",
    days: days.length ? days : [1, 2, 3, 4, 5, 6],
    slots: [...rows.values()].sort((a, b) => a.start.localeCompare(b.start)),
    students: enrolled.map((e) => ({ ...pupil.get(e.studentId)!, rollNo: e.rollNo })).filter((p) => p.name),
    printedOn: new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: tenant.timeZone }).format(new Date()),
  };
}
