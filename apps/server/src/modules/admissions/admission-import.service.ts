import { DateOnly, Email, type Gender, isLanguage, LANGUAGES, languageOr } from "@taleem/contract";
import { sql } from "drizzle-orm";
import type { RequestContext } from "../../platform/actions/request-context.js";
import { tryE164 } from "../../platform/auth/phone.js";
import { type ImportColumn, type ImportProblem, readCsv } from "../../platform/files/csv-import.js";
import { AppError } from "../../platform/http/errors.js";
import { schoolYear } from "../../platform/tenancy/school-calendar.js";
import { tenantOf } from "../../platform/tenancy/tenant-of.js";
import { checkCustomValues, fieldsOf } from "../settings/custom-fields.service.js";
import { nextApplicationNo, offeredCourses } from "./admissions.service.js";
import { admissions } from "./admissions.table.js";

const COLUMNS: readonly ImportColumn[] = [
  { key: "name", required: true, aliases: ["student name", "child name", "full name", "name of the child", "applicant name"] },
  { key: "nameNative", aliases: ["native name", "name native", "name in own script", "name (native)"] },
  { key: "gender", aliases: ["sex"] },
  { key: "dateOfBirth", aliases: ["dob", "date of birth", "birth date"] },
  { key: "course", aliases: ["course name", "course applied for", "programme"] },
  { key: "previousSchool", aliases: ["previous school", "last school"] },
  { key: "email", aliases: ["student email", "student e-mail"] },
  { key: "mobile", aliases: ["student mobile", "student phone"] },
  { key: "address" },
  { key: "guardianName", required: true, aliases: ["guardian name", "parent name", "parent or guardian's name", "father name", "guardian"] },
  {
    key: "guardianMobile",
    required: true,
    aliases: ["guardian mobile", "parent mobile", "guardian phone", "parent phone", "contact number", "parent or guardian's mobile number"],
  },
  // A Google Form's own "Email Address" column is the person who filled it in: the parent.
  { key: "guardianEmail", aliases: ["guardian email", "parent email", "email address", "parent or guardian's e-mail"] },
  { key: "guardianRelation", aliases: ["relation", "relationship", "relation to the child"] },
  { key: "guardianLanguage", aliases: ["language"] },
  // Google Forms adds when each answer came; it is not stored.
  { key: "timestamp" },
];

function invalid(problems: ImportProblem[]) {
  const sorted = [...problems].sort((a, b) => a.row - b.row);
  return new AppError(400, "import.invalid", `${sorted.length} problem(s) in the sheet; nothing was imported. Fix them and import again.`, {
    problems: sorted,
  });
}

/**
 * Applications from a sheet (the admission form's Google Sheet, or an uploaded file): every row
 * is checked first and every problem reported with its row number (400, nothing written); rows
 * already imported (same name, date of birth and guardian mobile) are skipped; the rest are
 * filed with consecutive application numbers, in the caller's transaction.
 */
