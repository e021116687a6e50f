import { importAdmissions, importAdmissionsFromSheet } from "@taleem/contract";
import type { FastifyInstance } from "fastify";
import { withScope } from "../../platform/actions/request-context.js";
import { serveAction } from "../../platform/actions/serve-action.js";
import { csvExportUrl, fetchImportText, importPolicy } from "../../platform/files/import-url.js";
import { spreadsheetText } from "../../platform/files/spreadsheet-text.js";
import { badRequest } from "../../platform/http/errors.js";
import type { Services } from "../../platform/services.js";
import { admissionFormId, requireAdmissionForm } from "../settings/form-customisation.service.js";
import { importApplications } from "./admission-import.service.js";

const created = (n: { created: number; skipped: number }) =>
  `Applications imported successfully: ${n.created} added${n.skipped ? `, ${n.skipped} already imported` : ""}`;

/** Applications from a spreadsheet file or from the admission form's Google Sheet. */
export function registerAdmissionImport(app: FastifyInstance, { config }: Services) {
  const policy = importPolicy(config);

  serveAction(
    app,
    importAdmissions,
    async (ctx, { body }) => {
      const result = await importApplications(ctx, await spreadsheetText(body.fileName, body.data));
      return { message: created(result), ...result };
    },
    { bodyLimit: 12 * 1024 * 1024 },
  );

  // The sheet is fetched over the network, which may take seconds: no transaction is held meanwhile.
  serveAction(
    app,
    importAdmissionsFromSheet,
    async (ctx, { params }) => {
      const form = await ctx.scope.transaction((scope) => requireAdmissionForm(scope, params.id));
      if (!form.sheetUrl) {
        throw badRequest("import.no_sheet", "The admission form has no sheet link. Add the Google Sheets link in the form customisation first.", {
          field: "sheetUrl",
        });
      }
      const text = await fetchImportText(csvExportUrl(form.sheetUrl), policy);
      const result = await ctx.scope.transaction((scope) => importApplications(withScope(ctx, scope), text));
      return { message: created(result), ...result };
    },
    { transaction: false, sample: async (scope) => ({ params: { id: await admissionFormId(scope) } }) },
  );
}
