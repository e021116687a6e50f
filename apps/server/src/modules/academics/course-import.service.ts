import type { JobStarted } from "@taleem/contract";
import type { FastifyBaseLogger } from "fastify";
import type { RequestContext } from "../../platform/actions/request-context.js";
import { csvExportUrl, fetchImportText, type ImportPolicy } from "../../platform/files/import-url.js";
import { spreadsheetText } from "../../platform/files/spreadsheet-text.js";
import { badRequest } from "../../platform/http/errors.js";
import type { JobStarter } from "../../platform/jobs/job-registry.js";
import { type ImportTarget, startStudentImport } from "../students/student-import.service.js";
import type { CourseRecord } from "./academics.table.js";
import { classroomsOfCourse } from "./classrooms.service.js";

// 10,000 full rows (long addresses) stay under this; a bigger body is refused while it downloads.
const MAX_IMPORT_BYTES = 8 * 1024 * 1024;
/** The job kind of a course import (its progress call reads only these). */
export const COURSE_IMPORT_JOB = "course-import";

/** A course's import: its classroom column names the course's classrooms of the active batch. */
const courseTarget = (course: CourseRecord): ImportTarget => ({
  kind: COURSE_IMPORT_JOB,
  rooms: (scope, batchId) => classroomsOfCourse(scope, course.id, batchId),
  place: course.name,
  auditId: course.id,
});

/**
 * Imports a course's students from the sheet link stored on it, with the students import's
 * columns, checks and job (modules/students/student-import.service.ts).
 */
export async function startCourseImport(
  ctx: RequestContext,
  course: CourseRecord,
  policy: ImportPolicy,
  log?: FastifyBaseLogger,
  startedBy?: JobStarter,
): Promise<JobStarted> {
  if (!course.sheetUrl) {
    throw badRequest("import.no_sheet", "This course has no sheet link. Add the Google Sheets link to the course first.", { field: "sheetUrl" });
  }
  const text = await fetchImportText(csvExportUrl(course.sheetUrl), policy, { maxBytes: MAX_IMPORT_BYTES });
  return startStudentImport(ctx, text, courseTarget(course), log, startedBy);
}

/** The same import from an uploaded Excel (.xlsx, first sheet) or CSV file. */
export async function startCourseFileImport(
  ctx: RequestContext,
  course: CourseRecord,
  file: { fileName: string; data: string },
  log?: FastifyBaseLogger,
  startedBy?: JobStarter,
) {
  return startStudentImport(ctx, await spreadsheetText(file.fileName, file.data), courseTarget(course), log, startedBy);
}
