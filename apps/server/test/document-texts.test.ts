import { LANGUAGES } from "@taleem/contract";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain script of the repository, with no type declarations.
import { findParityProblems } from "../../../scripts/locale-keys.mjs";
import { CONSENT, FIELD_LABELS, GENDER_LABELS, PRINT, RECEIVED } from "../src/modules/admissions/admission-texts.js";
import { DEFAULT_TEMPLATES } from "../src/modules/communication/default-templates.js";
import { DOC_TEXTS } from "../src/modules/exams/exam-documents.texts.js";
import { HEAD_TEXTS, MODE_TEXTS, RECEIPT_TEXTS } from "../src/modules/fees/fee-documents.texts.js";
import { MESSAGE_TEXTS } from "../src/platform/messaging/texts.js";

type Table = Record<string, Partial<Record<string, string>>>;

/** The server's tables of texts, as the web app's files are read: language -> "table.key" -> text. */
function byLanguage(tables: Record<string, Table>): Map<string, Map<string, string>> {
  const out = new Map(LANGUAGES.map((lng) => [lng as string, new Map<string, string>()]));
  for (const [name, table] of Object.entries(tables)) {
    for (const [key, texts] of Object.entries(table)) {
      for (const [lng, text] of Object.entries(texts)) if (text !== undefined) out.get(lng)?.set(`${name}.${key}`, text);
    }
  }
  return out;
}

/** The standard letters, one table row per purpose, channel and part (subject, body). */
function letters(): Table {
  const rows: Table = {};
  const put = (key: string, language: string, text: string) => {
    rows[key] = { ...rows[key], [language]: text };
  };
  for (const t of DEFAULT_TEMPLATES) {
    const key = `${t.purpose}:${t.channel}`;
    put(`${key}:body`, t.language, t.body);
    if (t.subject !== null) put(`${key}:subject`, t.language, t.subject);
  }
  return rows;
}

describe("the texts the server writes itself", () => {
  it("say the same in every language: none missing or empty, the same placeholders, as the web app's texts are held", () => {
    const tables = {
      reportCards: DOC_TEXTS,
      receipts: RECEIPT_TEXTS,
      feeHeads: HEAD_TEXTS,
      paymentModes: MODE_TEXTS,
      admissionFields: FIELD_LABELS,
      genders: GENDER_LABELS,
      admissionPrint: PRINT,
      admission: { consent: CONSENT, received: RECEIVED },
      messages: MESSAGE_TEXTS,
      letters: letters(),
    } satisfies Record<string, Table>;
    const texts = byLanguage(tables);
    expect([...texts.get("en")!.keys()].length).toBeGreaterThan(150);
    expect(findParityProblems(texts)).toEqual([]);
  });
});
