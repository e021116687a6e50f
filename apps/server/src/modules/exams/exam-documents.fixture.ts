import type { ReportCard } from "@taleem/contract";
import type { PrintDoc } from "./report-card.html.js";

const BANDS = [
  { name: "A+", minPercent: 90, maxPercent: 100, description: "Outstanding" },
  { name: "A", minPercent: 80, maxPercent: 89, description: "Excellent" },
  { name: "B", minPercent: 60, maxPercent: 79, description: "Good" },
  { name: "C", minPercent: 40, maxPercent: 59, description: "Fair" },
  { name: "E", minPercent: 0, maxPercent: 39, description: "Needs improvement" },
];

/**
 * A report card as the service makes it, for printing without a database: two terms, five
 * subjects (one paper absent, one exempt), ranks, attendance and remarks.
 */
export function fixtureCard(over: Partial<ReportCard> = {}): ReportCard {
  const terms = [
    { examMasterId: 1, name: "Half-yearly", weight: 40 },
    { examMasterId: 2, name: "Annual", weight: 60 },
  ];
  const subject = (
    subjectId: number,
    subjectName: string,
    marks: [number | null, number | null],
    status: ("present" | "absent" | "exempt")[] = ["present", "present"],
  ) => ({
    subjectId,
    subjectName,
    papers: terms.map((t, i) => ({
      examMasterId: t.examMasterId,
      examId: subjectId * 10 + i,
      marks: marks[i]!,
      status: status[i]!,
      maxMarks: 100,
      passMarks: 35,
    })),
    percent: status.includes("exempt") ? null : (marks[0] ?? 0) * 0.4 + (marks[1] ?? 0) * 0.6,
    grade: status.includes("exempt") ? null : "A",
    passed: status.includes("exempt") ? null : !status.includes("absent"),
  });
  return {
    source: { kind: "examset", id: 7, name: "Annual report 2026" },
    terms,
    published: true,
    studentId: 101,
    studentName: "Ayesha Siddiqui",
    studentNameNative: "عائشہ صدیقی",
    admissionNo: "ADM-2026-0042",
    classroomId: 3,
    classroomLabel: "Grade 7-A",
    rollNo: 12,
    subjects: [
      subject(1, "Mathematics", [88, 92.5]),
      subject(2, "English", [76, 81]),
      subject(3, "Science", [null, 90], ["absent", "present"]),
      subject(4, "Urdu", [null, null], ["exempt", "exempt"]),
      subject(5, "Social studies", [69, 74]),
    ],
    totalMarks: 660.5,
    totalMax: 800,
    percent: 82.56,
    grade: "A",
    passed: false,
    classRank: null,
    overallRank: null,
    rankRule: "passedAll",
    attendance: { present: 182, total: 196 },
    remarks: "Works steadily; must not miss papers.",
    scale: { source: "school", bands: BANDS },
    ...over,
  };
}

export const fixtureDoc = (language: string): PrintDoc => ({
  language,
  digits: "latn",
  school: { name: "Al-Noor Model School", address: "12 Beach Road, Kozhikode", contact: "+91 98000 00001 · office@alnoor.example", logo: null },
  printed: "Printed on 27 November 2026",
});
