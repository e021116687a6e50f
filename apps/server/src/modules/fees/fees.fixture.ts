import { expect } from "vitest";
import type { TestApp } from "../../../test/harness.js";
import { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { addStudent, enrol, newSchool, ok } from "../academics/school.fixture.js";
import { studentGroupMembers, studentGroups } from "../students/students.table.js";

export { ok };

type School = Awaited<ReturnType<typeof newSchool>>;
export type Api = School["api"];

export interface DueRow {
  id: number;
  studentId: number;
  name: string;
  dueDate: string;
  amount: number;
  concession: number;
  fine: number;
  finePending: number;
  paid: number;
  balance: number;
  state: string;
  pledge: boolean;
}

export interface Collected {
  transactionId: number;
  receiptId: number;
  receiptNumber: string;
  status: string;
  allocations: { feeId: number | null; kind: string; amount: number }[];
  balance: number;
  repeated: boolean;
}

let seq = 0;
export const key = () => `key-${process.pid}-${++seq}-${Date.now()}`;

/**
 * A school for fees: this year's Class 5-A with Aisha, Bilal and Hamza and 5-B with Zaid, all
 * enrolled; Hamza in the "Staff children" group; and a
 * fee master "Tuition 2026-27" for the year: tuition 1,000.00 in two instalments (10 July and
 * 10 October) with a fixed fine of 50.00 after 5 days' grace. Nothing generated yet.
 */
export async function feeSchool(app: TestApp) {
  const school = await newSchool(app);
  const { api } = school;
  const scope = new TenantScope(app.services.db, school.tenant.id);
  const add = async (name: string, classroomId: number) => {
    const s = await addStudent(api, { name });
    await enrol(api, s.id, classroomId, { startedOn: "2026-06-01" });
    return s;
  };
  const aisha = await add("Aisha", school.room5a.id);
  const bilal = await add("Bilal", school.room5a.id);
  const hamza = await add("Hamza", school.room5a.id);
  const zaid = await add("Zaid", school.room5b.id);
  const group = await scope.insert(studentGroups, { name: `Staff children ${++seq}` });
  await scope.insert(studentGroupMembers, { groupId: group.id, studentId: hamza.id });
  const master = (
    await ok<{ data: { id: number; lines: { id: number }[] } }>(
      api.post("/admin/api/feesmaster", {
        name: "Tuition 2026-27",
        batchId: school.thisYear.id,
        fineRule: { kind: "fixed", graceDays: 5, amount: 5_000 },
        lines: [{ head: "tuition", name: "Tuition", amount: 100_000, frequency: "termly", dueDates: ["2026-07-10", "2026-10-10"] }],
      }),
    )
  ).data;
  return { ...school, scope, aisha, bilal, hamza, zaid, group, master };
}
export type FeeSchool = Awaited<ReturnType<typeof feeSchool>>;

/** A student's dues as the dues list shows them, oldest first. */
export async function duesOf(api: Api, studentId: number): Promise<DueRow[]> {
  const body = await ok<{ rows: DueRow[] }>(api.get(`/admin/api/fees?studentId=${studentId}&sort=dueDate&limit=100`));
  return body.rows.sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.id - b.id);
}

export async function generate(api: Api, feeMasterId: number, extra: Record<string, unknown> = {}) {
  return ok<{ students: number; created: number; existing: number; total: number; concession: number }>(
    api.post("/admin/api/feesmaster/generate-payments", { feeMasterId, ...extra }),
  );
}

export async function collect(api: Api, body: Record<string, unknown>): Promise<Collected> {
  return (await ok<{ data: Collected }>(api.post("/admin/api/feepayment/collect-fees", { mode: "cash", idempotencyKey: key(), ...body }))).data;
}

/** An office due added by hand (a trip), answering its row. */
export async function addDue(api: Api, body: Record<string, unknown>): Promise<DueRow> {
  return (await ok<{ data: DueRow }>(api.post("/admin/api/fees", { head: "trip", name: "Trip", dueDate: "2026-08-01", amount: 10_000, ...body }))).data;
}

/** DELETE with a body (the spec's deleteTransaction), as the web sends it. */
export function deleteWithBody(app: TestApp, token: string, url: string, body: unknown) {
  return app.inject({ method: "DELETE", url, headers: { "x-requested-with": "XMLHttpRequest", "x-access-token": token }, payload: body as object });
}

export const expectError = async (res: Promise<{ statusCode: number; json: () => unknown }>, status: number, code?: string) => {
  const r = await res;
  expect(r.statusCode).toBe(status);
  if (code) expect((r.json() as { code: string }).code).toBe(code);
  return r.json() as { code: string; params?: Record<string, unknown>; message: string };
};
