import { z } from "zod";
import { ENROLMENT_READERS } from "../academics/enrolment-readers.js";
import { defineAction, FILE_TYPES, fileReply, IdParams } from "../action.js";
import { Language } from "../values.js";
import {
  AdmissionApply,
  AdmissionApplyReply,
  AdmissionBulk,
  AdmissionDecision,
  AdmissionDetail,
  AdmissionEnrol,
  AdmissionEnrolReply,
  AdmissionImportReply,
  AdmissionLetter,
  AdmissionListReply,
  AdmissionPrintReply,
  AdmissionPublicForm,
  AdmissionReject,
  AdmissionStatus,
  DecisionReply,
  LetterReply,
  PrintQuery,
} from "./admission.js";
import { IMAGE_TYPES, PUBLIC_FORM_RATES, UPLOAD_LIMITS } from "./common.js";
import { PUBLIC_FORM_PATHS } from "./public-calls.js";

const MB = 1024 * 1024;
const view = { module: "admissions", permission: ["admissions", "view"], family: "scoped" } as const;
const decide = { module: "admissions", permission: ["admissions", "approve"], errors: [404, 409], refreshes: ["admission"] } as const;

const LETTERS_NOTE =
  "Letters come from the school's document templates (purpose admission.approval or admission.rejection) in the guardian's language, else the school's, else English. " +
  "Channels left out: e-mail when the guardian gave one, and WhatsApp when the provider is configured, else SMS; without a provider they wait in the outbox.";

const PRINT_NOTE = "lang: en, ta, ur, ar or ml (default the caller's language).";

const COLUMNS_NOTE =
  "Columns (header row; other spellings accepted): name, guardianName, guardianMobile (required), nameNative, gender, dateOfBirth (YYYY-MM-DD), course (a course's name), " +
  "previousSchool, email, mobile, address, guardianEmail, guardianRelation, guardianLanguage, timestamp (ignored), and the school's admission fields by key or label. " +
  "All or nothing: any bad row answers 400 import.invalid with params.problems [{row, column, message}] (the header is row 1). " +
  "Rows already imported (same name, date of birth and guardian mobile) are skipped.";

export const allAdmissions = defineAction({
  ...view,
  method: "GET",
  path: "/admin/api/admission/all",
  summary: "Every application (at most 5000, newest first), optionally of one status; totalApproved counts approved and enrolled ones",
  query: z.object({ status: AdmissionStatus.optional() }),
  reply: AdmissionListReply,
});

export const getAdmission = defineAction({
  ...view,
  method: "GET",
  path: "/admin/api/admission/:id",
  summary: "One application, its custom fields spread onto it and also kept under customfields",
  params: IdParams,
  reply: z.object({ message: z.string(), data: AdmissionDetail }),
  errors: [404],
});

export const printAdmission = defineAction({
  ...view,
  method: "GET",
  path: "/admin/api/admission/print/:id",
  summary: "The printed application as HTML, for an on-screen preview: the same page download-pdf prints",
  description: `${PRINT_NOTE} Show it in a sandboxed iframe (srcdoc).`,
  params: IdParams,
  query: PrintQuery,
  reply: AdmissionPrintReply,
  errors: [404],
});

export const downloadAdmissionPdf = defineAction({
  ...view,
  method: "GET",
  path: "/admin/api/admission/download-pdf/:id",
  summary: "The printed application as a PDF (admission-{id}.pdf)",
  description: `${PRINT_NOTE} Printed by Chromium from the page admission/print/{id} shows.`,
  params: IdParams,
  query: PrintQuery,
  reply: fileReply(FILE_TYPES.pdf, "admission-{id}.pdf"),
  errors: [404, 503],
});

export const approveAdmission = defineAction({
  ...decide,
  method: "POST",
  path: "/admin/api/admission/approve",
  summary: "Approve an application (status rejected rejects it), and send the letter unless notify is false",
  description: LETTERS_NOTE,
  body: AdmissionDecision,
  reply: DecisionReply,
});

export const rejectAdmission = defineAction({
  ...decide,
  method: "POST",
  path: "/admin/api/admission/reject",
  summary: "Reject an application with an optional reason ({{reason}} in the letter), and send the letter unless notify is false",
  description: LETTERS_NOTE,
  body: AdmissionReject,
  reply: DecisionReply,
});

export const sendApprovalLetter = defineAction({
  ...decide,
  method: "POST",
  path: "/admin/api/admission/send-approval-letter",
  summary: "Send the approval letter again (the application must be approved or enrolled)",
  description: LETTERS_NOTE,
  body: AdmissionLetter,
  reply: LetterReply,
});

