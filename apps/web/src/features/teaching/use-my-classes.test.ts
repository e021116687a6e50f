import type { MyClassesReply } from "@taleem/contract";
import { describe, expect, it } from "vitest";
import { keptForToday } from "./use-my-classes";

const room = {
  classroomId: 7,
  label: "Class 5-A",
  courseName: "Primary",
  batchName: "2026-27",
  room: null,
  students: 30,
  classTeacher: true,
  subjects: [],
  register: { expected: true, taken: true, byName: "Ustadha", at: "2026-12-06T03:00:00.000Z", waiting: false },
  marksMissing: 2,
};
const hour = (date: string) => ({
  hourId: 1,
  date,
  dayOfWeek: 1,
  startTime: "09:00",
  endTime: "10:00",
  label: null,
  classroomId: 7,
  classroomLabel: "Class 5-A",
  courseName: "Primary",
  subjectId: 3,
  subjectName: "Arabic",
});
/** What the phone kept on Sunday the 6th. */
const sunday: MyClassesReply = {
  message: "My classes",
  date: "2026-12-06",
  workingDay: false,
  weekFrom: "2026-11-30",
  weekTo: "2026-12-06",
  classrooms: [room],
  hours: [hour("2026-12-06"), hour("2026-12-07")],
  groups: [],
  sittings: [],
  papers: [],
  checklists: [],
  waiting: { registers: 1, sittings: 0, marks: 2, checklists: 0, total: 3 },
};

describe("My classes kept on an earlier day, read with no signal", () => {
  it("keeps the classes and the week's hours under today's date, and says nothing of today's registers", () => {
    const today = keptForToday(sunday, "2026-12-07");
    expect(today.date).toBe("2026-12-07");
    expect(today.workingDay).toBe(true);
    expect(today.classrooms.map((c) => [c.label, c.register.taken, c.register.expected])).toEqual([["Class 5-A", false, false]]);
    expect(today.hours.filter((h) => h.date === today.date)).toHaveLength(1);
    expect(today.waiting).toEqual({ registers: 0, sittings: 0, marks: 2, checklists: 0, total: 2 });
  });

  it("is the reply itself on the day it was kept", () => {
    expect(keptForToday(sunday, "2026-12-06")).toBe(sunday);
  });
});
