import type { MonthlySheet } from "@taleem/contract";
import { and, eq, gte, lte } from "drizzle-orm";
import ExcelJS from "exceljs";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { requireClassroom } from "../academics/classrooms.service.js";
import { rosterOn } from "../academics/enrolments.service.js";
import { attendanceCodes } from "./attendance-codes.table.js";
import { percentOf, presentMeanings } from "./attendance-percentages.service.js";
import { attendanceMarks } from "./registers.table.js";
import { datesOf, schoolDays } from "./school-days.service.js";

const lastDayOf = (month: string) => {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};

/**
 * A classroom's month, children by days, in three statements whatever the class size: the class
 * list of the month with the classroom's label (one join), the month's day marks with their codes
 * (one join), and the school's calendar with its rules (one join). (A classroom with no children takes its label
 * from one more look-up, which also answers 404 for another school's.)
 */
export async function monthlySheet(scope: TenantScope, classroomId: number, month: string): Promise<MonthlySheet> {
  const first = `${month}-01`;
  const last = lastDayOf(month);
  const [roster, marks, days] = await Promise.all([
    rosterOn(scope, classroomId, first, last),
    scope.db
      .select({ studentId: attendanceMarks.studentId, date: attendanceMarks.date, meaning: attendanceMarks.meaning, code: attendanceCodes.code })
      .from(attendanceMarks)
      .innerJoin(attendanceCodes, and(eq(attendanceCodes.tenantId, attendanceMarks.tenantId), eq(attendanceCodes.id, attendanceMarks.codeId)))
      .where(
        scope.where(
          attendanceMarks,
          eq(attendanceMarks.classroomId, classroomId),
          eq(attendanceMarks.hourId, 0),
          gte(attendanceMarks.date, first),
          lte(attendanceMarks.date, last),
        ),
      ),
    schoolDays(scope),
  ]);
  const { rules } = days;
  const label = roster[0]?.classroomLabel ?? (await requireClassroom(scope, classroomId)).label;
  const dates = datesOf(first, last);
  const column = new Map(dates.map((d, i) => [d, i]));
  const counted = new Set(presentMeanings(rules));
  const lines = new Map(roster.map((r) => [r.studentId, { ...r, codes: dates.map(() => ""), present: 0, absent: 0, marked: 0 }]));
  const perDay = dates.map(() => ({ present: 0, marked: 0 }));
  for (const m of marks) {
    const line = lines.get(m.studentId);
    const i = column.get(m.date);
    if (!line || i === undefined) continue;
    line.codes[i] = m.code;
    line.marked++;
    perDay[i]!.marked++;
    if (counted.has(m.meaning)) {
      line.present++;
      perDay[i]!.present++;
    } else line.absent++;
  }
  return {
    message: "Monthly sheet",
    classroom: { id: classroomId, label },
    month,
    days: dates.map((date, i) => ({ date, working: days.isWorking(date), ...perDay[i]! })),
    students: [...lines.values()].map((l) => ({
      studentId: l.studentId,
      name: l.name,
      admissionNo: l.admissionNo,
      rollNo: l.rollNo,
      codes: l.codes,
      present: l.present,
      absent: l.absent,
      marked: l.marked,
      percent: percentOf(l.present, l.marked),
    })),
  };
}

/** The sheet's file name: attendance-<class label>-<YYYY-MM>.xlsx, safe in a header. */
export const sheetFileName = (sheet: MonthlySheet) => `attendance-${sheet.classroom.label.replace(/[^A-Za-z0-9._-]+/g, "_")}-${sheet.month}.xlsx`;

/** The sheet as a workbook: a header row of days, one row per child, totals and percentages. */
export async function sheetWorkbook(sheet: MonthlySheet): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet(sheet.month, { views: [{ state: "frozen", xSplit: 3, ySplit: 2 }] });
  ws.addRow([`${sheet.classroom.label} — ${sheet.month}`]).font = { bold: true, size: 13 };
  const head = ws.addRow(["Roll", "Adm. no", "Name", ...sheet.days.map((d) => Number(d.date.slice(8))), "Present", "Absent", "Marked", "%"]);
  head.font = { bold: true };
  for (const s of sheet.students) ws.addRow([s.rollNo ?? "", s.admissionNo, s.name, ...s.codes, s.present, s.absent, s.marked, s.percent ?? ""]);
  ws.addRow(["", "", "Present", ...sheet.days.map((d) => (d.marked ? d.present : "")), "", "", "", ""]).font = { italic: true };
  ws.getColumn(3).width = 28;
  for (let i = 4; i < 4 + sheet.days.length; i++) {
    const col = ws.getColumn(i);
    col.width = 4;
    col.alignment = { horizontal: "center" };
    // Days the school does not work are shaded, as on a paper register.
    if (!sheet.days[i - 4]!.working) col.fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FFEEEEEE" } };
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
