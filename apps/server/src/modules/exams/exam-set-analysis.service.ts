import type { ReportCard } from "@taleem/contract";

const mean = (values: number[]) => (values.length ? Math.round((values.reduce((s, v) => s + v, 0) / values.length) * 100) / 100 : null);
const rate = (verdicts: (boolean | null)[]) => {
  const decided = verdicts.filter((v): v is boolean => v !== null);
  return decided.length ? Math.round((decided.filter(Boolean).length / decided.length) * 10000) / 100 : null;
};
const marked = (cards: ReportCard[]) => cards.filter((c) => c.percent !== null);

/**
 * The result analysis of a set's cards: pass rate and average of those in view (a classroom, or
 * all), the whole set's average beside them, per subject, the grade distribution, and each
 * classroom's figures. Averages are of percentages; rates are of students with a verdict.
 */
export function analyse(all: ReportCard[], inView: ReportCard[]) {
  const subjectIds: { subjectId: number; subjectName: string }[] = [];
  for (const c of all) for (const s of c.subjects) if (!subjectIds.some((x) => x.subjectId === s.subjectId)) subjectIds.push(s);
  const subjectPercents = (cards: ReportCard[], id: number) =>
    cards.flatMap((c) => c.subjects.filter((s) => s.subjectId === id && s.percent !== null).map((s) => s.percent as number));
  const bandOrder: string[] = [];
  for (const c of all) for (const b of c.scale.bands) if (!bandOrder.includes(b.name)) bandOrder.push(b.name);
  const counts = new Map<string, number>();
  for (const c of marked(inView)) if (c.grade) counts.set(c.grade, (counts.get(c.grade) ?? 0) + 1);
  const rooms = new Map<number, { label: string; cards: ReportCard[] }>();
  for (const c of all) {
    const room = rooms.get(c.classroomId) ?? { label: c.classroomLabel, cards: [] };
    room.cards.push(c);
    rooms.set(c.classroomId, room);
  }
  return {
    students: inView.length,
    marked: marked(inView).length,
    passRate: rate(inView.map((c) => c.passed)),
    average: mean(marked(inView).map((c) => c.percent as number)),
    schoolAverage: mean(marked(all).map((c) => c.percent as number)),
    subjects: subjectIds.map((s) => ({
      subjectId: s.subjectId,
      subjectName: s.subjectName,
      average: mean(subjectPercents(inView, s.subjectId)),
      passRate: rate(inView.flatMap((c) => c.subjects.filter((x) => x.subjectId === s.subjectId).map((x) => x.passed))),
      schoolAverage: mean(subjectPercents(all, s.subjectId)),
    })),
    distribution: [...bandOrder, ...[...counts.keys()].filter((g) => !bandOrder.includes(g))].map((grade) => ({
      grade,
      count: counts.get(grade) ?? 0,
    })),
    classrooms: [...rooms.entries()]
      .sort((a, b) => a[1].label.localeCompare(b[1].label, undefined, { numeric: true }))
      .map(([classroomId, r]) => ({
        classroomId,
        classroomLabel: r.label,
        average: mean(marked(r.cards).map((c) => c.percent as number)),
        passRate: rate(r.cards.map((c) => c.passed)),
      })),
  };
}