export const sendRejectionLetter = defineAction({
  ...decide,
  method: "POST",
  path: "/admin/api/admission/send-rejection-letter",
  summary: "Send the rejection letter again (the application must be rejected)",
  description: LETTERS_NOTE,
  body: AdmissionLetter,
  reply: LetterReply,
});

export const enrolAdmission = defineAction({
  ...decide,
  method: "POST",
  path: "/admin/api/admission/enrollstudent",
  summary: "Enrol an approved applicant: the student, the parent's account (linked or made) and the enrolment, in one transaction",
  description:
    "The guardian's mobile number finds the school's user (given a Parent profile if they lack one) or makes one with no password: " +
    "they sign in the first time with a one-time code and then set a password. The student's admission number is admissionNo, else the application number.",
  body: AdmissionEnrol,
  reply: AdmissionEnrolReply,
  refreshes: ["admission", "student", "enrollment"],
  // It makes the student, the parent's user and the enrolment.
  invalidates: ["admissions", "users", ...ENROLMENT_READERS],
});

export const importAdmissions = defineAction({
  module: "admissions",
  permission: ["admissions", "add"],
  method: "POST",
  path: "/admin/api/admission/bulk",
  summary: "Import applications from an Excel (.xlsx, first sheet) or CSV file sent as base64",
  description: `Body: {fileName, data}; data is base64 or a data URL, at most 8 MB. ${COLUMNS_NOTE}`,
  body: AdmissionBulk,
  reply: AdmissionImportReply,
  errors: [413],
  refreshes: ["admission"],
});

export const importAdmissionsFromSheet = defineAction({
  module: "admissions",
  permission: ["admissions", "add"],
  family: "scoped",
  method: "GET",
  path: "/admin/api/admission/fetch-from-google-sheets/:id",
  // A GET the specification names, which writes: it needs x-requested-with like any change.
  changesData: true,
  summary: "Import applications from the Google Sheet linked to the admission form (id: the form customisation's id)",
  description: `Reads the sheet's CSV export (Google Docs addresses only). ${COLUMNS_NOTE}`,
  params: IdParams,
  reply: AdmissionImportReply,
  errors: [404],
  refreshes: ["admission"],
});

const SchoolCode = z.object({ code: z.string().max(60) });

export const admissionPublicForm = defineAction({
  module: "admissions",
  access: "open",
  method: "GET",
  path: PUBLIC_FORM_PATHS.admissionForm,
  summary: "What the public admission form shows: the school, whether it takes applications, the fields, courses and the consent text",
  description:
    "fields lists the built-in fields the school shows (key, kind, labels in the five languages, required) and its own admission fields, in order. " +
    "Built-in guardian fields are sent under guardian (guardianName as guardian.name, guardianMobile as guardian.mobile, guardianEmail as guardian.email, " +
    "guardianRelation as guardian.relation), the school's own under customfields. The form sends consent.version back with the language whose text it showed.",
  params: SchoolCode,
  query: z.object({ lang: Language.optional() }),
  reply: AdmissionPublicForm,
  errors: [404, 429],
});

export const applyForAdmission = defineAction({
  module: "admissions",
  access: "open",
  method: "POST",
  path: PUBLIC_FORM_PATHS.apply,
  summary: "Send an application through the school's public admission form",
  description:
    `Checked as the school's form says: required fields, offered courses, custom fields by their definitions. photo: {name, data} (${IMAGE_TYPES.join(", ")}, ` +
    `at most ${UPLOAD_LIMITS.photoBytes / MB} MB); documents: [{label, file: {name, data}}] (also PDF, at most ${UPLOAD_LIMITS.fileBytes / MB} MB each, ` +
    `${UPLOAD_LIMITS.maxDocuments} documents, ${UPLOAD_LIMITS.submissionBytes / MB} MB together); data is a data URL or base64, checked by its content. ` +
    "consent: {accepted: true, version (from the form call), language}: the exact text shown is stored with the time. Every problem answers 400 with params.fields; " +
    "an old consent version 409 admission.consent_changed; a school not taking applications 403 admission.closed. More applications from one address in an hour " +
    `than the school's admissionsPerAddressHour (default ${PUBLIC_FORM_RATES.applicationsPerHour}) answer 429 admission.too_many_from_address, more stored in a day than ` +
    `its admissionsPerDay (default ${PUBLIC_FORM_RATES.applicationsPerDay}) 429 admission.too_many_today, both with Retry-After. An exact repeat (the same child's name, ` +
    "birth date and guardian mobile as a pending or approved application) stores nothing and answers as that application did, with its number. " +
    "website must stay empty: when filled, the reply looks the same and nothing is stored. The reply carries the application number and a confirmation in the form's language.",
  params: SchoolCode,
  body: AdmissionApply,
  reply: AdmissionApplyReply,
  errors: [403, 404, 409, 413, 429],
});
