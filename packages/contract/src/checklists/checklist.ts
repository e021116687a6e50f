import { z } from "zod";
import { defineAction, IdParams } from "../action.js";
import * as field from "../fields.js";
import { defineResource } from "../resource.js";
import { RowId, Status } from "../values.js";
import { ChecklistFrequency } from "./periods.js";

/** How an item is answered: yes or no, a few words, or a number (a count, a temperature). */
export const ChecklistItemKind = z.enum(["yesno", "text", "number"]);
export type ChecklistItemKind = z.infer<typeof ChecklistItemKind>;

/** An item as the editor sends it: an item kept from before carries its id, so its answers stay its own. */
export const ChecklistItemInput = z.object({
  id: z.number().int().positive().optional(),
  question: z.string().trim().min(1).max(300),
  kind: ChecklistItemKind,
  photoRequired: z.boolean().default(false),
});
export const ChecklistItem = z.object({ id: z.number(), question: z.string(), kind: ChecklistItemKind, photoRequired: z.boolean() });
export type ChecklistItem = z.infer<typeof ChecklistItem>;

const Assignees = z
  .array(RowId)
  .max(500)
  .transform((ids) => [...new Set(ids)]);

/**
 * A checklist someone must submit each period (a warden's night round, a teacher's weekly plan):
 * its items in order, and who submits it (chosen people, everyone holding a role, or both).
 */
export const checklistResource = defineResource({
  path: "checklists",
  module: "checklists",
  i18n: "checklists:checklists",
  fields: {
    name: field.text(120).required().search().sort().column().summary(),
    category: field.text(60).filter().search().column(),
    frequency: field.choice(ChecklistFrequency).required().filter().column("status"),
    /** The first day it is due; today when left out. */
    startsOn: field.date().column("date"),
    /** The last day it is due (a `once` checklist's due date). */
    endsOn: field.date(),
    items: field.shaped(z.array(ChecklistItemInput).min(1).max(100), z.array(ChecklistItem)).required().form({ kind: "rows" }),
    itemCount: field.readOnly(z.number()).column("number"),
    assigneeIds: field
      .shaped(Assignees, z.array(z.number()))
      .default([])
      .form({ kind: "multiselect", ref: { resource: "user", label: "name" } }),
    roleId: field.ref("role").filter(),
    status: field.choice(Status).default("active").filter().column("status"),
  },
  defaultSort: "name",
  /** `mine=true`: the checklists the caller must submit (named, or through their role). */
  filters: { mine: "boolean" },
  refine: (create) =>
    create
      .refine((b) => b.assigneeIds.length > 0 || !!b.roleId, { message: "Choose who submits it: people or a role", path: ["assigneeIds"] })
      .refine((b) => !b.startsOn || !b.endsOn || b.endsOn >= b.startsOn, { message: "It ends before it starts", path: ["endsOn"] }),
});
export type ChecklistRow = z.infer<typeof checklistResource.row>;

const OneChecklist = z.object({ message: z.string(), data: checklistResource.row });

/** GET checklists/{id}: one checklist with its items. */
export const getChecklist = defineAction({
  method: "GET",
  path: "/admin/api/checklists/:id",
  module: "checklists",
  permission: ["checklists", "view"],
  family: "scoped",
  summary: "One checklist with its items",
  params: IdParams,
  reply: OneChecklist,
  errors: [404],
});

/** PUT checklists/{id}: the spec's update, the id in the path; `items`, when given, replaces the list in its order. */
export const updateChecklist = defineAction({
  method: "PUT",
  path: "/admin/api/checklists/:id",
  module: "checklists",
  permission: ["checklists", "edit"],
  summary: "Update a checklist (items, when given, replace its items in their order)",
  params: IdParams,
  body: checklistResource.update.omit({ id: true }),
  reply: OneChecklist,
  errors: [404],
  refreshes: ["checklists"],
});

/** POST checklists/{id}/clone: a copy with its items, named "<name> (copy)". */
export const cloneChecklist = defineAction({
  method: "POST",
  path: "/admin/api/checklists/:id/clone",
  module: "checklists",
  permission: ["checklists", "add"],
  summary: "Copy a checklist with its items",
  params: IdParams,
  reply: OneChecklist,
  errors: [404],
  refreshes: ["checklists"],
});