export async function importApplications(ctx: RequestContext, text: string) {
  const { scope } = ctx;
  const tenant = await tenantOf(scope);
  const defs = (await fieldsOf(scope, { entity: "admission" })).filter((d) => d.kind !== "file");
  const columns: ImportColumn[] = [
    ...COLUMNS,
    ...defs.map((d) => ({ key: d.key, required: false, aliases: [d.label, ...Object.values(d.labels).filter((l): l is string => !!l)] })),
  ];
  const { table, problems } = readCsv(text, columns);
  if (problems.length) throw invalid(problems);
  const courses = table.present.has("course") ? await offeredCourses(scope, null) : [];
  const seen = new Map<string, number>();
  const good: (Omit<typeof admissions.$inferInsert, "tenantId"> & { row: number; key: string })[] = [];
  for (const { row, values: v } of table.rows) {
    const bad = (column: string, message: string) => problems.push({ row, column, message });
    const name = v.name ?? "";
    if (!name) bad("name", "The name is empty.");
    else if (name.length > 120) bad("name", "The name is longer than 120 characters.");
    if (v.nameNative && v.nameNative.length > 120) bad("nameNative", "The native name is longer than 120 characters.");
    let gender: Gender | null = null;
    if (v.gender) {
      const g = v.gender.toLowerCase();
      if (["male", "m", "boy"].includes(g)) gender = "male";
      else if (["female", "f", "girl"].includes(g)) gender = "female";
      else bad("gender", `"${v.gender}" is not a gender; use male or female.`);
    }
    if (v.dateOfBirth && !DateOnly.safeParse(v.dateOfBirth).success) bad("dateOfBirth", `"${v.dateOfBirth}" is not a date; use YYYY-MM-DD.`);
    let courseId: number | null = null;
    if (v.course) {
      const match = courses.filter((c) => c.name.toLowerCase() === v.course!.toLowerCase());
      if (match.length === 1) courseId = match[0]!.id;
      else bad("course", `No active course "${v.course}". Courses: ${courses.map((c) => c.name).join(", ") || "none"}.`);
    }
    if (v.email && !Email.safeParse(v.email).success) bad("email", `"${v.email}" is not an email address.`);
    const mobile = v.mobile ? tryE164(v.mobile, tenant.country) : null;
    if (v.mobile && !mobile) bad("mobile", `"${v.mobile}" is not a valid mobile number.`);
    const guardianName = v.guardianName ?? "";
    if (!guardianName) bad("guardianName", "The guardian's name is empty.");
    else if (guardianName.length > 120) bad("guardianName", "The guardian's name is longer than 120 characters.");
    const guardianMobile = v.guardianMobile ? tryE164(v.guardianMobile, tenant.country) : null;
    if (!v.guardianMobile) bad("guardianMobile", "The guardian's mobile number is empty.");
    else if (!guardianMobile) bad("guardianMobile", `"${v.guardianMobile}" is not a valid mobile number.`);
    if (v.guardianEmail && !Email.safeParse(v.guardianEmail).success) bad("guardianEmail", `"${v.guardianEmail}" is not an email address.`);
    if (v.guardianLanguage && !isLanguage(v.guardianLanguage.toLowerCase())) {
      bad("guardianLanguage", `"${v.guardianLanguage}" is not a language; use ${LANGUAGES.join(", ")}.`);
    }
    if (v.address && v.address.length > 500) bad("address", "The address is longer than 500 characters.");
    const custom = Object.fromEntries(defs.filter((d) => v[d.key]).map((d) => [d.key, d.multiple ? v[d.key]!.split(/\s*[,;]\s*/) : v[d.key]]));
    let customFields: Record<string, unknown> = {};
    try {
      customFields = await checkCustomValues(scope, defs, custom, { field: "customfields", unknown: "refuse", module: "admissions", paths: false });
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      for (const i of (e.params?.issues as { field: string; message: string }[]) ?? []) bad(i.field.replace(/^customfields\./, ""), i.message);
    }
    const key = `${name.toLowerCase()}|${guardianMobile}|${v.dateOfBirth ?? ""}`;
    if (seen.has(key)) bad("name", `${name} with this guardian is also on row ${seen.get(key)}.`);
    else seen.set(key, row);
    good.push({
      row,
      key,
      applicationNo: "",
      source: "import",
      name,
      nameNative: v.nameNative || null,
      gender,
      dateOfBirth: v.dateOfBirth || null,
      courseId,
      previousSchool: v.previousSchool?.slice(0, 200) || null,
      email: v.email?.toLowerCase() || null,
      mobile,
      address: v.address || null,
      guardianName,
      guardianMobile: guardianMobile ?? "",
      guardianEmail: v.guardianEmail?.toLowerCase() || null,
      guardianRelation: v.guardianRelation?.slice(0, 40) || null,
      guardianLanguage: languageOr(v.guardianLanguage?.toLowerCase() || tenant.defaultLanguage),
      customFields,
    });
  }
  if (problems.length) throw invalid(problems);

  const known = await scope.db
    .select({ key: sql<string>`lower(${admissions.name}) || '|' || ${admissions.guardianMobile} || '|' || coalesce(${admissions.dateOfBirth}::text, '')` })
    .from(admissions)
    .where(scope.where(admissions));
  const done = new Set(known.map((k) => k.key));
  const fresh = good.filter((g) => !done.has(g.key));
  const year = schoolYear(tenant);
  const numbers: string[] = [];
  for (const { row: _row, key: _key, ...values } of fresh) {
    const applicationNo = await nextApplicationNo(scope, year);
    await scope.insert(admissions, { ...values, applicationNo });
    numbers.push(applicationNo);
  }
  await ctx.audit({ action: "import", entity: "admissions", details: { created: fresh.length, skipped: good.length - fresh.length } });
  return { created: fresh.length, skipped: good.length - fresh.length, applicationNos: numbers };
}
