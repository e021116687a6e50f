import type { AdmissionPublicForm, FormField, Localised } from "@taleem/contract";
import type { z } from "zod";

// Types only from the contract: its zod schemas stay out of this public page's bundle.
export type PublicForm = z.infer<typeof AdmissionPublicForm>;
export type { FormField };

/** A file the guardian picked, read once as a data URL for sending. */
export interface PickedFile {
  /** Tells two picks apart (the same file twice, say). */
  id: number;
  file: File;
  /** The name sent: the file's own, its extension matching its content. */
  name: string;
  data: string;
  /** Documents: what it is (birth certificate, say). */
  label?: string;
}

export type FieldValue = string | string[] | PickedFile | PickedFile[] | undefined;
export type Values = Record<string, FieldValue>;

/** Built-in guardian fields travel under `guardian`; the server names them so in its errors. */
const GUARDIAN: Record<string, string> = { guardianName: "name", guardianMobile: "mobile", guardianEmail: "email", guardianRelation: "relation" };

/** The reader's text of a school's localised label: their language, else English, else the plain label. */
export function localised(labels: Localised | undefined, lng: string, fallback = ""): string {
  const l = labels as Record<string, string | undefined> | undefined;
  return l?.[lng] ?? l?.en ?? fallback;
}

const text = (v: FieldValue) => (typeof v === "string" ? v.trim() : "");
const isFile = (v: unknown): v is PickedFile => typeof v === "object" && v !== null && !Array.isArray(v) && "file" in v;

/** Loosely a mobile number: the server reads it with the school's country code. */
export const looksLikeMobile = (v: string) => /^\+?[0-9 ()-]{6,20}$/.test(v.trim()) && v.replace(/\D/g, "").length >= 6;
const looksLikeEmail = (v: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.trim());

export type Problem = { key: string; params?: Record<string, unknown> };

/** What the form itself can tell before sending (the server checks again, and files by content). */
export function checkValues(fields: FormField[], values: Values): Record<string, Problem> {
  const out: Record<string, Problem> = {};
  for (const f of fields) {
    const v = values[f.key];
    const empty = v === undefined || (typeof v === "string" && v.trim() === "") || (Array.isArray(v) && v.length === 0);
    if (empty) {
      if (f.required) out[f.key] = { key: f.kind === "file" ? "fileRequired" : f.kind === "choice" ? "choose" : "required" };
      continue;
    }
    const s = text(v);
    if (f.maxLength && s.length > f.maxLength) out[f.key] = { key: "tooLong", params: { max: f.maxLength } };
    else if (f.kind === "email" && !looksLikeEmail(s)) out[f.key] = { key: "email" };
    else if (f.kind === "phone" && !looksLikeMobile(s)) out[f.key] = { key: "phone" };
    else if (f.kind === "date" && !/^\d{4}-\d{2}-\d{2}$/.test(s)) out[f.key] = { key: "date" };
    else if (f.kind === "number") {
      const n = Number(s);
      if (!Number.isFinite(n)) out[f.key] = { key: "number" };
      else if (f.min !== null && n < f.min) out[f.key] = { key: "min", params: { min: f.min } };
      else if (f.max !== null && n > f.max) out[f.key] = { key: "max", params: { max: f.max } };
    }
  }
  return out;
}

const upload = (p: PickedFile) => ({ name: p.name, data: p.data });

/** The application as POST /admin/open/admission/:code takes it; empty answers are left out. */
export function toApplication(form: PublicForm, values: Values, language: string, consentLanguage: string) {
  const body: Record<string, unknown> = {};
  const guardian: Record<string, unknown> = {};
  const customfields: Record<string, unknown> = {};
  for (const f of form.fields) {
    const v = values[f.key];
    if (v === undefined || (typeof v === "string" && v.trim() === "") || (Array.isArray(v) && v.length === 0)) continue;
    if (!f.builtin) {
      if (f.kind === "file") customfields[f.key] = isFile(v) ? upload(v) : undefined;
      else if (f.kind === "number") customfields[f.key] = Number(text(v));
      else customfields[f.key] = Array.isArray(v) ? v : text(v);
    } else if (f.key in GUARDIAN) guardian[GUARDIAN[f.key]!] = text(v);
    else if (f.key === "photo") body.photo = isFile(v) ? upload(v) : undefined;
    else if (f.key === "documents") {
      body.documents = (v as PickedFile[]).map((d) => ({ label: d.label?.trim() || null, file: upload(d) }));
    } else if (f.key === "courseId") body.courseId = Number(text(v));
    else body[f.key] = text(v);
  }
  return {
    ...body,
    guardian,
    customfields,
    consent: { accepted: true, version: form.consent.version, language: consentLanguage },
    language,
  };
}

/** The form's field a server issue concerns: guardian.mobile is guardianMobile, customfields.x is x, documents.2 is documents. */
export function fieldOfIssue(path: string, fields: FormField[]): string {
  const [head, second] = path.split(".");
  if (head === "guardian" && second) return Object.keys(GUARDIAN).find((k) => GUARDIAN[k] === second) ?? "guardianName";
  if ((head === "customfields" || head === "customFields") && second) return fields.find((f) => f.key.toLowerCase() === second.toLowerCase())?.key ?? second;
  if (head === "consent") return "consent";
  return head ?? "";
}

/** Total bytes of the files picked so far. */
export function pickedBytes(values: Values): number {
  let n = 0;
  for (const v of Object.values(values)) {
    if (isFile(v)) n += v.file.size;
    else if (Array.isArray(v)) for (const x of v) if (isFile(x)) n += x.file.size;
  }
  return n;
}
