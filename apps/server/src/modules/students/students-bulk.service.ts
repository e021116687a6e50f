import type { BulkStudents } from "@taleem/contract";
import type { z } from "zod";
import type { RequestContext } from "../../platform/actions/request-context.js";
import { toE164 } from "../../platform/auth/phone.js";
import { tenantOf } from "../../platform/tenancy/tenant-of.js";
import { checkCustomValues, fieldsOf } from "../settings/custom-fields.service.js";
import { linkGuardians, parentAccounts } from "./guardian-accounts.service.js";
import { setGuardians } from "./students.service.js";
import { students } from "./students.table.js";

/**
 * Many students with their guardians, in the request's transaction and a fixed number of
 * statements: one multi-row INSERT of the students (a taken or repeated admission number is
 * refused by the unique index: 409 naming admissionNo, nothing kept), one look-up and multi-row
 * inserts for the parent accounts, one for the links. A bad value names its row
 * (`students.3.guardianMobile`).
 */
export async function addStudents(ctx: RequestContext, rows: z.infer<typeof BulkStudents>["students"]) {
  const { scope } = ctx;
  const { country } = await tenantOf(scope);
  const defs = await fieldsOf(scope, { entity: "student" });
  const values = [];
  for (const [i, { guardians: _g, guardianName: _n, guardianMobile, guardianRelation: _r, ...s }] of rows.entries()) {
    if (guardianMobile) toE164(guardianMobile, country, `students.${i}.guardianMobile`);
    values.push({
      ...s,
      mobile: s.mobile ? toE164(s.mobile, country, `students.${i}.mobile`) : s.mobile,
      customFields: defs.length
        ? await checkCustomValues(scope, defs, s.customFields, { field: `students.${i}.customFields`, unknown: "keep", module: "students", paths: true })
        : s.customFields,
    });
  }
  const made = await scope.insertMany(students, values);
  const idOf = new Map(made.map((m) => [m.admissionNo.toLowerCase(), m.id]));
  const ids = rows.map((r) => idOf.get(r.admissionNo.toLowerCase())!);
  for (const [i, r] of rows.entries()) if (r.guardians.length) await setGuardians(scope, ids[i]!, r.guardians);
  const typed = rows.flatMap((r, i) => (r.guardianName && r.guardianMobile ? [{ r, studentId: ids[i]!, mobile: toE164(r.guardianMobile, country) }] : []));
  const parents = await parentAccounts(
    scope,
    country,
    typed.map(({ r }) => ({ name: r.guardianName!, mobile: r.guardianMobile! })),
    "guardianMobile",
  );
  await linkGuardians(
    scope,
    typed.map((t) => ({ userId: parents.byMobile.get(t.mobile)!, studentId: t.studentId, relation: t.r.guardianRelation ?? "guardian" })),
  );
  await ctx.audit({ action: "create", entity: "students", entityId: ids[0]!, details: { added: ids.length, parentsCreated: parents.created } });
  return { ids, parentsCreated: parents.created };
}
