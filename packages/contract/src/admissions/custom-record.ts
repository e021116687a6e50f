import { z } from "zod";
import { ActiveStatus, updateOf } from "../academics/common.js";
import { RowId } from "../admin/common.js";
import { defineResource } from "../resource.js";
import { Localised, PublicSchool } from "./common.js";
import { FormField } from "./custom-field.js";

/** One of the school's own record types (hostel request, transport form): its fields are custom fields of entity record. */
export const CustomRecordRow = z.object({
  id: z.number(),
  name: z.string(),
  /** The name per language, for the public form. */
  labels: Localised(),
  description: z.string().nullable(),
  /** Whether strangers may fill it in on its public page. */
  isPublic: z.boolean(),
  /** The public form's API path (GET for the form, POST to submit), for integrations; null unless isPublic. */
  publicPath: z.string().nullable(),
  /** The web page parents open (`/open/record/<token>/<code>` on the app's own address); null unless isPublic. */
  publicPage: z.string().nullable(),
  status: ActiveStatus,
  entries: z.number(),
  createdAt: z.string(),
});
export type CustomRecordRow = z.infer<typeof CustomRecordRow>;

const recordShape = {
  name: z.string().trim().min(1).max(120),
  labels: Localised(),
  description: z.string().trim().max(2000).nullish(),
  isPublic: z.boolean(),
  status: ActiveStatus,
};
export const CustomRecordCreate = z.object({
  ...recordShape,
  labels: recordShape.labels.default({}),
  isPublic: recordShape.isPublic.default(false),
  status: ActiveStatus.default("active"),
});
export const CustomRecordUpdate = updateOf(recordShape);

export const customRecordResource = defineResource({
  path: "custom-record",
  module: "records",
  i18n: "customRecords",
  row: CustomRecordRow,
  create: CustomRecordCreate,
  update: CustomRecordUpdate,
  filters: { status: "exact", isPublic: "boolean" },
  search: ["name"],
  sortable: ["name", "createdAt"],
  defaultSort: "name",
  columns: [
    { key: "name", sortable: true },
    { key: "isPublic", kind: "boolean" },
    { key: "entries", kind: "number" },
    { key: "status", kind: "status" },
  ],
  fields: [
    { key: "name", kind: "text", required: true },
    { key: "description", kind: "textarea" },
    { key: "isPublic", kind: "switch" },
    { key: "status", kind: "select", options: ["active", "inactive"] },
  ],
});

/** GET custom-record/{id}: the record type with its fields in order. */
export const CustomRecordDetail = CustomRecordRow.extend({ fields: z.array(FormField) });

/** One row of a record type: its values keyed by field key, files as stored files. */
export const CustomRecordEntry = z.object({
  id: z.number(),
  recordId: z.number(),
  recordName: z.string(),
  data: z.record(z.string(), z.unknown()),
  /** admin: added by a signed-in user; public: sent through the public form. */
  source: z.enum(["admin", "public"]),
  submittedBy: z.number().nullable(),
  submittedByName: z.string().nullable(),
  createdAt: z.string(),
});
export type CustomRecordEntry = z.infer<typeof CustomRecordEntry>;

/** POST custom-record/adddata. File fields take a FileUpload or an uploaded file's path. */
export const CustomRecordAddData = z.object({ recordId: RowId, data: z.record(z.string().max(60), z.unknown()) });

/** GET custom-record/data. */
export const CustomRecordDataQuery = z.object({
  recordId: RowId.optional(),
  source: z.enum(["admin", "public"]).optional(),
  from: z.string().max(30).optional(),
  to: z.string().max(30).optional(),
});

/** GET admin/open/field/record/{record}/{code}: what the public form of a record type shows. */
export const PublicRecordForm = z.object({
  message: z.string(),
  school: PublicSchool,
  record: z.object({ name: z.string(), labels: Localised(), description: z.string().nullable() }),
  fields: z.array(FormField),
  /** The files of one submission together stay under submissionBytes (each file under its field's maxBytes). */
  limits: z.object({ submissionBytes: z.number() }),
});

/** POST admin/open/field/record/{record}/{code}. */
export const PublicRecordSubmit = z.object({ data: z.record(z.string().max(60), z.unknown()) });
