import type { FormField, Localised } from "@taleem/contract";
import { dateInputFormat } from "./format";

// Types only from the contract: its zod schemas stay out of the public pages' bundles.
export type { FormField };

/**
 * What every form built from FormField shares (the admission form, a record type's public page,
 * a row added by staff): the answers as typed, the checks a form can make before sending, how
 * answers travel, and the server's complaints put back on their fields.
 */

/** A file the reader picked, read once as a data URL for sending. */
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

/** The reader's text of a school's localised label: their language, else English, else the plain label. */
export function localised(labels: Localised | undefined, lng: string, fallback = ""): string {
  const l = labels as Record<string, string | undefined> | undefined;
  return l?.[lng] ?? l?.en ?? fallback;
}

export const text = (v: FieldValue) => (typeof v === "string" ? v.trim() : "");
export const isPicked = (v: unknown): v is PickedFile => typeof v === "object" && v !== null && !Array.isArray(v) && "file" in v;
/** Nothing answered: no value, blank text or an empty list. */
export const isBlank = (v: FieldValue) => v === undefined || (typeof v === "string" && v.trim() === "") || (Array.isArray(v) && v.length === 0);

/** Loosely a mobile number: the server reads it with the school's country code. */
export const looksLikeMobile = (v: string) => /^\+?[0-9 ()-]{6,20}$/.test(v.trim()) && v.replace(/\D/g, "").length >= 6;
const looksLikeEmail = (v: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.trim());

/** A key under the forms namespace's `apply.errors` and its values. */
export type Problem = { key: string; params?: Record<string, unknown> };

/**
 * What the form itself can tell before sending (the server checks again, and files by content).
 * `isMobile` judges a mobile number: the school's country's rules (`ui/mobile-check`, loaded when
 * the form is first touched, not with the page), or loosely without them.
 */
export function checkValues(fields: FormField[], values: Values, isMobile: (text: string) => boolean = looksLikeMobile): Record<string, Problem> {
  const out: Record<string, Problem> = {};
  for (const f of fields) {
    const v = values[f.key];
    if (isBlank(v)) {
      if (f.required) out[f.key] = { key: f.kind === "file" ? "fileRequired" : f.kind === "choice" ? "choose" : "required" };
      continue;
    }
    const s = text(v);
    if (f.maxLength && s.length > f.maxLength) out[f.key] = { key: "tooLong", params: { max: f.maxLength } };
    else if (f.kind === "email" && !looksLikeEmail(s)) out[f.key] = { key: "email" };
    else if (f.kind === "phone" && !isMobile(s)) out[f.key] = { key: "phone" };
    else if (f.kind === "date" && !/^\d{4}-\d{2}-\d{2}$/.test(s)) out[f.key] = { key: "date", params: { format: dateInputFormat() } };
    else if (f.kind === "number") {
      const n = Number(s);
      if (!Number.isFinite(n)) out[f.key] = { key: "number" };
      else if (f.min !== null && n < f.min) out[f.key] = { key: "min", params: { min: f.min } };
      else if (f.max !== null && n > f.max) out[f.key] = { key: "max", params: { max: f.max } };
    }
  }
  return out;
}

/** A picked file as the server takes it inside JSON (see FileUpload in the contract). */
export const upload = (p: PickedFile) => ({ name: p.name, data: p.data });

/** One of the school's own fields as the server takes it: numbers as numbers, files inline, choices as chosen. */
export function customValue(f: FormField, v: FieldValue): unknown {
  if (f.kind === "file") return isPicked(v) ? upload(v) : undefined;
  if (f.kind === "number") return Number(text(v));
  return Array.isArray(v) ? v : text(v);
}

/** The school's own fields' answers keyed by field; unanswered ones are left out. */
export function customData(fields: FormField[], values: Values): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) if (!isBlank(values[f.key])) out[f.key] = customValue(f, values[f.key]);
  return out;
}

/** Total bytes of the files picked so far. */
export function pickedBytes(values: Values): number {
  let n = 0;
  for (const v of Object.values(values)) {
    if (isPicked(v)) n += v.file.size;
    else if (Array.isArray(v)) for (const x of v) if (isPicked(x)) n += x.file.size;
  }
  return n;
}

type Issue = { field?: string; message?: string };
type ErrorLike = { params: Record<string, unknown> };
const hasParams = (e: unknown): e is ErrorLike => typeof e === "object" && e !== null && typeof (e as ErrorLike).params === "object";

/**
 * A 400's complaints (`params.issues`, `params.fields`, `params.field`) as a message per form
 * field. `keyOf` turns the server's path (`data.room`, `guardian.mobile`) into a field key. The
 * server's own words are English: other readers get a translated sentence for the kind of problem.
 */
export function fieldErrors(
  err: unknown,
  fields: FormField[],
  keyOf: (path: string) => string,
  say: { lng: string; t: (key: string) => string; whole: (err: unknown) => string },
): Record<string, string> {
  if (!hasParams(err)) return {};
  const out: Record<string, string> = {};
  const issues = Array.isArray(err.params.issues) ? (err.params.issues as Issue[]) : [];
  for (const issue of issues) {
    if (!issue.field) continue;
    const key = keyOf(issue.field);
    const kind = fields.find((f) => f.key === key)?.kind;
    const missing = /is required\.?$/.test(issue.message ?? "");
    const generic = missing ? (kind === "file" ? "fileRequired" : kind === "choice" ? "choose" : "required") : kind === "file" ? "fileRejected" : "invalid";
    out[key] ??= say.lng === "en" && issue.message ? issue.message : say.t(`apply.errors.${generic}`);
  }
  const named = [
    ...(Array.isArray(err.params.fields) ? (err.params.fields as string[]) : []),
    ...(typeof err.params.field === "string" ? [err.params.field] : []),
  ];
  for (const f of named) out[keyOf(f)] ??= say.whole(err);
  return out;
}

/** Brings the first of these fields (in form order) into view and focus. */
export function focusField(form: HTMLFormElement | null, fields: FormField[], keys: string[]): void {
  const first = fields.find((f) => keys.includes(f.key))?.key ?? keys[0];
  requestAnimationFrame(() => {
    const el = form?.querySelector<HTMLElement>(`[name="${first}"]:not([type=file]), [data-field="${first}"] button`);
    el?.focus();
    el?.scrollIntoView({ block: "center" });
  });
}

/** A record type's field a server path names: `data.room` is room (the values travel under `data`). */
export const recordFieldOf = (path: string) => path.replace(/^data\./, "");
