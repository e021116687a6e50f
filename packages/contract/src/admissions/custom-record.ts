import { z } from "zod";
import { defineAction, IdParams } from "../action.js";
import * as field from "../fields.js";
import { defineResource, ListQuery, listReply } from "../resource.js";
import { Instant, RowId, Status } from "../values.js";
import { Localised, PUBLIC_FORM_RATES, PublicSchool, UPLOAD_LIMITS } from "./common.js";

const MB = 1024 * 1024;

import { FormField } from "./custom-field.js";
import { PUBLIC_FORM_PATHS } from "./public-calls.js";

/** One of the school's own record types (hostel request, transport form): its fields are custom fields of entity record. */
export const customRecordResource = defineResource({
  path: "custom-record",
  module: "records",
  i18n: "forms:records",
  fields: {
    name: field.text().required().search().sort().column(),
    /** The name per language, for the public form. */
    labels: field.shaped(Localised(), Localised()).default({}),
    description: field.longText(),
    /** Whether strangers may fill it in on its public page. */
    isPublic: field.bool().default(false).filter("boolean").column("boolean"),
    /** The public form's API path (GET for the form, POST to submit), for integrations; null unless isPublic. */
    publicPath: field.readOnly(z.string().nullable()),
    /** The web page parents open (`/open/record/<token>/<code>` on the app's own address); null unless isPublic. */
    publicPage: field.readOnly(z.string().nullable()),
    entries: field.readOnly(z.number()).column("number"),
    status: field.choice(Status).default("active").filter().column("status"),
  },
  defaultSort: "name",
});
export const CustomRecordRow = customRecordResource.row;
export type CustomRecordRow = z.infer<typeof CustomRecordRow>;

/** GET custom-record/{id}: the record type with its fields in order. */
export const CustomRecordDetail = CustomRecordRow.extend({ fields: z.array(FormField) });

const EntrySource = z.enum(["admin", "public"]);

/** One row of a record type: its values keyed by field key, files as stored files. */
export const CustomRecordEntry = z.object({
  id: z.number(),
  recordId: z.number(),
  recordName: z.string(),
  data: z.record(z.string(), z.unknown()),
  /** admin: added by a signed-in user; public: sent through the public form. */
  source: EntrySource,
  submittedBy: z.number().nullable(),
  submittedByName: z.string().nullable(),
  createdAt: Instant,
});
export type CustomRecordEntry = z.infer<typeof CustomRecordEntry>;

/** POST custom-record/adddata. File fields take a FileUpload or an uploaded file's path. */
export const CustomRecordAddData = z.object({ recordId: RowId, data: z.record(z.string().max(60), z.unknown()) });

/** GET custom-record/data. */
export const CustomRecordDataQuery = z.object({
  recordId: RowId.optional(),
  source: EntrySource.optional(),
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

const recordCall = { module: "records", errors: [404] } as const;
const entryReply = z.object({ message: z.string(), data: CustomRecordEntry });

export const activeCustomRecords = defineAction({
  ...recordCall,
  method: "GET",
  path: "/admin/api/custom-record/all",
  permission: ["records", "view"],
  family: "scoped",
  summary: "Every active record type, by name (for pickers)",
  reply: listReply(CustomRecordRow),
  errors: [],
});

export const customRecordData = defineAction({
  ...recordCall,
  method: "GET",
  path: "/admin/api/custom-record/data",
  permission: ["records", "view"],
  family: "scoped",
  summary: "Rows collected by the school's record types, newest first",
  description: "Filters: recordId, source (admin, public), from and to (YYYY-MM-DD, by the day the row came in), q (any value).",
  query: ListQuery.extend(CustomRecordDataQuery.shape),
  reply: listReply(CustomRecordEntry),
  errors: [],
});

export const customRecordEntry = defineAction({
  ...recordCall,
  method: "GET",
  path: "/admin/api/custom-record/id/:id",
  permission: ["records", "view"],
  family: "scoped",
  summary: "One collected row (entry) by its id",
  params: IdParams,
  reply: entryReply,
});

export const customRecordDetail = defineAction({
  ...recordCall,
  method: "GET",
  path: "/admin/api/custom-record/:id",
  permission: ["records", "view"],
  family: "scoped",
  summary: "One record type with its active fields in form order",
  params: IdParams,
  reply: z.object({ message: z.string(), data: CustomRecordDetail }),
});

export const addCustomRecordData = defineAction({
  ...recordCall,
  method: "POST",
  path: "/admin/api/custom-record/adddata",
  permission: ["records", "add"],
  summary: "Add a row to a record type; values are checked against its fields",
  description:
    "Body: {recordId, data}. data holds a value per field key: text, number, date (YYYY-MM-DD), a choice's value (a list when it allows several), " +
    "and for file fields a FileUpload {name, data} or the path of an earlier upload. Every problem answers 400 custom_fields.invalid with params.fields.",
  body: CustomRecordAddData,
  reply: entryReply,
  errors: [404, 413],
  refreshes: ["custom-record"],
});

export const deleteCustomRecordData = defineAction({
  ...recordCall,
  method: "DELETE",
  path: "/admin/api/custom-record/data/:id",
  permission: ["records", "delete"],
  summary: "Delete one collected row (a spam submission, say)",
  params: IdParams,
  reply: z.object({ message: z.string() }),
  refreshes: ["custom-record"],
});

/** A public form's address: its unguessable token and the school's code. */
const PublicRecordParams = z.object({ record: z.string().max(200), code: z.string().max(60) });

export const publicRecordForm = defineAction({
  ...recordCall,
  method: "GET",
  path: PUBLIC_FORM_PATHS.recordForm,
  access: "open",
  summary: "The public form of a record type (hostel request, transport form): its name and fields",
  description: "Only record types the school made public and active answer; anything else is a 404.",
  params: PublicRecordParams,
  reply: PublicRecordForm,
  errors: [404, 429],
});

export const submitPublicRecord = defineAction({
  ...recordCall,
  method: "POST",
  path: PUBLIC_FORM_PATHS.recordSubmit,
  access: "open",
  summary: "Send a row through a record type's public form (rate-limited per address)",
  description:
    `Body: {data}, a value per field key as GET shows them; file fields take {name, data} (a data URL or base64; JPEG, PNG, WebP or PDF as the field accepts, ` +
    `at most ${UPLOAD_LIMITS.fileBytes / MB} MB each, ${UPLOAD_LIMITS.submissionBytes / MB} MB together). ` +
    `Every problem answers 400 custom_fields.invalid with params.fields. At most ${PUBLIC_FORM_RATES.recordSubmitsPerHour} submissions per address per form per hour (429).`,
  params: PublicRecordParams,
  body: PublicRecordSubmit,
  reply: z.object({ message: z.string(), id: z.number() }),
  errors: [404, 413, 429],
});
