import { parse } from "csv-parse/sync";

/** One bad cell of an import: the sheet's row number (the header is row 1), the column and why. */
export interface ImportProblem {
  row: number;
  column: string;
  message: string;
}

export interface ImportColumn {
  key: string;
  required?: boolean;
  /** Other header spellings people use ("admission number", "adm no"). */
  aliases?: readonly string[];
}

export interface CsvTable {
  /** Data rows keyed by column key, with their sheet row numbers. */
  rows: { row: number; values: Record<string, string> }[];
  /** The columns the sheet has. */
  present: Set<string>;
}

/** Header cells compared without case, spaces, dots, dashes or underscores. */
const fold = (s: string) => s.toLowerCase().replace(/[\s._\-/]+/g, "");

/**
 * Reads a CSV with a header row against the columns an import knows: required columns must be
 * there, unknown or repeated columns are reported, blank rows are skipped. Every problem is
 * collected, never just the first.
 */
export function readCsv(text: string, columns: readonly ImportColumn[], maxRows = 5000): { table: CsvTable; problems: ImportProblem[] } {
  const problems: ImportProblem[] = [];
  let records: string[][];
  try {
    records = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: false, trim: true }) as string[][];
  } catch (e) {
    const line = (e as { lines?: number }).lines ?? 1;
    return { table: { rows: [], present: new Set() }, problems: [{ row: line, column: "", message: `The file is not valid CSV: ${(e as Error).message}` }] };
  }
  const [header = [], ...body] = records;
  const byName = new Map<string, string>();
  for (const c of columns) for (const n of [c.key, ...(c.aliases ?? [])]) byName.set(fold(n), c.key);
  const keys: (string | undefined)[] = [];
  const present = new Set<string>();
  header.forEach((cell) => {
    if (!cell) {
      keys.push(undefined);
      return;
    }
    const key = byName.get(fold(cell));
    if (!key) problems.push({ row: 1, column: cell, message: `Unknown column "${cell}". Known columns: ${columns.map((c) => c.key).join(", ")}.` });
    else if (present.has(key)) problems.push({ row: 1, column: cell, message: `The column ${key} appears twice.` });
    else present.add(key);
    keys.push(key && !keys.includes(key) ? key : undefined);
  });
  for (const c of columns) {
    if (c.required && !present.has(c.key)) problems.push({ row: 1, column: c.key, message: `The required column ${c.key} is missing.` });
  }
  const rows: CsvTable["rows"] = [];
  body.forEach((cells, i) => {
    if (cells.every((c) => !c)) return;
    const row = i + 2;
    const values: Record<string, string> = {};
    cells.forEach((cell, j) => {
      const key = keys[j];
      if (key) values[key] = cell;
      else if (cell && j >= header.length) problems.push({ row, column: `#${j + 1}`, message: "This cell has no column header." });
    });
    rows.push({ row, values });
  });
  if (rows.length > maxRows) problems.push({ row: maxRows + 2, column: "", message: `At most ${maxRows} rows can be imported at once.` });
  if (!rows.length && !problems.length) problems.push({ row: 2, column: "", message: "The sheet has no rows to import." });
  return { table: { rows, present }, problems };
}
