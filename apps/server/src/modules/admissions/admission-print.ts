import type { Localised } from "@taleem/contract";
import { embeddedFontCss, FONT_STACK } from "../../platform/files/fonts.js";
import { escapeHtml as h } from "../../platform/files/html.js";
import { nameOfPath, type UploadStore } from "../../platform/files/uploads.js";
import { tenantOf } from "../../platform/tenancy/tenant-of.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { batchNames, courseNames } from "../academics/academics.service.js";
import { fieldsOf } from "../settings/custom-fields.service.js";
import { FIELD_LABELS, GENDER_LABELS, PRINT, pick } from "./admission-texts.js";
import type { AdmissionRecord } from "./admissions.table.js";

const RTL = new Set(["ar", "ur"]);

interface Line {
  label: string;
  value: string;
}

/** Everything the printed application shows, already in the reader's language. */
export interface AdmissionSheet {
  language: string;
  school: { name: string; address: string | null; contact: string; logo: string | null };
  title: string;
  head: Line[];
  name: string;
  nameNative: string | null;
  photo: string | null;
  sections: { title: string; lines: Line[] }[];
  documents: string[];
  consent: { title: string; text: string | null; note: string };
  signature: string;
  date: string;
  office: string;
  printed: string;
}

/** An uploaded image of this school as a data URL: the PDF is printed offline. */
async function embedded(store: UploadStore, scope: TenantScope, path: string | null): Promise<string | null> {
  if (!path || !/^\/admin\/(api|open)\/upload\//.test(path)) return null;
  const name = nameOfPath(path);
  if (!name || (path.startsWith("/admin/open/") && !path.startsWith(`/admin/open/upload/${scope.tenantId}/`))) return null;
  const bytes = await store.read(scope.tenantId, name);
  if (!bytes) return null;
  const type = name.endsWith(".png") ? "image/png" : name.endsWith(".webp") ? "image/webp" : name.endsWith(".jpg") ? "image/jpeg" : null;
  return type ? `data:${type};base64,${bytes.toString("base64")}` : null;
}

/** What the screen preview and the PDF both print, in `language`. */
export async function admissionSheet(scope: TenantScope, store: UploadStore, a: AdmissionRecord, language: string): Promise<AdmissionSheet> {
  const tenant = await tenantOf(scope);
  const [courseById, batchById, defs, photo, logo] = await Promise.all([
    courseNames(scope, a.courseId ? [a.courseId] : []),
    batchNames(scope, a.batchId ? [a.batchId] : []),
    fieldsOf(scope, { entity: "admission" }, true),
    embedded(store, scope, a.photo),
    embedded(store, scope, tenant.logo),
  ]);
  const t = (key: string) => pick(PRINT[key]!, language);
  const f = (key: string) => pick(FIELD_LABELS[key]!, language);
  const date = (d: Date | string | null) =>
    d ? new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: tenant.timeZone }).format(typeof d === "string" ? new Date(`${d}T12:00:00Z`) : d) : "";
  const label = (l: string, ls: Localised) => pick(ls, language, l);
  const present = (lines: Line[]) => lines.filter((l) => l.value);

  const custom: Line[] = defs
    .filter((d) => a.customFields[d.key] !== undefined && a.customFields[d.key] !== null)
    .map((d) => {
      const v = a.customFields[d.key];
      let value: string;
      if (d.kind === "choice") {
        const chosen = Array.isArray(v) ? v : [v];
        value = chosen
          .map((c) => d.options.find((o) => o.value === c))
          .map((o, i) => (o ? label(o.value, o.labels ?? {}) : String(chosen[i])))
          .join(", ");
      } else if (d.kind === "file") value = (v as { name?: string })?.name ?? "";
      else if (d.kind === "date") value = date(String(v));
      else value = String(v);
      return { label: label(d.label, d.labels), value };
    });

  return {
    language,
    school: {
      name: tenant.name,
      address: tenant.address,
      contact: [tenant.contactPhone, tenant.contactEmail].filter(Boolean).join(" · "),
      logo,
    },
    title: t("title"),
    head: [
      { label: t("applicationNo"), value: a.applicationNo },
      { label: t("appliedOn"), value: date(a.createdAt) },
      { label: t("status"), value: t(a.status) },
    ],
    name: a.name,
    nameNative: a.nameNative,
    photo,
    sections: [
      {
        title: t("applicant"),
        lines: present([
          { label: f("gender"), value: a.gender ? pick(GENDER_LABELS[a.gender], language) : "" },
          { label: f("dateOfBirth"), value: date(a.dateOfBirth) },
          {
            label: f("courseId"),
            value: [a.courseId ? courseById.get(a.courseId) : "", a.batchId ? batchById.get(a.batchId) : ""].filter(Boolean).join(" · "),
          },
          { label: f("previousSchool"), value: a.previousSchool ?? "" },
          { label: f("email"), value: a.email ?? "" },
          { label: f("mobile"), value: a.mobile ?? "" },
          { label: f("address"), value: a.address ?? "" },
        ]),
      },
      {
        title: t("guardian"),
        lines: present([
          { label: f("guardianName"), value: a.guardianName },
          { label: f("guardianRelation"), value: a.guardianRelation ?? "" },
          { label: f("guardianMobile"), value: a.guardianMobile },
          { label: f("guardianEmail"), value: a.guardianEmail ?? "" },
        ]),
      },
      ...(custom.length ? [{ title: t("more"), lines: custom }] : []),
      ...(a.status === "rejected" && a.decisionReason ? [{ title: t("rejected"), lines: [{ label: t("reason"), value: a.decisionReason }] }] : []),
    ],
    documents: a.documents.map((d) => (d.label ? `${d.label}: ${d.name}` : d.name)),
    consent: {
      title: t("consent"),
      text: a.consentText,
      note: a.consentText && a.consentAt ? t("consentGiven").replace("{date}", date(a.consentAt)) : t("consentNone"),
    },
    signature: t("signature"),
    date: t("date"),
    office: t("office"),
    printed: t("printed").replace("{date}", date(new Date())),
  };
}

