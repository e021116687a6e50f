import { attendanceTotals, type HomeData } from "@taleem/contract";
import { beforeEach, describe, expect, it } from "vitest";
import { forgetHomes, keepChildren, keepHome, keptChildren, keptHome, MAX_KEPT } from "./home-cache";

function home(studentId: number, over: Partial<HomeData> = {}): HomeData {
  return {
    student: { id: studentId, name: `Child ${studentId}`, nameNative: null, admissionNo: `A-${studentId}` },
    subjects: [],
    enrollments: [],
    enrolledClass: null,
    attendance: [
      { date: "2026-11-27", hourId: null, startTime: null, attendances: [{ status: "PRESENT", meaning: "present", code: "P" }] },
      { date: "2026-11-26", hourId: null, startTime: null, attendances: [{ status: "ABSENT", meaning: "absent", code: "A" }] },
      { date: "2026-11-25", hourId: null, startTime: null, attendances: [] },
    ],
    weeklyAttendance: [],
    weeklySalaahLogs: [],
    todaysPendingTasks: [],
    salaahComparisonData: [],
    attendanceComparisonData: [],
    today: {
      date: "2026-11-27",
      attendance: { state: "present", code: "P", meaning: "present" },
      prayers: { date: "2026-11-27", prayed: 3, of: 5, logs: [] },
      nextLesson: null,
      hifz: null,
      feeDue: null,
      latestResult: null,
      materials: [],
      unreadNotifications: 2,
    },
    asOf: "2026-11-27T06:30:00.000Z",
    ...over,
  };
}

describe("the home kept on the phone", () => {
  beforeEach(() => window.localStorage.clear());

  it("gives back the last reply of a child, with its time, for the same account only", () => {
    keepHome(7, home(11));
    const kept = keptHome(7, 11);
    expect(kept?.student.name).toBe("Child 11");
    expect(kept?.asOf).toBe("2026-11-27T06:30:00.000Z");
    expect(kept?.today.prayers.prayed).toBe(3);
    // Another person on the same phone, or another child, gets nothing.
    expect(keptHome(8, 11)).toBeNull();
    expect(keptHome(7, 12)).toBeNull();
  });

  it("a newer reply replaces the kept one", () => {
    keepHome(7, home(11));
    keepHome(7, home(11, { asOf: "2026-11-28T06:30:00.000Z" }));
    expect(keptHome(7, 11)?.asOf).toBe("2026-11-28T06:30:00.000Z");
    expect(Object.keys(window.localStorage).filter((k) => k.startsWith("taleem_home:"))).toHaveLength(1);
  });

  it("keeps the totals the home shows, without registers the child was not marked in", () => {
    keepHome(7, home(11));
    const kept = keptHome(7, 11)!;
    expect(kept.attendance).toHaveLength(2);
    expect(attendanceTotals(kept)).toEqual({ presentCount: 1, absentCount: 1, totalCount: 2, presentPercent: 50, absentPercent: 50 });
  });

  it(`keeps at most ${MAX_KEPT} children, dropping the one kept longest ago`, () => {
    for (let i = 1; i <= MAX_KEPT + 2; i++) keepHome(7, home(i), window.localStorage, 1000 + i);
    expect(keptHome(7, 1)).toBeNull();
    expect(keptHome(7, 2)).toBeNull();
    expect(keptHome(7, 3)?.student.id).toBe(3);
    expect(keptHome(7, MAX_KEPT + 2)?.student.id).toBe(MAX_KEPT + 2);
  });

  it("does not keep a reply too big for the phone's store, and drops the older copy", () => {
    keepHome(7, home(11));
    const huge = home(11, { subjects: Array.from({ length: 3000 }, (_, i) => ({ id: i, name: `Subject number ${i}`, code: null })) });
    keepHome(7, huge);
    expect(keptHome(7, 11)).toBeNull();
  });

  it("ignores what it cannot read, and other keys of the app", () => {
    window.localStorage.setItem("taleem_home:7:11", "{not json");
    window.localStorage.setItem("taleem_language", "ur");
    expect(keptHome(7, 11)).toBeNull();
    keepHome(7, home(11));
    expect(keptHome(7, 11)?.student.id).toBe(11);
    expect(window.localStorage.getItem("taleem_language")).toBe("ur");
  });

  it("keeps the account's children for the chooser, apart from the homes it counts", () => {
    const rows = [
      { id: 11, name: "Muhammed Rayan", nameNative: "محمد ریان", className: "Class 5-A", admissionNo: "A-11" },
      { id: 12, name: "Ayisha Minha", nameNative: null, className: null },
    ];
    keepChildren(7, rows);
    expect(keptChildren(7)).toEqual([
      { id: 11, name: "Muhammed Rayan", nameNative: "محمد ریان", className: "Class 5-A" },
      { id: 12, name: "Ayisha Minha", nameNative: null, className: null },
    ]);
    expect(keptChildren(8)).toBeNull();
    // The children entry is never pruned as an old home.
    for (let i = 1; i <= MAX_KEPT + 1; i++) keepHome(7, home(i), window.localStorage, 1000 + i);
    expect(keptChildren(7)).toHaveLength(2);
    forgetHomes();
    expect(keptChildren(7)).toBeNull();
  });

  it("signing out forgets every child kept, and nothing else", () => {
    keepHome(7, home(11));
    keepHome(7, home(12));
    window.localStorage.setItem("taleem_language", "ml");
    forgetHomes();
    expect(keptHome(7, 11)).toBeNull();
    expect(keptHome(7, 12)).toBeNull();
    expect(window.localStorage.getItem("taleem_language")).toBe("ml");
  });

  it("a store that refuses everything neither throws nor keeps", () => {
    const refusing = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("quota");
      },
      removeItem: () => {
        throw new Error("denied");
      },
      key: () => null,
      length: 0,
    };
    expect(() => keepHome(7, home(11), refusing)).not.toThrow();
    expect(keptHome(7, 11, refusing)).toBeNull();
    expect(() => forgetHomes(refusing)).not.toThrow();
    expect(keptHome(7, 11, null)).toBeNull();
  });
});
