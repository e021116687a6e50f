import type { ColumnSpec, ResourceDefinition } from "@taleem/contract";
import { api } from "../../lib/api";
import { formatDate, formatNumber, schoolDay } from "../../lib/format";
import type { FilterOption } from "./list-filters";
import { minorDigits } from "./money";
import { type ListParams, resourceUrl } from "./resource-keys";
import type { useResourceTexts } from "./resource-texts";
import type { ListReply } from "./use-resource";

type Texts = ReturnType<typeof useResourceTexts>;

/** The most rows one list call returns (the contract's `limit` maximum). */
const PAGE = 500;

/**
 * Every row the list's filters, search and sort match, not only the page on screen: paged
 * through the list call itself, so the tenant scope, the permission and the filters are the
 * list's own.
 */
export async function fetchAllRows(definition: Pick<ResourceDefinition, "path">, params: ListParams): Promise<Record<string, unknown>[]> {
  const { page: _page, limit: _limit, ...query } = params;
  const rows: Record<string, unknown>[] = [];
  for (let page = 1; ; page++) {
    const reply = await api.get<ListReply<Record<string, unknown>>>(resourceUrl(definition.path), { ...query, page, limit: PAGE });
    rows.push(...reply.rows);
    if (reply.rows.length < PAGE || rows.length >= reply.count) return rows;
  }
}

const tagText = (v: unknown) =>
  typeof v === "object" && v !== null ? String((v as { roleName?: string; name?: string }).roleName ?? (v as { name?: string }).name ?? "") : String(v);

/** A cell as plain text (or a number) for a spreadsheet or a printed page, in the reader's language. */
export function plainCell(definition: ResourceDefinition, texts: Texts, column: ColumnSpec, row: Record<string, unknown>): string | number {
  const value = row[column.key];
  if (value === null || value === undefined || value === "") return "";
  const translated = definition.fields.some((f) => f.key === column.key && f.options);
  switch (column.kind) {
    case "number":
    case "year":
      return Number(value);
    case "money":
      // A sheet sums amounts: the major units as a number (1250.5), not the shown text.
      return Number(value) / 10 ** minorDigits();
    case "date":
      return formatDate(String(value));
    case "boolean":
      return value ? texts.t("admin:common.yes") : texts.t("admin:common.no");
    case "tags":
      return (Array.isArray(value) ? value : [value]).map(tagText).join(", ");
    case "name": {
      const native = row[`${column.key}Native`];
      return typeof native === "string" && native ? `${String(value)} / ${native}` : String(value);
    }
    default:
      return translated || column.kind === "status" ? texts.option(column.key, String(value)) : String(value);
  }
}

/** The filters a list was narrowed by, as "label: value" lines for the printed page and the sheet's header. */
export function filterLines(
  definition: ResourceDefinition,
  texts: Texts,
  params: ListParams,
  filterOptions: Partial<Record<string, FilterOption[]>> = {},
): string[] {
  const lines: string[] = [];
  if (params.q) lines.push(`${texts.t("admin:filters.search")}: ${params.q}`);
  for (const [key, kind] of Object.entries(definition.filters)) {
    const value = params[key];
    if (value === undefined || value === "") continue;
    const v = String(value);
    const shown =
      kind === "from" || kind === "to"
        ? formatDate(v)
        : kind === "boolean"
          ? texts.t(v === "true" ? "admin:common.yes" : "admin:common.no")
          : (filterOptions[key]?.find((o) => o.value === v)?.label ?? texts.option(key, v));
    lines.push(`${texts.field(key)}: ${shown}`);
  }
  return lines;
}

/** What a list's file is called: what it holds and the day, `students-2026-11-23.xlsx`. */
export function exportFileName(definition: Pick<ResourceDefinition, "i18n">, extension: string): string {
  const what = definition.i18n.split(":").pop() ?? "list";
  return `${what.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase()}-${schoolDay()}.${extension}`;
}

/** "12 rows" in the reader's digits. */
export const countText = (texts: Texts, n: number) => texts.t("common:listOutput.count", { count: n, n: formatNumber(n) });
