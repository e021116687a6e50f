import { type ChecklistAnswer, type ChecklistLogRow, can, type checklistLogResource, IMAGE_TYPES, periodOf } from "@taleem/contract";
import { and, eq, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { RequestContext } from "../../platform/actions/request-context.js";
import { users } from "../../platform/auth/users.table.js";
import { requireUploads } from "../../platform/files/uploads.js";
import { badRequest, conflict } from "../../platform/http/errors.js";
import { schoolToday } from "../../platform/tenancy/school-calendar.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { assigneesOf, type ChecklistRecord, checklistsByIds, scheduleOf } from "./checklists.service.js";
import { checklistLogs } from "./checklists.table.js";

export type ChecklistLogRecord = typeof checklistLogs.$inferSelect;
type AnswerInput = z.infer<typeof checklistLogResource.create>["answers"][number];

/** A reviewer sees every submission; anyone else only their own. */
export const logScope = (ctx: RequestContext): SQL | undefined =>
  can(ctx.principal.permissions, "checklists", "review") ? undefined : eq(checklistLogs.submittedBy, ctx.principal.userId);

/**
 * The answers checked against the checklist's items, in the items' order: every item answered
 * with a value of its kind, a photo where the item asks for one, each photo this school's own
 * upload. The question is kept with its answer as it was asked.
 */
export async function checkAnswers(scope: TenantScope, checklist: ChecklistRecord, input: AnswerInput[]): Promise<ChecklistAnswer[]> {
  const byItem = new Map(input.map((a) => [a.itemId, a]));
  if (byItem.size !== input.length) throw badRequest("checklist.answer_twice", "Each item is answered once.", { field: "answers" });
  const unknown = input.findIndex((a) => !checklist.items.some((i) => i.id === a.itemId));
  if (unknown >= 0) throw badRequest("checklist.unknown_item", "An answer names an item this checklist does not have.", { field: `answers.${unknown}.itemId` });
  const answers = checklist.items.map((item, n): ChecklistAnswer => {
    const a = byItem.get(item.id);
    const field = `answers.${n}`;
    const value = typeof a?.value === "string" && !a.value ? null : (a?.value ?? null);
    if (value === null) throw badRequest("checklist.unanswered", `Answer "${item.question}".`, { field, item: item.question });
    const expected = { yesno: "boolean", number: "number", text: "string" }[item.kind];
    if (typeof value !== expected)
      throw badRequest("checklist.wrong_answer", `"${item.question}" takes a ${item.kind === "yesno" ? "yes or no" : item.kind}.`, {
        field,
        item: item.question,
      });
    if (item.photoRequired && !a?.photo)
      throw badRequest("checklist.photo_required", `"${item.question}" needs a photo.`, { field: `${field}.photo`, item: item.question });
    return { itemId: item.id, question: item.question, kind: item.kind, value, photo: a?.photo ?? null };
  });
  for (const [n, a] of answers.entries()) {
    if (a.photo) await requireUploads(scope, [a.photo], { types: IMAGE_TYPES, field: `answers.${n}.photo` });
  }
  return answers;
}

/**
 * Where a submission belongs: the period of `day` (today when not given) in the checklist's
 * schedule, not a future one, and the submitter one of the people who must submit it.
 */
export async function periodToSubmit(ctx: RequestContext, checklist: ChecklistRecord, day: string | null | undefined) {
  if (checklist.status !== "active") throw conflict("checklist.inactive", "This checklist is not in use.", { field: "checklistId" });
  const today = await schoolToday(ctx.scope);
  const period = periodOf(scheduleOf(checklist), day ?? today);
  if (!period) throw badRequest("checklist.outside_schedule", "This checklist is not due on that day.", { field: "startDate" });
  if (period.startDate > today) throw badRequest("checklist.future_period", "A period that has not begun cannot be submitted.", { field: "startDate" });
  const assignees = (await assigneesOf(ctx.scope, [checklist])).get(checklist.id) ?? [];
  if (!assignees.includes(ctx.principal.userId))
    throw badRequest("checklist.not_assigned", "You are not among the people who submit this checklist.", { field: "checklistId" });
  return period;
}

/** The submission already made (or marked missed) for this checklist, person and period, if any. */
export async function existingLog(scope: TenantScope, checklistId: number, userId: number, startDate: string) {
  const [row] = await scope.db
    .select()
    .from(checklistLogs)
    .where(
      scope.where(
        checklistLogs,
        eq(checklistLogs.checklistId, checklistId),
        and(eq(checklistLogs.submittedBy, userId), eq(checklistLogs.startDate, startDate)),
      ),
    );
  return row;
}

/** What a (re)submission writes: it goes to the office again, its earlier review cleared. */
export const submitted = (answers: ChecklistAnswer[], comments: string | null | undefined) => ({
  answers,
  ...(comments !== undefined ? { comments } : {}),
  status: "submitted" as const,
  submittedAt: new Date(),
  reviewedBy: null,
  reviewedAt: null,
  reviewComments: null,
});

/** Rows as the list shows them: the checklist's name and the people's names beside their ids. */
export async function presentLogs(scope: TenantScope, rows: ChecklistLogRecord[]): Promise<ChecklistLogRow[]> {
  const [names, people] = await Promise.all([
    checklistsByIds(
      scope,
      rows.map((r) => r.checklistId),
    ),
    scope.namesById(
      users,
      rows.flatMap((r) => [r.submittedBy, r.reviewedBy]),
    ),
  ]);
  return rows.map((r) => ({
    ...r,
    checklistName: names.get(r.checklistId)?.name ?? "",
    submitterName: people.get(r.submittedBy) ?? "",
    reviewerName: r.reviewedBy ? (people.get(r.reviewedBy) ?? null) : null,
  })) as unknown as ChecklistLogRow[];
}
