import { addDays, ChecklistExportRow, type ChecklistGroupBy, type ChecklistLogStatus, type ChecklistStat, periodsBetween, weekStart } from "@taleem/contract";
import { stringify } from "csv-stringify/sync";
import { and, asc, eq, gte, inArray, lte } from "drizzle-orm";
import type { z } from "zod";
import { users } from "../../platform/auth/users.table.js";
import { safeCell } from "../../platform/files/spreadsheet-text.js";
import { badRequest } from "../../platform/http/errors.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { assigneesOf, checklistsByIds, scheduleOf } from "./checklists.service.js";
import { checklistLogs, checklists } from "./checklists.table.js";

/** The longest range one report covers: a year of daily rounds by a whole staff is still small. */
const MAX_DAYS = 366;
/** Most submissions one export holds. */
const MAX_EXPORT_LOGS = 20_000;

export interface Range {
  startDate?: string;
  endDate?: string;
  checklistId?: number;
}

/** The range asked for, up to today (later periods have not begun): the last four weeks by default. */
function rangeOf(r: Range, today: string) {
  const endDate = r.endDate && r.endDate < today ? r.endDate : today;
  const startDate = r.startDate ?? addDays(endDate, -27);
  if (startDate > endDate) throw badRequest("checklist.bad_range", "The range ends before it starts.", { field: "startDate" });
  if (startDate < addDays(endDate, -MAX_DAYS))
    throw badRequest("checklist.range_too_long", `Choose at most ${MAX_DAYS} days.`, { field: "startDate", max: MAX_DAYS });
  return { startDate, endDate };
}

const SUBMITTED = new Set<ChecklistLogStatus>(["submitted", "approved", "rejected"]);

interface Cell {
  checklistId: number;
  userId: number;
  startDate: string;
  endDate: string;
  status: ChecklistLogStatus | null;
}

/**
 * Completion of checklists over a range, grouped by person, checklist or week. Each period of an
 * active checklist that begins in the range (or holds its first day) is one cell per person who
 * must submit it, plus any submission made by someone no longer among them. A cell is expected
 * once its period has ended or it has a submission; it is missed when its period ended without
 * one, whether or not the reminder sweep has marked it yet.
 */
export async function checklistStats(scope: TenantScope, r: Range & { groupBy: ChecklistGroupBy }, today: string) {
  const { startDate, endDate } = rangeOf(r, today);
  const list = await scope.db
    .select()
    .from(checklists)
    .where(scope.where(checklists, r.checklistId ? eq(checklists.id, r.checklistId) : eq(checklists.status, "active")));
  if (r.checklistId && !list.length) await scope.find(checklists, r.checklistId, "Checklist");
  const assignees = await assigneesOf(scope, list);
  const cells = new Map<string, Cell>();
  const keyOf = (c: { checklistId: number; userId: number; startDate: string }) => `${c.checklistId}|${c.userId}|${c.startDate}`;
  let earliest = startDate;
  for (const c of list) {
    const periods = periodsBetween(scheduleOf(c), startDate, endDate);
    if (periods[0] && periods[0].startDate < earliest) earliest = periods[0].startDate;
    for (const p of periods)
      for (const userId of assignees.get(c.id) ?? [])
        cells.set(keyOf({ checklistId: c.id, userId, startDate: p.startDate }), { checklistId: c.id, userId, ...p, status: null });
  }
  const logs = list.length
    ? await scope.db
        .select({
          checklistId: checklistLogs.checklistId,
          userId: checklistLogs.submittedBy,
          startDate: checklistLogs.startDate,
          endDate: checklistLogs.endDate,
          status: checklistLogs.status,
        })
        .from(checklistLogs)
        .where(
          scope.where(
            checklistLogs,
            inArray(
              checklistLogs.checklistId,
              list.map((c) => c.id),
            ),
            and(gte(checklistLogs.startDate, earliest), lte(checklistLogs.startDate, endDate)),
          ),
        )
    : [];
  for (const l of logs) cells.set(keyOf(l), l);

  const names = await scope.namesById(
    users,
    [...cells.values()].map((c) => c.userId),
  );
  const labelOf: Record<ChecklistGroupBy, (c: Cell) => [string, string]> = {
    person: (c) => [String(c.userId), names.get(c.userId) ?? ""],
    checklist: (c) => [String(c.checklistId), list.find((x) => x.id === c.checklistId)?.name ?? ""],
    week: (c) => [weekStart(c.startDate), weekStart(c.startDate)],
  };
  const groups = new Map<string, ChecklistStat>();
  const total = emptyStat("total", "");
  for (const c of cells.values()) {
    const [key, label] = labelOf[r.groupBy](c);
    const g = groups.get(key) ?? emptyStat(key, label);
    groups.set(key, g);
    for (const s of [g, total]) count(s, c, today);
  }
  const rows = [...groups.values()].map(withRate).sort((a, b) => (r.groupBy === "week" ? a.key.localeCompare(b.key) : a.label.localeCompare(b.label)));
  return { startDate, endDate, rows, total: withRate(total) };
}

