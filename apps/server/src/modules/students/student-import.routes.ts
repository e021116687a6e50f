import { addStudentsInBulk, importStudentsFile, studentImportProgress, studentImportTemplate } from "@taleem/contract";
import ExcelJS from "exceljs";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { spreadsheetText } from "../../platform/files/spreadsheet-text.js";
import { jobStartedBy, serveJobProgress } from "../../platform/jobs/serve-job-progress.js";
import { classroomsOfBatch } from "../academics/classrooms.service.js";
import { fieldsOf } from "../settings/custom-fields.service.js";
import { type ImportTarget, STUDENT_IMPORT_COLUMNS, startStudentImport } from "./student-import.service.js";
import { addStudents } from "./students-bulk.service.js";

/** The job kind of a school-wide students import. */
export const STUDENT_IMPORT_JOB = "student-import";
export const TEMPLATE_FILE_NAME = "students-import-template.xlsx";

/** A school-wide import: its classroom column names any classroom of the active batch. */
const schoolTarget: ImportTarget = { kind: STUDENT_IMPORT_JOB, rooms: classroomsOfBatch, place: "any course", auditId: 0 };

// One example row under the header, in the columns' order (the school's own fields are left empty).
const EXAMPLE: Record<string, string> = {
  admissionNo: "S-0001",
  name: "Amina Rahman",
  nameNative: "آمنة رحمن",
  gender: "female",
  dateOfBirth: "2015-06-21",
  classroom: "Class 5-A",
  rollNo: "1",
  guardianName: "Abdul Rahman",
  guardianMobile: "+919847012345",
  guardianRelation: "father",
};

/** The students import on the students list, its template, and the bulk add the demo school uses. */
export function registerStudentImport(app: FastifyInstance) {
  serveAction(
    app,
    importStudentsFile,
    async (ctx, { body }) => startStudentImport(ctx, await spreadsheetText(body.fileName, body.data), schoolTarget, app.log, jobStartedBy(ctx)),
    { transaction: false, bodyLimit: 12 * 1024 * 1024 },
  );
  serveJobProgress(app, studentImportProgress, STUDENT_IMPORT_JOB);

  serveAction(app, studentImportTemplate, async (ctx) => {
    const defs = (await fieldsOf(ctx.scope, { entity: "student" })).filter((d) => d.kind !== "file");
    const keys = [...STUDENT_IMPORT_COLUMNS.map((c) => c.key), ...defs.map((d) => d.key)];
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("Students");
    sheet.addRow(keys).font = { bold: true };
    sheet.addRow(keys.map((k) => EXAMPLE[k] ?? ""));
    sheet.columns.forEach((c) => {
      c.width = 18;
    });
    const file = Buffer.from(await book.xlsx.writeBuffer());
    ctx.reply
      .header("content-type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
      .header("content-disposition", `attachment; filename="${TEMPLATE_FILE_NAME}"`)
      .header("cache-control", "no-store");
    return file;
  });

  serveAction(app, addStudentsInBulk, async (ctx, { body }) => {
    const { ids, parentsCreated } = await addStudents(ctx, body.students);
    return { message: `${ids.length} students added`, ids, parentsCreated };
  });
}
