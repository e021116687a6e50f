import { z } from "zod";
import { defineAction, FILE_TYPES, fileReply } from "../action.js";
import { DateOnly, RowId } from "../values.js";
import { ChecklistLogStatus } from "./checklist-log.js";

export const ChecklistGroupBy = z.enum(["person", "checklist", "week"]);
export type ChecklistGroupBy = z.infer<typeof ChecklistGroupBy>;

/** A date range of the office's checklist calls; at most a year. */
const Range = z.object({ startDate: DateOnly.optional(), endDate: DateOnly.optional(), checklistId: RowId.optional() });

/** One group's figures: periods due (ended, or already submitted), submitted, approved, missed. */
export const ChecklistStat = z.object({
  key: z.string(),
  label: z.string(),
  expected: z.number().int(),
  submitted: z.number().int(),
  approved: z.number().int(),
  rejected: z.number().int(),
  missed: z.number().int(),
  /** Submitted of expected, as a whole-number percent. */
  completionRate: z.number().int(),
});
export type ChecklistStat = z.infer<typeof ChecklistStat>;

/** GET checklists/analytics: completion by person, checklist or week over a date range (the last four weeks by default). */
export const checklistAnalytics = defineAction({
  method: "GET",
  path: "/admin/api/checklists/analytics",
  module: "checklists",
  permission: ["checklists", "review"],
  family: "staff",
  summary: "Checklist completion grouped by person, checklist or week",
  query: Range.extend({ groupBy: ChecklistGroupBy.default("checklist") }),
  reply: z.object({
    message: z.string(),
    groupBy: ChecklistGroupBy,
    startDate: z.string(),
    endDate: z.string(),
    rows: z.array(ChecklistStat),
    total: ChecklistStat,
  }),
});

/** One answer as the export lists it: a row per answer of each submission. */
export const ChecklistExportRow = z.object({
  logId: z.number(),
  checklistId: z.number(),
  checklist: z.string(),
  submittedBy: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  status: z.string(),
  question: z.string(),
  answer: z.string(),
  photo: z.string(),
  comments: z.string(),
  reviewComments: z.string(),
});

export const ExportFormat = z.enum(["csv", "json"]);

/** GET checklists/export: the answers as `checklist-data-{id or all}.csv`, or as JSON when format is json. */
export const exportChecklists = defineAction({
  method: "GET",
  path: "/admin/api/checklists/export",
  module: "checklists",
  permission: ["checklists", "review"],
  family: "staff",
  summary: "Checklist answers as a CSV download, or JSON",
  query: Range.extend({ format: ExportFormat.default("csv"), status: ChecklistLogStatus.optional() }),
  reply: fileReply([FILE_TYPES.csv, FILE_TYPES.json], "checklist-data-{checklistId or all}.csv"),
  errors: [404],
});
