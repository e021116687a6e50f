import { eq } from "drizzle-orm";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { alumni } from "./alumni.table.js";

/** The alumni record made from a student, if any. */
export async function alumnusOfStudent(scope: TenantScope, studentId: number) {
  const [row] = await scope.db
    .select({ id: alumni.id })
    .from(alumni)
    .where(scope.where(alumni, eq(alumni.studentId, studentId)))
    .limit(1);
  return row;
}
