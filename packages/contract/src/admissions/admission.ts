import { z } from "zod";
import * as field from "../fields.js";
import { defineResource } from "../resource.js";
import { DateOnly, Email, Gender, Instant, Language, Mobile, RowId } from "../values.js";
import { FileUpload, Localised, PublicSchool, StoredFile, UPLOAD_LIMITS } from "./common.js";
import { FormField } from "./custom-field.js";

/** pending -> approved -> enrolled, or pending -> rejected (a rejected one may be approved later). */
export const AdmissionStatus = z.enum(["pending", "approved", "rejected", "enrolled"]);
export type AdmissionStatus = z.infer<typeof AdmissionStatus>;
export const AdmissionSource = z.enum(["public", "admin", "import"]);

/** A document sent with an application (birth certificate, transfer certificate). */
export const AdmissionDocument = StoredFile.extend({ label: z.string().nullable() });

/** What the guardian agreed to, word for word, and when. */
export const AdmissionConsent = z.object({ version: z.string(), language: z.string(), text: z.string(), at: Instant });

/** An uploaded file's path (POST /admin/api/upload answers it). */
export const UploadPath = z
  .string()
  .trim()
  .max(300)
  .regex(/^\/admin\/api\/upload\/[A-Za-z0-9_-]+\.[a-z]+$/, "Give the path of an uploaded file");

/** The school's own fields by key; file fields take an uploaded file's path (a FileUpload on the public form). */
const CustomValues = z.record(z.string().max(60), z.unknown());

const DocumentPaths = z.array(z.object({ label: z.string().trim().max(120).nullish(), path: UploadPath })).max(UPLOAD_LIMITS.maxDocuments);

/**
 * An application: from the public form, typed in by the school (POST), or imported. PUT changes it
 * while it is not enrolled; status changes go through approve and reject.
 */
export const admissionResource = defineResource({
  path: "admission",
  module: "admissions",
  i18n: "admissions",
  fields: {
    /** Per school, consecutive within a year: ADM-2026-0001. */
    applicationNo: field.readOnly(z.string()).search().sort().column(),
    name: field.text().required().search().sort().column(),
    nameNative: field.text().search().column(),
    gender: field.choice(Gender),
    dateOfBirth: field.date().past(),
    courseId: field.ref("course").filter(),
    courseName: field.readOnly(z.string().nullable()).column(),
    batchId: field.ref("batch").filter(),
    batchName: field.readOnly(z.string().nullable()),
    address: field.longText(500),
    previousSchool: field.text(200),
    guardianName: field.text().required().search().column(),
    /** E.164 in the reply; typed with or without the country code. */
    guardianMobile: field.phone().required().search().column(),
    status: field.readOnly(AdmissionStatus).filter().sort().column("status"),
    guardianEmail: field.email(),
    guardianRelation: field.text(40),
    /** The language letters to the guardian are written in; left out, the school's. */
    guardianLanguage: field.choice(Language).default("en"),
    source: field.readOnly(AdmissionSource).filter(),
    email: field.email().hidden(),
    mobile: field.phone().hidden(),
    /** The photo's upload path. */
    photo: field.shaped(UploadPath, z.string()),
    documents: field.shaped(DocumentPaths, z.array(AdmissionDocument)).default([]),
    /** The school's own fields (spec 001 §3); a single admission also has them spread onto the record. */
    customfields: field.shaped(CustomValues, z.record(z.string(), z.unknown())).default({}),
    consent: field.readOnly(AdmissionConsent.nullable()),
    decisionReason: field.readOnly(z.string().nullable()),
    decidedAt: field.readOnly(Instant.nullable()),
    approvalLetterSentAt: field.readOnly(Instant.nullable()),
    rejectionLetterSentAt: field.readOnly(Instant.nullable()),
    studentId: field.readOnly(z.number().nullable()),
    enrolmentId: field.readOnly(z.number().nullable()),
    parentUserId: field.readOnly(z.number().nullable()),
    createdAt: field.createdAt.column("date"),
  },
  filters: { createdAtFrom: "from", createdAtTo: "to" },
  // The school's language is the default the server fills in; no fixed one.
  refine: (create) => create.extend({ guardianLanguage: Language.optional() }),
});
export const AdmissionRow = admissionResource.row;
export type AdmissionRow = z.infer<typeof AdmissionRow>;
export const AdmissionCreate = admissionResource.create;
export const AdmissionUpdate = admissionResource.update;

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
export type LetterResult = z.infer<typeof LetterResult>;
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

const applicant = admissionResource.create.pick({
  name: true,
  nameNative: true,
  gender: true,
  dateOfBirth: true,
  email: true,
  mobile: true,
  address: true,
  previousSchool: true,
  courseId: true,
}).shape;

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
  customfields: CustomValues.default({}),
  consent: z.object({
    accepted: z.literal(true, { error: "The guardian's consent is needed to send an application" }),
    /** The version the form showed (from the form call). */
    version: z.string().min(1).max(64),
    language: Language,
  }),
  /** The form's language: the reply and the guardian's letters use it. */
  language: Language.default("en"),
  /**
   * A field people never see and robots fill: left empty by the form. A filled one is answered
   * as a received application and nothing is stored.
   */
  website: z.string().max(2000).optional(),
});
export const AdmissionApplyReply = z.object({ message: z.string(), applicationNo: z.string() });
