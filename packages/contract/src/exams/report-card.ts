import { z } from "zod";

/**
 * One student's result in an exam set (or in one term's examination): the same object the report
 * card screen, the parent's page and the mark-sheets PDF show. Worked out on the server from the
 * marks, the set's weights and the school's grade scale; nothing here is stored.
 */

/** present: marks given. absent: sat no paper (counts as nothing, fails the subject). exempt: left out of the totals. */
export const RESULT_STATUSES = ["present", "absent", "exempt"] as const;
export const ResultStatus = z.enum(RESULT_STATUSES);
export type ResultStatus = z.infer<typeof ResultStatus>;

/** Who is ranked: everyone with marks, or only those who passed every subject. */
export const RANK_RULES = ["all", "passedAll"] as const;
export const RankRule = z.enum(RANK_RULES);
export type RankRule = z.infer<typeof RankRule>;

/** How a set's terms combine: marks added up, or each term's percentage weighted (20/30/50). */
export const COMBINE_RULES = ["total", "weighted"] as const;
export const CombineRule = z.enum(COMBINE_RULES);
export type CombineRule = z.infer<typeof CombineRule>;

/** One paper of a subject in one term. */
export const ReportCardPaper = z.object({
  examMasterId: z.number(),
  examId: z.number().nullable(),
  marks: z.number().nullable(),
  status: ResultStatus.nullable(),
  maxMarks: z.number(),
  passMarks: z.number(),
});

export const ReportCardSubject = z.object({
  subjectId: z.number(),
  subjectName: z.string(),
  papers: z.array(ReportCardPaper),
  /** The subject's percentage as the set combines its terms; null when exempt or not yet marked. */
  percent: z.number().nullable(),
  grade: z.string().nullable(),
  passed: z.boolean().nullable(),
});
export type ReportCardSubject = z.infer<typeof ReportCardSubject>;

export const GradeBand = z.object({ name: z.string(), minPercent: z.number(), maxPercent: z.number(), description: z.string().nullable() });
export type GradeBand = z.infer<typeof GradeBand>;

export const ReportCard = z.object({
  /** The exam set, or the term's examination for a mark sheet. */
  source: z.object({ kind: z.enum(["examset", "exammaster"]), id: z.number(), name: z.string() }),
  /** The terms in the order the set lists them, with their weights (per cent, or null for a total). */
  terms: z.array(z.object({ examMasterId: z.number(), name: z.string(), weight: z.number().nullable() })),
  published: z.boolean(),
  studentId: z.number(),
  studentName: z.string(),
  studentNameNative: z.string().nullable(),
  admissionNo: z.string(),
  classroomId: z.number(),
  classroomLabel: z.string(),
  rollNo: z.number().nullable(),
  subjects: z.array(ReportCardSubject),
  totalMarks: z.number(),
  totalMax: z.number(),
  /** Overall percentage to two places; null until a subject is marked. */
  percent: z.number().nullable(),
  grade: z.string().nullable(),
  passed: z.boolean().nullable(),
  /** Standard competition ranks (1, 2, 2, 4); null when the rule leaves the student unranked. */
  classRank: z.number().nullable(),
  overallRank: z.number().nullable(),
  rankRule: RankRule,
  /** Days present of days marked in the term's dates, when the school keeps a register. */
  attendance: z.object({ present: z.number(), total: z.number() }).nullable(),
  remarks: z.string().nullable(),
  /** The scale the grades came from, and whose it is. */
  scale: z.object({ source: z.enum(["batch-course", "batch", "course", "school"]), bands: z.array(GradeBand) }),
});
export type ReportCard = z.infer<typeof ReportCard>;
