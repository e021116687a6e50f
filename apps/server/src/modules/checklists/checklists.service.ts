import { type ChecklistItem, type checklistResource, periodOf, type Schedule } from "@taleem/contract";
import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { z } from "zod";
import { roles } from "../../platform/auth/roles.table.js";
import { profiles, users } from "../../platform/auth/users.table.js";
import { badRequest } from "../../platform/http/errors.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { checklistLogs, checklists } from "./checklists.table.js";

export type ChecklistRecord = typeof checklists.$inferSelect;
type ItemInput = z.infer<typeof checklistResource.create>["items"][number];
type ChecklistChange = Omit<z.infer<typeof checklistResource.update>, "id">;

export const scheduleOf = (c: Pick<ChecklistRecord, "frequency" | "startsOn" | "endsOn">): Schedule => c;

/**
 * The items in the order given: an item that names an id it already had keeps it (its answers
 * stay its own); a new one gets the next id of this checklist, never one used before.
 */
export function numberItems(input: ItemInput[], existing: ChecklistItem[] = []): ChecklistItem[] {
  const known = new Set(existing.map((i) => i.id));
  let next = Math.max(0, ...existing.map((i) => i.id));
  const seen = new Set<number>();
  return input.map((item, n) => {
    const id = item.id && known.has(item.id) && !seen.has(item.id) ? item.id : ++next;
    if (item.id && !known.has(item.id))
      throw badRequest("checklist.unknown_item", `Item ${n + 1} names an item this checklist does not have.`, { field: `items.${n}.id` });
    seen.add(id);
    return { id, question: item.question, kind: item.kind, photoRequired: item.photoRequired };
  });
}

/** The people named must be this school's users, the role one of its roles. */
async function checkAssignees(scope: TenantScope, assigneeIds: number[], roleId: number | null | undefined) {
  if (assigneeIds.length) {
    const found = await scope.count(users, inArray(users.id, assigneeIds));
    if (found !== assigneeIds.length) throw badRequest("checklist.unknown_person", "Choose people of this school.", { field: "assigneeIds" });
  }
  if (roleId) await scope.find(roles, roleId, "Role");
}

/** The columns of a new checklist: items numbered, the first day today when not given. */
export async function newChecklistValues(scope: TenantScope, input: z.infer<typeof checklistResource.create>, today: string) {
  await checkAssignees(scope, input.assigneeIds, input.roleId);
  return { ...input, startsOn: input.startsOn ?? today, items: numberItems(input.items) };
}

/** The columns an update writes, checked against the stored checklist. */
export async function changedChecklistValues(scope: TenantScope, existing: ChecklistRecord, input: ChecklistChange) {
  const { items, ...rest } = input as ChecklistChange & { id?: number };
  delete (rest as { id?: number }).id;
  const assigneeIds = rest.assigneeIds ?? existing.assigneeIds;
  const roleId = rest.roleId === undefined ? existing.roleId : rest.roleId;
  if (!assigneeIds.length && !roleId) throw badRequest("checklist.no_assignee", "Choose who submits it: people or a role.", { field: "assigneeIds" });
  await checkAssignees(scope, rest.assigneeIds ?? [], rest.roleId);
  const startsOn = rest.startsOn ?? existing.startsOn;
  const endsOn = rest.endsOn === undefined ? existing.endsOn : rest.endsOn;
  if (endsOn && endsOn < startsOn) throw badRequest("checklist.bad_range", "It ends before it starts.", { field: "endsOn" });
  const { startsOn: _s, ...values } = rest;
  return { ...values, ...(rest.startsOn ? { startsOn: rest.startsOn } : {}), ...(items ? { items: numberItems(items, existing.items) } : {}) };
}

export const presentChecklists = (rows: ChecklistRecord[]): z.input<typeof checklistResource.row>[] => rows.map((c) => ({ ...c, itemCount: c.items.length }));

/**
 * Who must submit each checklist: the people it names and everyone holding its role, active
 * users only, by checklist id.
 */
export async function assigneesOf(scope: TenantScope, list: Pick<ChecklistRecord, "id" | "assigneeIds" | "roleId">[]): Promise<Map<number, number[]>> {
  const named = [...new Set(list.flatMap((c) => c.assigneeIds))];
  const roleIds = [...new Set(list.flatMap((c) => c.roleId ?? []))];
  const people =
    named.length || roleIds.length
      ? await scope.db
          .selectDistinct({ userId: users.id, roleId: profiles.roleId })
          .from(users)
          .leftJoin(profiles, and(eq(profiles.tenantId, users.tenantId), eq(profiles.userId, users.id)))
          .where(
            scope.where(
              users,
              eq(users.status, "active"),
              or(named.length ? inArray(users.id, named) : undefined, roleIds.length ? inArray(profiles.roleId, roleIds) : sql`false`),
            ),
          )
      : [];
  return new Map(
    list.map((c) => {
      const ids = people.filter((p) => c.assigneeIds.includes(p.userId) || (c.roleId && p.roleId === c.roleId)).map((p) => p.userId);
      return [c.id, [...new Set(ids)]];
    }),
  );
}

/** The checklist rows of these ids (any status), by id. */
export async function checklistsByIds(scope: TenantScope, ids: number[]): Promise<Map<number, ChecklistRecord>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await scope.db
    .select()
    .from(checklists)
    .where(scope.where(checklists, inArray(checklists.id, unique)));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * The checklists due from a person on `today`: active ones naming them or a role they hold, whose
 * period holding today has no submission from them yet, or one the office sent back. Two statements.
 */
export async function checklistsDueTo(scope: TenantScope, userId: number, today: string) {
  const mine = await scope.db
    .select()
    .from(checklists)
    .where(
      scope.where(
        checklists,
        eq(checklists.status, "active"),
        or(
          sql`${checklists.assigneeIds} @> ${JSON.stringify([userId])}::jsonb`,
          inArray(
            checklists.roleId,
            scope.db
              .select({ roleId: profiles.roleId })
              .from(profiles)
              .where(scope.where(profiles, eq(profiles.userId, userId))),
          ),
        ),
      ),
    );
  const current = mine.flatMap((c) => {
    const period = periodOf(scheduleOf(c), today);
    return period ? [{ checklist: c, period }] : [];
  });
  if (!current.length) return [];
  const logs = await scope.db
    .select({ checklistId: checklistLogs.checklistId, startDate: checklistLogs.startDate, status: checklistLogs.status })
    .from(checklistLogs)
    .where(
      scope.where(
        checklistLogs,
        eq(checklistLogs.submittedBy, userId),
        inArray(
          checklistLogs.checklistId,
          current.map((c) => c.checklist.id),
        ),
      ),
    );
  return current
    .map(({ checklist, period }) => ({ checklist, period, log: logs.find((l) => l.checklistId === checklist.id && l.startDate === period.startDate) }))
    .filter(({ log }) => !log || log.status === "rejected")
    .map(({ checklist, period, log }) => ({
      checklistId: checklist.id,
      name: checklist.name,
      frequency: checklist.frequency,
      ...period,
      sentBack: log?.status === "rejected",
    }));
}
