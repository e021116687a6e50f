import { z } from "zod";
import { RowId } from "../admin/common.js";
import { defineResource } from "../resource.js";
import { ActiveStatus, DateOnly, TimeOfDay, updateOf } from "./common.js";

/** The academic year. Exactly one batch of a school is active. */
export const BatchRow = z.object({
  id: z.number(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  active: z.boolean(),
  createdAt: z.string(),
});
export type BatchRow = z.infer<typeof BatchRow>;
const batchFields = {
  name: z.string().trim().min(1).max(60),
  startDate: DateOnly,
  endDate: DateOnly,
};
export const BatchCreate = z.object(batchFields);
export const BatchUpdate = updateOf(batchFields);

export const batchResource = defineResource({
  path: "batch",
  module: "academics",
  i18n: "batches",
  row: BatchRow,
  create: BatchCreate,
  update: BatchUpdate,
  filters: { active: "boolean" },
  search: ["name"],
  sortable: ["name", "startDate", "createdAt"],
  defaultSort: "-startDate",
  columns: [
    { key: "name", sortable: true },
    { key: "startDate", kind: "date", sortable: true },
    { key: "endDate", kind: "date" },
    { key: "active", kind: "boolean" },
  ],
  fields: [
    { key: "name", kind: "text", required: true },
    { key: "startDate", kind: "date", required: true },
    { key: "endDate", kind: "date", required: true },
  ],
});

/** PUT batch/make-active-batch. */
export const MakeActiveBatch = z.object({ id: RowId });

export const SubjectRow = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string().nullable(),
  /** A subject of one course, or null for one any course may teach. */
  courseId: z.number().nullable(),
  status: ActiveStatus,
  createdAt: z.string(),
});
export type SubjectRow = z.infer<typeof SubjectRow>;
const subjectFields = {
  name: z.string().trim().min(1).max(120),
  code: z.string().trim().max(20).nullish(),
  courseId: RowId.nullish(),
  status: ActiveStatus,
};
export const SubjectCreate = z.object({ ...subjectFields, status: ActiveStatus.default("active") });
export const SubjectUpdate = updateOf(subjectFields);

export const subjectResource = defineResource({
  path: "subject",
  module: "academics",
  i18n: "subjects",
  row: SubjectRow,
  create: SubjectCreate,
  update: SubjectUpdate,
  filters: { status: "exact", courseId: "exact" },
  search: ["name", "code"],
  sortable: ["name", "code", "createdAt"],
  defaultSort: "name",
  columns: [{ key: "name", sortable: true }, { key: "code", sortable: true }, { key: "courseId" }, { key: "status", kind: "status" }],
  fields: [
    { key: "name", kind: "text", required: true },
    { key: "code", kind: "text" },
    { key: "courseId", kind: "select", ref: { resource: "course", label: "name" } },
    { key: "status", kind: "select", options: ["active", "inactive"] },
  ],
});

/** A sitting of the school day (morning, evening), used by the timetable's hours. */
export const SessionRow = z.object({
  id: z.number(),
  name: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  status: ActiveStatus,
  createdAt: z.string(),
});
export type SessionRow = z.infer<typeof SessionRow>;
const sessionFields = {
  name: z.string().trim().min(1).max(60),
  startTime: TimeOfDay,
  endTime: TimeOfDay,
  status: ActiveStatus,
};
export const SessionCreate = z.object({ ...sessionFields, status: ActiveStatus.default("active") });
export const SessionUpdate = updateOf(sessionFields);

export const sessionResource = defineResource({
  path: "session",
  module: "academics",
  i18n: "sessions",
  row: SessionRow,
  create: SessionCreate,
  update: SessionUpdate,
  filters: { status: "exact" },
  search: ["name"],
  sortable: ["name", "startTime"],
  defaultSort: "startTime",
  columns: [{ key: "name", sortable: true }, { key: "startTime", sortable: true }, { key: "endTime" }, { key: "status", kind: "status" }],
  fields: [
    { key: "name", kind: "text", required: true },
    { key: "startTime", kind: "text", required: true },
    { key: "endTime", kind: "text", required: true },
    { key: "status", kind: "select", options: ["active", "inactive"] },
  ],
});