const lineRows = (lines: Line[]) => lines.map((l) => `<tr><th>${h(l.label)}</th><td><bdi dir="auto">${h(l.value)}</bdi></td></tr>`).join("");

/**
 * The printed application as an HTML page: the screen preview shows this very page and the PDF
 * is printed from it, so they cannot disagree. Right-to-left for Arabic and Urdu, every value
 * isolated so a name in another script keeps its own direction.
 */
export function admissionHtml(s: AdmissionSheet): string {
  const rtl = RTL.has(s.language);
  const sections = s.sections.map((sec) => `<section><h2>${h(sec.title)}</h2><table class="lines">${lineRows(sec.lines)}</table></section>`).join("");
  const documents = s.documents.length
    ? `<section><h2>${h(pick(FIELD_LABELS.documents!, s.language))}</h2><ul>${s.documents.map((d) => `<li><bdi dir="auto">${h(d)}</bdi></li>`).join("")}</ul></section>`
    : "";
  return `<!doctype html>
<html lang="${h(s.language)}" dir="${rtl ? "rtl" : "ltr"}"><head><meta charset="utf-8"><title>${h(s.title)}</title>
<style>
${embeddedFontCss()}
@page { size: A4; }
* { box-sizing: border-box; }
body { font-family: ${s.language === "ur" ? FONT_STACK.nastaliq : FONT_STACK.naskh}; font-size: 10pt; color: #1b1f24; margin: 0; line-height: ${s.language === "ur" ? "1.9" : "1.45"}; }
header { display: flex; align-items: center; gap: 12px; border-bottom: 2px solid #1f6f5c; padding-bottom: 8px; }
header img { width: 56px; height: 56px; object-fit: contain; }
.school h1 { font-size: 16pt; margin: 0; color: #1f6f5c; }
.school div { font-size: 9pt; color: #444; }
.title { display: flex; justify-content: space-between; align-items: flex-start; gap: 16px; margin: 14px 0 6px; }
.title h2 { font-size: 14pt; margin: 0 0 6px; }
.names .name { font-size: 15pt; font-weight: 700; }
.names .native { font-size: 15pt; }
.head { margin-top: 6px; border-collapse: collapse; }
.head th { text-align: start; font-weight: 400; color: #5a6b66; padding: 1px 12px 1px 0; }
[dir="rtl"] .head th { padding: 1px 0 1px 12px; }
.head td { font-weight: 700; }
.photo { width: 32mm; height: 40mm; border: 1px solid #9bb5ad; display: flex; align-items: center; justify-content: center; flex: none; }
.photo img { width: 100%; height: 100%; object-fit: cover; }
section { margin-top: 8px; break-inside: avoid; }
section h2 { font-size: 11.5pt; color: #1f6f5c; border-bottom: 1px solid #d5e2de; margin: 0 0 4px; padding-bottom: 2px; }
table.lines { width: 100%; border-collapse: collapse; }
table.lines th { width: 38%; text-align: start; font-weight: 400; color: #5a6b66; padding: 2px 8px 2px 0; vertical-align: top; }
[dir="rtl"] table.lines th { padding: 2px 0 2px 8px; }
table.lines td { padding: 2px 0; vertical-align: top; }
ul { margin: 0; padding-inline-start: 18px; }
.consent p { margin: 0 0 4px; }
.consent .note { color: #5a6b66; font-size: 9pt; }
.signatures { display: flex; justify-content: space-between; gap: 24px; margin-top: 24px; }
.signatures div { flex: 1; border-top: 1px solid #444; padding-top: 4px; font-size: 9pt; color: #444; }
.office { margin-top: 14px; border: 1px dashed #9bb5ad; min-height: 18mm; padding: 6px; font-size: 9pt; color: #5a6b66; break-inside: avoid; }
footer { margin-top: 10px; font-size: 8pt; color: #777; }
</style></head>
<body>
<header>
  ${s.school.logo ? `<img src="${h(s.school.logo)}" alt="">` : ""}
  <div class="school"><h1><bdi dir="auto">${h(s.school.name)}</bdi></h1>${s.school.address ? `<div><bdi dir="auto">${h(s.school.address)}</bdi></div>` : ""}${
    s.school.contact ? `<div><bdi dir="ltr">${h(s.school.contact)}</bdi></div>` : ""
  }</div>
</header>
<div class="title">
  <div>
    <h2>${h(s.title)}</h2>
    <div class="names"><div class="name"><bdi dir="auto">${h(s.name)}</bdi></div>${s.nameNative ? `<div class="native"><bdi dir="auto">${h(s.nameNative)}</bdi></div>` : ""}</div>
    <table class="head">${lineRows(s.head)}</table>
  </div>
  <div class="photo">${s.photo ? `<img src="${h(s.photo)}" alt="">` : ""}</div>
</div>
${sections}
${documents}
<section class="consent"><h2>${h(s.consent.title)}</h2>${s.consent.text ? `<p dir="auto">${h(s.consent.text)}</p>` : ""}<div class="note">${h(s.consent.note)}</div></section>
<div class="signatures"><div>${h(s.signature)}</div><div>${h(s.date)}</div></div>
<div class="office">${h(s.office)}</div>
<footer>${h(s.printed)}</footer>
</body></html>`;
}