const emptyStat = (key: string, label: string): ChecklistStat => ({
  key,
  label,
  expected: 0,
  submitted: 0,
  approved: 0,
  rejected: 0,
  missed: 0,
  completionRate: 0,
});

function count(s: ChecklistStat, c: Cell, today: string) {
  const sent = !!c.status && SUBMITTED.has(c.status);
  const ended = c.endDate < today;
  if (sent || ended) s.expected++;
  if (sent) s.submitted++;
  if (c.status === "approved") s.approved++;
  if (c.status === "rejected") s.rejected++;
  if (ended && !sent) s.missed++;
}

const withRate = (s: ChecklistStat): ChecklistStat => ({ ...s, completionRate: s.expected ? Math.round((100 * s.submitted) / s.expected) : 0 });

type ExportRow = z.infer<typeof ChecklistExportRow>;
const COLUMNS = Object.keys(ChecklistExportRow.shape) as (keyof ExportRow)[];

const answerText = (v: boolean | number | string | null) => (v === null ? "" : typeof v === "boolean" ? (v ? "yes" : "no") : String(v));

/** The answers of the submissions in a range (by the day each period begins), one row per answer, oldest first. */
export async function exportRows(scope: TenantScope, r: Range & { status?: ChecklistLogStatus }, today: string): Promise<ExportRow[]> {
  const { startDate, endDate } = rangeOf(r, today);
  if (r.checklistId) await scope.find(checklists, r.checklistId, "Checklist");
  const logs = await scope.db
    .select()
    .from(checklistLogs)
    .where(
      scope.where(
        checklistLogs,
        r.checklistId ? eq(checklistLogs.checklistId, r.checklistId) : undefined,
        r.status ? eq(checklistLogs.status, r.status) : undefined,
        and(gte(checklistLogs.startDate, startDate), lte(checklistLogs.startDate, endDate)),
      ),
    )
    .orderBy(asc(checklistLogs.startDate), asc(checklistLogs.id))
    .limit(MAX_EXPORT_LOGS);
  const [lists, people] = await Promise.all([
    checklistsByIds(
      scope,
      logs.map((l) => l.checklistId),
    ),
    scope.namesById(
      users,
      logs.map((l) => l.submittedBy),
    ),
  ]);
  return logs.flatMap((l) => {
    const base = {
      logId: l.id,
      checklistId: l.checklistId,
      checklist: lists.get(l.checklistId)?.name ?? "",
      submittedBy: people.get(l.submittedBy) ?? "",
      startDate: l.startDate,
      endDate: l.endDate,
      status: l.status,
      comments: l.comments ?? "",
      reviewComments: l.reviewComments ?? "",
    };
    // A missed period has no answers: it is still one row, so the sheet shows it.
    const answers = l.answers.length ? l.answers : [{ question: "", value: null, photo: null }];
    return answers.map((a) => ({ ...base, question: a.question, answer: answerText(a.value), photo: a.photo ?? "" }));
  });
}

/**
 * The rows as CSV: every text cell a spreadsheet would read as a formula (= + - @, a tab or a
 * carriage return first) is written as text, so an answer like `=HYPERLINK(...)` stays an answer.
 */
export const exportCsv = (rows: ExportRow[]) =>
  stringify([COLUMNS, ...rows.map((row) => COLUMNS.map((k) => (typeof row[k] === "string" ? safeCell(row[k] as string) : row[k])))]);
