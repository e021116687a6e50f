import type { RecitationMetricRow, RecitationTypeRow } from "@taleem/contract";
import { describe, expect, it } from "vitest";
import { draftProblems, fieldOfIssue, type SittingReply, sittingBody, startingDraft, withMistake, withoutMistake } from "./halqa-draft";

const type = (id: number, name: string) =>
  ({ id, name, nameNative: null, position: id, builtinKey: null, status: "active", createdAt: "" }) as RecitationTypeRow;
const types = [type(1, "Sabaq"), type(2, "Sabqi")];
const metrics = [
  { id: 7, name: "Lahn jali", kind: "count" },
  { id: 8, name: "Fluency", kind: "score" },
] as RecitationMetricRow[];

const seat = (hafizId: number, extra: Partial<SittingReply["hafiz"][number]> = {}) => ({
  hafizId,
  studentId: hafizId * 10,
  name: `Child ${hafizId}`,
  layoutName: "madani-604",
  direction: "backward",
  attendance: "present" as const,
  next: [],
  ...extra,
});

const reply = {
  message: "",
  session: { id: 5, date: "2026-11-20" },
  // An-Naba 1 to 5 is global 5673 to 5677; the first child's sabaq carries on with An-Naba 6 to 16 (5678-5688).
  hafiz: [seat(1, { next: [{ recitationTypeId: 1, startAyah: 5678, endAyah: 5688 }] }), seat(2)],
  rows: [{ id: 40, hafizId: 2, recitationTypeId: 2, startAyah: 5673, endAyah: 5677, status: "partial", grade: 4, metrics: { "7": 2 } }],
} as unknown as SittingReply;

describe("a halqa sitting's draft", () => {
  it("opens each stream where it carries on, or as it was saved with its mistakes, or from An-Nas for a backward beginner", () => {
    const draft = startingDraft(reply, types, [{ logId: 40, ayahNumber: 5675, metricId: 7 }]);
    expect(draft[1]!.logs[1]).toMatchObject({ on: false, start: { surah: 78, ayah: 6 }, end: { surah: 78, ayah: 16 } });
    expect(draft[1]!.logs[2]).toMatchObject({ on: false, start: { surah: 114, ayah: 1 } });
    expect(draft[2]!.logs[2]).toMatchObject({ on: true, start: { surah: 78, ayah: 1 }, end: { surah: 78, ayah: 5 }, status: "partial", grade: 4 });
    expect(draft[2]!.logs[2]!.mistakes).toEqual([{ ayah: 5675, metricId: 7 }]);
  });

  it("prefers a body still waiting on the phone to what the server has", () => {
    const waiting = {
      sessionId: 5,
      hafiz: [
        { hafizId: 2, attendance: "absent" as const, logs: [] },
        {
          hafizId: 1,
          attendance: "late" as const,
          logs: [{ recitationTypeId: 1, startAyah: 5678, endAyah: 5680, status: "completed" as const, metrics: {}, mistakes: [] }],
        },
      ],
    };
    const draft = startingDraft(reply, types, [], waiting);
    expect(draft[2]!.attendance).toBe("absent");
    expect(draft[2]!.logs[2]!.on).toBe(false);
    expect(draft[1]).toMatchObject({ attendance: "late", logs: { 1: { on: true, end: { surah: 78, ayah: 8 } } } });
  });

  it("sends every seated child, the streams recited by those who came, ranges as global ayahs and counted metrics only", () => {
    const draft = startingDraft(reply, types, []);
    draft[1]!.logs[1] = withMistake({ ...draft[1]!.logs[1]!, on: true, end: { surah: 78, ayah: 9 }, grade: 5 }, { ayah: 5679, metricId: 7 }, metrics);
    draft[2]!.attendance = "excused";
    const body = sittingBody(5, reply.hafiz, types, draft);
    expect(body).toEqual({
      sessionId: 5,
      hafiz: [
        {
          hafizId: 1,
          attendance: "present",
          logs: [
            {
              recitationTypeId: 1,
              startAyah: 5678,
              endAyah: 5681,
              status: "completed",
              grade: 5,
              metrics: { "7": 1 },
              mistakes: [{ ayah: 5679, metricId: 7 }],
            },
          ],
        },
        { hafizId: 2, attendance: "excused", logs: [] },
      ],
    });
    // Removing the pinned mistake takes its count off the metric too.
    expect(withoutMistake(draft[1]!.logs[1]!, 0, metrics)).toMatchObject({ mistakes: [], metrics: { "7": 0 } });
  });

  it("finds a range ending before it starts and a mistake left outside the range, and places the server's field paths", () => {
    const draft = startingDraft(reply, types, []);
    draft[1]!.logs[1] = { ...draft[1]!.logs[1]!, on: true, start: { surah: 78, ayah: 6 }, end: { surah: 78, ayah: 2 } };
    draft[2]!.logs[2] = { ...draft[2]!.logs[2]!, end: { surah: 78, ayah: 3 }, mistakes: [{ ayah: 5677, metricId: 7 }] };
    expect(draftProblems(draft)).toEqual({ "1.1.endAyah": "hifz:halqa.problems.rangeOrder", "2.2.mistakes": "hifz:halqa.problems.mistakeOutside" });
    const body = { sessionId: 5, hafiz: [{ hafizId: 1, attendance: "present" as const, logs: [{ recitationTypeId: 1 } as never] }] };
    expect(fieldOfIssue(body, "hafiz.0.logs.0.mistakes.1.ayah")).toEqual({ hafizId: 1, typeId: 1, field: "mistakes" });
    expect(fieldOfIssue(body, "hafiz.0.attendance")).toEqual({ hafizId: 1, typeId: undefined, field: "attendance" });
    expect(fieldOfIssue(body, "sessionId")).toBeNull();
  });
});
