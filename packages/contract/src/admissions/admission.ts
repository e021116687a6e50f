import { z } from "zod";
import { DateOnly, updateOf } from "../academics/common.js";
import { Gender } from "../academics/student.js";
import { RowId } from "../admin/common.js";
import { Email, Mobile } from "../admin/users.js";
import { Language } from "../platform/areas.js";
import { defineResource } from "../resource.js";
import { FileUpload, Localised, PublicSchool, StoredFile, UPLOAD_LIMITS } from "./common.js";
import { FormField } from "./custom-field.js";

/** pending -> approved -> enrolled, or pending -> rejected (a rejected one may be approved later). */
export const AdmissionStatus = z.enum(["pending", "approved", "rejected", "enrolled"]);
export type AdmissionStatus = z.infer<typeof AdmissionStatus>;
export const AdmissionSource = z.enum(["public", "admin", "import"]);

/** A document sent with an application (birth certificate, transfer certificate). */
export const AdmissionDocument = StoredFile.extend({ label: z.string().nullable() });

/** What the guardian agreed to, word for word, and when. */
export const AdmissionConsent = z.object({ version: z.string(), language: z.string(), text: z.string(), at: z.string() });

export const AdmissionRow = z.object({
  id: z.number(),
  /** Per school, consecutive within a year: ADM-2026-0001. */
  applicationNo: z.string(),
  status: AdmissionStatus,
  source: AdmissionSource,
  name: z.string(),
  nameNative: z.string().nullable(),
  gender: Gender.nullable(),
  dateOfBirth: z.string().nullable(),
  /** The photo's upload path. */
  photo: z.string().nullable(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  address: z.string().nullable(),
  previousSchool: z.string().nullable(),
  courseId: z.number().nullable(),
  courseName: z.string().nullable(),
  batchId: z.number().nullable(),
  batchName: z.string().nullable(),
  guardianName: z.string(),
  guardianMobile: z.string(),
  guardianEmail: z.string().nullable(),
  guardianRelation: z.string().nullable(),
  /** The language letters to the guardian are written in. */
  guardianLanguage: Language,
  documents: z.array(AdmissionDocument),
  /** The school's own fields (spec 001 §3); a single admission also has them spread onto the record. */
  customfields: z.record(z.string(), z.unknown()),
  consent: AdmissionConsent.nullable(),
  decisionReason: z.string().nullable(),
  decidedAt: z.string().nullable(),
  approvalLetterSentAt: z.string().nullable(),
  rejectionLetterSentAt: z.string().nullable(),
  studentId: z.number().nullable(),
  enrolmentId: z.number().nullable(),
  parentUserId: z.number().nullable(),
  createdAt: z.string(),
});
export type AdmissionRow = z.infer<typeof AdmissionRow>;

/** An uploaded file's path (POST /admin/api/upload answers it). */
export const UploadPath = z
  .string()
  .trim()
  .max(300)
  .regex(/^\/admin\/api\/upload\/[A-Za-z0-9_-]+\.[a-z]+$/, "Give the path of an uploaded file");

const applicant = {
  name: z.string().trim().min(1).max(120),
  nameNative: z.string().trim().max(120).nullish(),
  gender: Gender.nullish(),
  dateOfBirth: DateOnly.nullish(),
  email: Email.nullish(),
  mobile: Mobile.nullish(),
  address: z.string().trim().max(500).nullish(),
  previousSchool: z.string().trim().max(200).nullish(),
  courseId: RowId.nullish(),
};

const adminShape = {
  ...applicant,
  batchId: RowId.nullish(),
  guardianName: z.string().trim().min(1).max(120),
  guardianMobile: Mobile,
  guardianEmail: Email.nullish(),
  guardianRelation: z.string().trim().max(40).nullish(),
  guardianLanguage: Language,
  photo: UploadPath.nullish(),
  documents: z.array(z.object({ label: z.string().trim().max(120).nullish(), path: UploadPath })).max(UPLOAD_LIMITS.maxDocuments),
  /** The school's own fields; file fields take an uploaded file's path. */
  customfields: z.record(z.string().max(60), z.unknown()),
};

/** POST admission: a paper application typed in by the school. */
export const AdmissionCreate = z.object({
  ...adminShape,
  guardianLanguage: Language.optional(),
  documents: adminShape.documents.default([]),
  customfields: adminShape.customfields.default({}),
});
/** PUT admission: while the application is not enrolled; status changes go through approve. */
export const AdmissionUpdate = updateOf(adminShape);

export const admissionResource = defineResource({
  path: "admission",
  module: "admissions",
  i18n: "admissions",
  row: AdmissionRow,
  create: AdmissionCreate,
  update: AdmissionUpdate,
  filters: { status: "exact", courseId: "exact", batchId: "exact", source: "exact", createdAtFrom: "from", createdAtTo: "to" },
  search: ["name", "nameNative", "applicationNo", "guardianName", "guardianMobile"],
  sortable: ["applicationNo", "name", "status", "createdAt"],
  defaultSort: "-createdAt",
  columns: [
    { key: "applicationNo", sortable: true },
    { key: "name", sortable: true },
    { key: "nameNative" },
    { key: "courseName" },
    { key: "guardianName" },
    { key: "guardianMobile" },
    { key: "status", kind: "status", sortable: true },
    { key: "createdAt", kind: "date", sortable: true },
  ],
  fields: [
    { key: "name", kind: "text", required: true },
    { key: "nameNative", kind: "text" },
    { key: "gender", kind: "select", options: ["male", "female"] },
    { key: "dateOfBirth", kind: "date" },
    { key: "courseId", kind: "select", ref: { resource: "course", label: "name" } },
    { key: "batchId", kind: "select", ref: { resource: "batch", label: "name" } },
    { key: "address", kind: "textarea" },
    { key: "previousSchool", kind: "text" },
    { key: "guardianName", kind: "text", required: true },
    { key: "guardianMobile", kind: "phone", required: true },
    { key: "guardianEmail", kind: "email" },
    { key: "guardianRelation", kind: "text" },
    { key: "guardianLanguage", kind: "select", options: ["en", "ta", "ur", "ar", "ml"] },
  ],
});

/** GET admission/{id}: the row with its custom fields spread onto it, customfields kept too. */
export const AdmissionDetail = AdmissionRow.catchall(z.unknown());

export const AdmissionListReply = z.object({ rows: z.array(AdmissionRow), count: z.number(), message: z.string(), totalApproved: z.number() });

/** Channels a letter goes out on; left out: e-mail when the guardian gave one, and WhatsApp when configured, else SMS. */
export const LetterChannels = z
  .array(z.enum(["email", "sms", "whatsapp"]))
  .min(1)
  .max(3)
  .transform((c) => [...new Set(c)]);

/** POST admission/approve. status rejected rejects (the same as admission/reject). */
export const AdmissionDecision = z.object({
  id: RowId,
  status: z.enum(["approved", "rejected"]).default("approved"),
  reason: z.string().trim().max(1000).nullish(),
  /** Send the approval or rejection letter right away. */
  notify: z.boolean().default(true),
  channels: LetterChannels.optional(),
});
export const AdmissionReject = AdmissionDecision.omit({ status: true });

/** POST admission/send-approval-letter and send-rejection-letter. */
export const AdmissionLetter = z.object({ id: RowId, channels: LetterChannels.optional() });

export const LetterResult = z.object({
  channel: z.enum(["email", "sms", "whatsapp"]),
  to: z.string(),
  status: z.enum(["sent", "outbox", "failed"]),
  error: z.string().optional(),
});
export const LetterReply = z.object({ message: z.string(), letters: z.array(LetterResult) });
export const DecisionReply = z.object({ message: z.string(), data: AdmissionRow, letters: z.array(LetterResult) });

/** POST admission/enrollstudent: the student, the parent's account and the enrolment, in one go. */
export const AdmissionEnrol = z.object({
  id: RowId,
  classroomId: RowId,
  /** The student's admission number; left out, the application number. */
  admissionNo: z.string().trim().min(1).max(40).optional(),
  rollNo: z.number().int().min(1).max(100_000).nullish(),
  startedOn: DateOnly.optional(),
});
export const AdmissionEnrolReply = z.object({
  message: z.string(),
  studentId: z.number(),
  enrolmentId: z.number(),
  parentUserId: z.number(),
  /** false when the guardian already had an account (linked, not made). */
  parentCreated: z.boolean(),
});

/** POST admission/bulk: a spreadsheet (.xlsx or .csv) as base64 or a data URL. */
export const AdmissionBulk = z.object({
  fileName: z.string().trim().min(1).max(200),
  data: z
    .string()
    .min(4)
    .max(Math.ceil((8 * 1024 * 1024) / 3) * 4 + 100),
});
export const AdmissionImportReply = z.object({
  message: z.string(),
  created: z.number(),
  /** Rows already imported before (same name, date of birth and guardian mobile). */
  skipped: z.number(),
  applicationNos: z.array(z.string()),
});

/** GET admission/print/{id}: the HTML the PDF is printed from, for an on-screen preview. */
export const AdmissionPrintReply = z.object({ message: z.string(), html: z.string() });
export const PrintQuery = z.object({ lang: Language.optional() });

/** GET admin/open/admission/{code}/form: what the public form shows. */
export const AdmissionPublicForm = z.object({
  message: z.string(),
  /** Whether the school takes applications now (settings: admissionsOpen). */
  open: z.boolean(),
  school: PublicSchool,
  fields: z.array(FormField),
  courses: z.array(z.object({ id: z.number(), name: z.string() })),
  instructions: Localised(4000),
  /** The consent text per language and its version, which the form sends back. */
  consent: z.object({ version: z.string(), texts: z.record(z.string(), z.string()) }),
  limits: z.object({ photoBytes: z.number(), fileBytes: z.number(), maxDocuments: z.number(), submissionBytes: z.number(), types: z.array(z.string()) }),
});

/** POST admin/open/admission/{code}. */
export const AdmissionApply = z.object({
  ...applicant,
  guardian: z.object({
    name: z.string().trim().min(1).max(120),
    mobile: Mobile,
    email: Email.nullish(),
    relation: z.string().trim().max(40).nullish(),
  }),
  photo: FileUpload.nullish(),
  documents: z
    .array(z.object({ label: z.string().trim().max(120).nullish(), file: FileUpload }))
    .max(UPLOAD_LIMITS.maxDocuments)
    .default([]),
  /** The school's own fields; file fields take a FileUpload. */
  customfields: z.record(z.string().max(60), z.unknown()).default({}),
  consent: z.object({
    accepted: z.literal(true, { error: "The guardian's consent is needed to send an application" }),
    /** The version the form showed (from the form call). */
    version: z.string().min(1).max(64),
    language: Language,
  }),
  /** The form's language: the reply and the guardian's letters use it. */
  language: Language.default("en"),
});
export const AdmissionApplyReply = z.object({ message: z.string(), applicationNo: z.string() });
