/** What a list's spreadsheet holds: the school's header, the filters, the columns and the rows. */
export interface ListSheet {
  school: { name: string; logo: string | null };
  title: string;
  /** "Filters: ..." and "Exported on ..." lines under the title. */
  notes: string[];
  headers: string[];
  rows: (string | number)[][];
  rightToLeft: boolean;
  fileName: string;
}

/** A logo the sheet can hold (exceljs takes PNG and JPEG); none when it cannot be read. */
async function logoImage(path: string | null): Promise<{ buffer: ArrayBuffer; extension: "png" | "jpeg" } | null> {
  if (!path) return null;
  try {
    const res = await fetch(path, { credentials: "include" });
    const type = res.headers.get("content-type") ?? "";
    if (!res.ok || !/image\/(png|jpeg)/.test(type)) return null;
    return { buffer: await res.arrayBuffer(), extension: type.includes("png") ? "png" : "jpeg" };
  } catch {
    return null;
  }
}

/** Saves a file the browser made (a download link clicked for the person). */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Writes the list as an .xlsx and downloads it. exceljs is large, so it is loaded only when a
 * person exports (it stays out of every page's first chunks).
 */
export async function downloadSpreadsheet(sheet: ListSheet): Promise<void> {
  const mod = await import("exceljs");
  const ExcelJS = (mod as unknown as { default?: typeof mod }).default ?? mod;
  const workbook = new ExcelJS.Workbook();
  workbook.creator = sheet.school.name;
  // A sheet's name: at most 31 characters, none of []:*?/\
  const ws = workbook.addWorksheet(sheet.title.replace(/[[\]:*?/\\]/g, " ").slice(0, 31) || "List", {
    views: [{ rightToLeft: sheet.rightToLeft, state: "frozen", ySplit: 3 + sheet.notes.length }],
  });
  const logo = await logoImage(sheet.school.logo);
  // With a logo, the header's texts start in the second column, beside it.
  const first = logo ? 2 : 1;
  const nameRow = ws.getRow(1);
  nameRow.getCell(first).value = sheet.school.name;
  nameRow.getCell(first).font = { bold: true, size: 14 };
  nameRow.height = logo ? 40 : 20;
  ws.getRow(2).getCell(first).value = sheet.title;
  ws.getRow(2).getCell(first).font = { bold: true, size: 12 };
  sheet.notes.forEach((note, i) => {
    ws.getRow(3 + i).getCell(first).value = note;
  });
  if (logo) {
    const id = workbook.addImage({ buffer: logo.buffer as never, extension: logo.extension });
    ws.addImage(id, { tl: { col: 0, row: 0 }, ext: { width: 48, height: 48 } });
  }
  const headerRow = ws.getRow(3 + sheet.notes.length);
  headerRow.values = sheet.headers;
  headerRow.font = { bold: true };
  headerRow.eachCell((cell) => {
    cell.fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FFE6F4F1" } };
    cell.border = { bottom: { style: "thin" } };
  });
  for (const row of sheet.rows) ws.addRow(row);
  ws.autoFilter = { from: { row: headerRow.number, column: 1 }, to: { row: headerRow.number, column: sheet.headers.length } };
  sheet.headers.forEach((h, i) => {
    const longest = Math.max(h.length, ...sheet.rows.map((r) => String(r[i] ?? "").length));
    ws.getColumn(i + 1).width = Math.min(50, Math.max(10, longest + 2));
  });
  const buffer = await workbook.xlsx.writeBuffer();
  saveBlob(new Blob([buffer], { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" }), sheet.fileName);
}
