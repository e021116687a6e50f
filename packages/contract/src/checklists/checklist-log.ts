import { z } from "zod";
import { defineAction, IdParams } from "../action.js";
import * as field from "../fields.js";
import { defineResource } from "../resource.js";
import { Instant } from "../values.js";
import { ChecklistItemKind } from "./checklist.js";

/** A submission's state: sent, accepted or sent back by the office, or missed (its period ended without one). */
export const ChecklistLogStatus = z.enum(["submitted", "approved", "rejected", "missed"]);
export type ChecklistLogStatus = z.infer<typeof ChecklistLogStatus>;

/** An item's answer as sent: true or false, a text or a number by the item's kind, and its photo. */
export const ChecklistAnswerInput = z.object({
  itemId: z.number().int().positive(),
  value: z.union([z.boolean(), z.number().finite(), z.string().trim().max(2000)]).nullable(),
  /** A photo uploaded first (POST /admin/api/upload): the server checks it is this school's. */
  photo: field.ImageUploadPath.nullish(),
});
/** An answer as kept: with the question as it was asked, so a later edit of the checklist does not rewrite history. */
export const ChecklistAnswer = z.object({
  itemId: z.number(),
  question: z.string(),
  kind: ChecklistItemKind,
  value: z.union([z.boolean(), z.number(), z.string()]).nullable(),
  photo: z.string().nullable(),
});
export type ChecklistAnswer = z.infer<typeof ChecklistAnswer>;

/**
 * One person's submission of a checklist for one period. Sending it again for the same period
 * replaces the answers (one submission per checklist, person and period); the period comes from
 * the checklist's frequency and `startDate`, any day inside it (today when left out).
 */
export const checklistLogResource = defineResource({
  path: "checklists/checklist-logs",
  module: "checklists",
  i18n: "checklists:logs",
  fields: {
    checklistId: field.ref("checklists").required().filter().writeOnce(),
    checklistName: field.readOnly(z.string()).column().summary(),
    submittedBy: field.readOnly(z.number()).filter(),
    submitterName: field.readOnly(z.string()).column("name"),
    startDate: field.date().filter("range").sort().column("date").writeOnce(),
    endDate: field.readOnly(z.string()).column("date"),
    status: field.readOnly(ChecklistLogStatus).filter().column("status"),
    answers: field.shaped(z.array(ChecklistAnswerInput).min(1).max(100), z.array(ChecklistAnswer)).required(),
    comments: field.longText(1000),
    submittedAt: field.readOnly(Instant.nullable()).sort(),
    reviewedBy: field.readOnly(z.number().nullable()),
    reviewerName: field.readOnly(z.string().nullable()),
    reviewedAt: field.readOnly(Instant.nullable()),
    reviewComments: field.readOnly(z.string().nullable()),
  },
  defaultSort: "-startDate",
});
export type ChecklistLogRow = z.infer<typeof checklistLogResource.row>;

const OneLog = z.object({ message: z.string(), data: checklistLogResource.row });

export const getChecklistLog = defineAction({
  method: "GET",
  path: "/admin/api/checklists/checklist-logs/:id",
  module: "checklists",
  permission: ["checklists", "view"],
  family: "scoped",
  summary: "One checklist submission with its answers",
  params: IdParams,
  reply: OneLog,
  errors: [404],
});

/** PUT checklist-logs/{id}: the submitter changes their answers; it goes back to the office as submitted. */
export const updateChecklistLog = defineAction({
  method: "PUT",
  path: "/admin/api/checklists/checklist-logs/:id",
  module: "checklists",
  permission: ["checklists", "edit"],
  summary: "Change a submission's answers (it is submitted again for review)",
  params: IdParams,
  body: checklistLogResource.update.omit({ id: true }),
  reply: OneLog,
  errors: [404, 409],
  refreshes: ["checklists/checklist-logs"],
});

/** PUT checklist-logs/{id}/review: approve or reject, with comments; who reviewed and when are kept. */
export const reviewChecklistLog = defineAction({
  method: "PUT",
  path: "/admin/api/checklists/checklist-logs/:id/review",
  module: "checklists",
  permission: ["checklists", "review"],
  summary: "Approve or reject a checklist submission",
  params: IdParams,
  body: z.object({ status: z.enum(["approved", "rejected"]), comments: z.string().trim().max(1000).nullish() }),
  reply: OneLog,
  errors: [404, 409],
  refreshes: ["checklists/checklist-logs"],
});
