import { stringify } from "csv-stringify/sync";
import ExcelJS from "exceljs";
import { badRequest } from "../http/errors.js";

/**
 * A cell a spreadsheet would read as a formula (= + - @, or a tab or carriage return first) is
 * written with a leading apostrophe, so a name like `=HYPERLINK(...)` stays text.
 */
export const safeCell = (v: string | null | undefined) => (v && /^[=+\-@\t\r]/.test(v) ? `'${v}` : (v ?? ""));

// An .xlsx is a zip: its first bytes say so whatever the name claims.
const XLSX_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** A cell as text: dates as YYYY-MM-DD, rich text and formulas by what they show. */
function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return "";
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === "object") {
    if ("richText" in v) return v.richText.map((r) => r.text).join("");
    if ("result" in v) return cellText((v as { result?: ExcelJS.CellValue }).result ?? null);
    if ("text" in v) return String((v as { text: unknown }).text);
    if ("error" in v) return "";
  }
  return String(v);
}

/** A spreadsheet sent as base64 (or a data URL): an .xlsx's first sheet or a .csv, as CSV text. */
export async function spreadsheetText(fileName: string, data: string): Promise<string> {
  const bytes = Buffer.from(data.replace(/^data:[^,]*,/, ""), "base64");
  const ext = /\.([a-z]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (ext === "xlsx") {
    if (!bytes.subarray(0, 4).equals(XLSX_MAGIC)) throw badRequest("import.bad_file", `${fileName} is not an Excel (.xlsx) file.`, { field: "data" });
    const book = new ExcelJS.Workbook();
    try {
      await book.xlsx.load(bytes as unknown as Parameters<typeof book.xlsx.load>[0]);
    } catch {
      throw badRequest("import.bad_file", `${fileName} could not be read as an Excel file.`, { field: "data" });
    }
    const sheet = book.worksheets[0];
    if (!sheet) throw badRequest("import.bad_file", `${fileName} has no sheet.`, { field: "data" });
    const rows: string[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row, n) => {
      const values = (row.values as ExcelJS.CellValue[]).slice(1);
      rows[n - 1] = values.map(cellText);
    });
    return stringify(Array.from(rows, (r) => r ?? []));
  }
  if (ext === "csv") {
    if (bytes.includes(0)) throw badRequest("import.bad_file", `${fileName} is not a text (CSV) file.`, { field: "data" });
    return bytes.toString("utf8");
  }
  throw badRequest("import.bad_file", "Send an Excel (.xlsx) or CSV (.csv) file.", { field: "fileName" });
}
