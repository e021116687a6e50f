/** A spreadsheet as rows of cell texts, the first row being the headers. */
export type Cells = string[][];

/** Reads CSV (RFC 4180: quoted cells, doubled quotes, line breaks inside quotes); the delimiter is guessed from the first line. */
export function parseCsv(text: string): Cells {
  const src = text.replace(/^\uFEFF/, "");
  const firstLine = src.split(/\r?\n/, 1)[0] ?? "";
  const delimiter = [",", ";", "\t"].reduce((best, d) => (firstLine.split(d).length > firstLine.split(best).length ? d : best), ",");
  const rows: Cells = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === "") quoted = true;
    else if (c === delimiter) {
      row.push(cell);
      cell = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && src[i + 1] === "\n") i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += c;
  }
  if (cell !== "" || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows.filter((r) => r.some((c) => c.trim() !== ""));
}

/**
 * Reads the first sheet of an .xlsx file. exceljs is large, so it is loaded only here, when a
 * person actually opens a spreadsheet, and stays out of every other chunk.
 */
async function parseXlsx(file: File): Promise<Cells> {
  const mod = await import("exceljs");
  const ExcelJS = (mod as unknown as { default?: typeof mod }).default ?? mod;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await file.arrayBuffer());
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: Cells = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    for (let c = 1; c <= row.cellCount; c++) cells.push(row.getCell(c).text ?? "");
    if (cells.some((v) => v.trim() !== "")) rows.push(cells);
  });
  return rows;
}

export class SpreadsheetError extends Error {
  constructor(readonly reason: "type" | "empty" | "unreadable") {
    super(reason);
  }
}

export async function readSpreadsheet(file: File): Promise<Cells> {
  const name = file.name.toLowerCase();
  let cells: Cells;
  try {
    if (name.endsWith(".csv") || name.endsWith(".txt")) cells = parseCsv(await file.text());
    else if (name.endsWith(".xlsx")) cells = await parseXlsx(file);
    else throw new SpreadsheetError("type");
  } catch (e) {
    throw e instanceof SpreadsheetError ? e : new SpreadsheetError("unreadable");
  }
  if (cells.length < 2) throw new SpreadsheetError("empty");
  return cells;
}

/** A CSV file from rows, quoting what needs it. */
export function toCsv(rows: string[][]): string {
  const quote = (v: string) => (/[",\r\n;]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
  return `${rows.map((r) => r.map(quote).join(",")).join("\r\n")}\r\n`;
}
