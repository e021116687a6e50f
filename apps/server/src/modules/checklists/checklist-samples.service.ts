import { eq } from "drizzle-orm";
import { roles } from "../../platform/auth/roles.table.js";
import { users } from "../../platform/auth/users.table.js";
import { sampleTag } from "../../platform/resources/sample-tag.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { checklistLogs, checklists } from "./checklists.table.js";

/** A daily checklist the school's admins submit, as a create body (the isolation suites post it as an admin). */
export async function sampleChecklistBody(scope: TenantScope) {
  const [admin] = await scope.db
    .select({ id: roles.id })
    .from(roles)
    .where(scope.where(roles, eq(roles.builtin, "admin")));
  return {
    name: `Night round ${sampleTag()}`,
    category: "Hostel",
    frequency: "daily" as const,
    startsOn: "2026-01-05",
    items: [
      { question: "Doors locked?", kind: "yesno" as const, photoRequired: false },
      { question: "Students present", kind: "number" as const, photoRequired: false },
    ],
    assigneeIds: [],
    roleId: admin!.id,
    status: "active" as const,
  };
}

export async function sampleChecklist(scope: TenantScope) {
  const body = await sampleChecklistBody(scope);
  return scope.insert(checklists, { ...body, items: body.items.map((item, n) => ({ ...item, id: n + 1 })) });
}

/** A submission made straight in the school, for the isolation suite's samples of the log calls. */
export async function sampleLog(scope: TenantScope) {
  const checklist = await sampleChecklist(scope);
  const [someone] = await scope.db.select({ id: users.id }).from(users).where(scope.where(users)).limit(1);
  return scope.insert(checklistLogs, {
    checklistId: checklist.id,
    submittedBy: someone!.id,
    startDate: "2026-01-05",
    endDate: "2026-01-05",
    status: "submitted",
    answers: [],
    submittedAt: new Date(),
  });
}
