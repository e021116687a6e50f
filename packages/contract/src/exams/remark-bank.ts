/**
 * Common report-card remarks a teacher picks from; their words are the `remarkBank.<key>` texts of
 * the exams namespace in all five languages, and the chosen words are stored as typed.
 */
export const REMARK_BANK = [
  "excellent",
  "consistent",
  "improving",
  "participates",
  "neatWork",
  "moreReading",
  "practiceMaths",
  "homework",
  "attendance",
  "hifzRevision",
] as const;
export type RemarkKey = (typeof REMARK_BANK)[number];
