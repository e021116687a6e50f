import type { TestApp } from "../../../test/harness.js";
import { rolesOf, signedInUser } from "../../../test/people.js";
import { schoolToday } from "../../platform/tenancy/school-calendar.js";
import { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { addStudent, enrol, newSchool, ok } from "../academics/school.fixture.js";

/** A date moved by whole days (UTC arithmetic). */
export function shift(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

let keys = 0;
const key = () => `fixture-${process.pid}-${Date.now()}-${++keys}`;

/**
 * A small school whose fee figures are worked out by hand in the tests, made through the real
 * calls (fee masters, a concession, generate-payments, collect-fees):
 *
 * Tuition (course Madrasa, no fine rule): 1,000.00 a month due 60 and 30 days ago and in 10 days,
 * for the five students of Class 5-A (Asma, Bilal) and 5-B (Chand, Dawud, Esa). Transport (group
 * Bus: Asma only, grace 10 days): 300.00 due 5 days ago, so within its grace. Esa's tuition is
 * waived from zakat. Payments: Asma 1,500.00 (the first month and half the second), Chand
 * 3,000.00 (all three months), Dawud 1,000.00 (the first month), Bilal nothing. Dawud's guardian
 * is the signed-in parent; Asma has another parent.
 */
export async function feeSchool(app: TestApp) {
  const school = await newSchool(app);
  const { api, tenant } = school;
  const today = await schoolToday(new TenantScope(app.services.db, tenant.id));
  const roles = await rolesOf(api);
  const parent = await signedInUser(app, tenant, api, [roles.parent!]);
  const otherParent = await signedInUser(app, tenant, api, [roles.parent!], { language: "ur" });
  const asma = await addStudent(api, { name: "Asma Rahman", guardians: [{ userId: otherParent.user.id, relation: "mother" }] });
  const bilal = await addStudent(api, { name: "Bilal Khan" });
  const chand = await addStudent(api, { name: "Chand Ali" });
  const dawud = await addStudent(api, { name: "Dawud Nair", guardians: [{ userId: parent.user.id, relation: "father" }] });
  const esa = await addStudent(api, { name: "Esa Qureshi" });
  for (const s of [asma, bilal]) await enrol(api, s.id, school.room5a.id);
  for (const s of [chand, dawud, esa]) await enrol(api, s.id, school.room5b.id);
  const bus = await ok<{ data: { id: number } }>(api.post("/admin/api/student-group", { name: "Bus" }));
  await ok(api.post("/admin/api/student-group/bulk-update", { id: bus.data.id, studentIds: [asma.id] }));
  await ok(
    api.post("/admin/api/feeconcession", {
      name: "Zakat waiver",
      level: "student",
      studentId: esa.id,
      kind: "waiver",
      value: 0,
      heads: ["tuition"],
      reason: "Orphan, zakat fund",
      fundSource: "zakat",
      validFrom: shift(today, -400),
      validTo: shift(today, 400),
    }),
  );
  const dates = { first: shift(today, -60), second: shift(today, -30), third: shift(today, 10), transport: shift(today, -5) };
  const tuition = await ok<{ data: { id: number } }>(
    api.post("/admin/api/feesmaster", {
      name: "Tuition",
      batchId: school.thisYear.id,
      courseId: school.course.id,
      lines: [{ head: "tuition", name: "Tuition", amount: 100_000, frequency: "monthly", dueDates: [dates.first, dates.second, dates.third] }],
    }),
  );
  const transport = await ok<{ data: { id: number } }>(
    api.post("/admin/api/feesmaster", {
      name: "Transport",
      batchId: school.thisYear.id,
      groupId: bus.data.id,
      fineRule: { kind: "fixed", graceDays: 10, amount: 5_000 },
      lines: [{ head: "transport", name: "Bus", amount: 30_000, frequency: "once", dueDates: [dates.transport] }],
    }),
  );
  for (const m of [tuition, transport]) await ok(api.post("/admin/api/feesmaster/generate-payments", { feeMasterId: m.data.id }));
  const pay = (studentId: number, amount: number) =>
    ok<{ data: { transactionId: number; receiptId: number; receiptNumber: string } }>(
      api.post("/admin/api/feepayment/collect-fees", { studentId, amount, mode: "cash", idempotencyKey: key() }),
    );
  const payments = {
    asma: (await pay(asma.id, 150_000)).data,
    chand: (await pay(chand.id, 300_000)).data,
    dawud: (await pay(dawud.id, 100_000)).data,
  };
  // An office clerk whose role has no fees: refused the fee reports.
  const clerkRole = await ok<{ data: { id: number } }>(api.post("/admin/api/role", { name: "Clerk", area: "admin", permissions: { students: ["view"] } }));
  const clerk = await signedInUser(app, tenant, api, [clerkRole.data.id]);
  return {
    ...school,
    clerk,
    today,
    dates,
    parent,
    otherParent,
    students: { asma, bilal, chand, dawud, esa },
    masters: { tuition: tuition.data.id, transport: transport.data.id },
    payments,
    pay,
  };
}
export type FeeSchool = Awaited<ReturnType<typeof feeSchool>>;
