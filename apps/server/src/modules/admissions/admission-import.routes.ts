import { AdmissionBulk, AdmissionImportReply, RowId } from "@taleem/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { csvExportUrl, fetchImportText, importPolicy } from "../../platform/files/import-url.js";
import { badRequest } from "../../platform/http/errors.js";
import { contextOf } from "../../platform/resources/resource-context.js";
import type { Services } from "../../platform/services.js";
import { requireAdmissionForm } from "../form-customisation/form-customisation.service.js";
import { importApplications, spreadsheetText } from "./admission-import.service.js";

const COLUMNS_NOTE =
  "Columns (header row; other spellings accepted): name, guardianName, guardianMobile (required), nameNative, gender, dateOfBirth (YYYY-MM-DD), course (a course's name), " +
  "previousSchool, email, mobile, address, guardianEmail, guardianRelation, guardianLanguage, timestamp (ignored), and the school's admission fields by key or label. " +
  "All or nothing: any bad row answers 400 import.invalid with params.problems [{row, column, message}] (the header is row 1). " +
  "Rows already imported (same name, date of birth and guardian mobile) are skipped.";

const created = (n: { created: number; skipped: number }) =>
  `Applications imported successfully: ${n.created} added${n.skipped ? `, ${n.skipped} already imported` : ""}`;

/** Applications from a spreadsheet file or from the admission form's Google Sheet. */
export function registerAdmissionImport(app: FastifyInstance, { db, config }: Services) {
  const policy = importPolicy(config);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["admissions"];

  r.post("/admin/api/admission/bulk", {
    config: { permission: ["admissions", "add"] },
    bodyLimit: 12 * 1024 * 1024,
    schema: {
      tags,
      summary: "Import applications from an Excel (.xlsx, first sheet) or CSV file sent as base64",
      description: `Body: {fileName, data}; data is base64 or a data URL, at most 8 MB. ${COLUMNS_NOTE}`,
      body: AdmissionBulk,
      response: { 200: AdmissionImportReply },
    },
    handler: async (req) => {
      const ctx = contextOf(req, db);
      const result = await importApplications(ctx, await spreadsheetText(req.body.fileName, req.body.data));
      return { message: created(result), ...result };
    },
  });

  r.get("/admin/api/admission/fetch-from-google-sheets/:id", {
    // A GET the spec names, which writes: it needs x-requested-with like any change.
    config: { permission: ["admissions", "add"], changesData: true },
    schema: {
      tags,
      summary: "Import applications from the Google Sheet linked to the admission form (id: the form customisation's id)",
      description: `Reads the sheet's CSV export (Google Docs addresses only). ${COLUMNS_NOTE}`,
      params: z.object({ id: RowId }),
      response: { 200: AdmissionImportReply },
    },
    handler: async (req) => {
      const ctx = contextOf(req, db);
      const form = await requireAdmissionForm(ctx.scope, req.params.id);
      if (!form.sheetUrl) {
        throw badRequest("import.no_sheet", "The admission form has no sheet link. Add the Google Sheets link in the form customisation first.", {
          field: "sheetUrl",
        });
      }
      const result = await importApplications(ctx, await fetchImportText(csvExportUrl(form.sheetUrl), policy));
      return { message: created(result), ...result };
    },
  });
}
