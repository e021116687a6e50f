import { LANGUAGES } from "@taleem/contract";
import type { Cells } from "./spreadsheet";

/** The columns an import reads, in the order of the template. */
export const IMPORT_COLUMNS = ["name", "mobile", "username", "email", "role", "language", "password"] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];
export type ImportRow = Partial<Record<ImportColumn, string>>;

const norm = (s: string) => s.toLocaleLowerCase().replace(/[\s_\-.:*()]/g, "");

/** Header words a school's own sheet may use for each column. */
const ALIASES: Record<ImportColumn, string[]> = {
  name: ["name", "fullname", "personname"],
  mobile: ["mobile", "mobileno", "mobilenumber", "phone", "phoneno", "phonenumber", "contact", "whatsapp"],
  username: ["username", "login", "loginname", "userid"],
  email: ["email", "emailaddress", "mail", "emailid"],
  role: ["role", "roles", "profile", "type"],
  language: ["language", "lang"],
  password: ["password", "pass"],
};

const LANGUAGE_WORDS: Record<string, string> = {
  english: "en",
  tamil: "ta",
  தமிழ்: "ta",
  urdu: "ur",
  اردو: "ur",
  arabic: "ar",
  العربية: "ar",
  malayalam: "ml",
  മലയാളം: "ml",
};

/**
 * Which column of the sheet holds which field: the English header words, or the field's label
 * in the reader's language (a sheet made from the translated template).
 */
export function mapHeaders(headers: string[], label: (c: ImportColumn) => string): (ImportColumn | null)[] {
  return headers.map((h) => {
    const n = norm(h);
    return IMPORT_COLUMNS.find((c) => ALIASES[c].includes(n) || norm(label(c)) === n) ?? null;
  });
}

/** The rows as the bulk call takes them: known columns only, language names read as codes. */
export function toImportRows(cells: Cells, columns: (ImportColumn | null)[]): ImportRow[] {
  return cells.slice(1).map((cells) => {
    const row: ImportRow = {};
    columns.forEach((c, i) => {
      const v = (cells[i] ?? "").trim();
      if (!c || v === "") return;
      if (c === "language") {
        const l = v.toLocaleLowerCase();
        row.language = (LANGUAGES as readonly string[]).includes(l) ? l : (LANGUAGE_WORDS[l] ?? v);
      } else row[c] = v;
    });
    return row;
  });
}
