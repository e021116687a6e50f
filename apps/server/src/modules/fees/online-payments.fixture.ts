import { expect } from "vitest";
import { paymentSandbox, type TestApp } from "../../../test/harness.js";
import { rolesOf, signedInUser } from "../../../test/people.js";
import { schoolToday } from "../../platform/tenancy/school-calendar.js";
import { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { addStudent, enrol, newSchool, ok } from "../academics/school.fixture.js";

type Api = Awaited<ReturnType<typeof newSchool>>["api"];

const shift = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

export interface Checkout {
  orderId: number;
  provider: string;
  providerOrderId: string;
  keyId: string;
  amount: number;
  currency: string;
  description: string;
  checkoutUrl: string | null;
}

/**
 * A school whose families pay online: Class 5-A's tuition, 1,000.00 due 30 days ago and 1,000.00
 * due in 20 days (no fine rule), made through the real calls (a fee master and generate-payments).
 * Huda's parent (who reads Urdu) is signed in; Idris is another family's child.
 */
export async function onlineFeeSchool(app: TestApp, language = "ur") {
  const school = await newSchool(app);
  const { api, tenant } = school;
  const today = await schoolToday(new TenantScope(app.services.db, tenant.id));
  const roles = await rolesOf(api);
  const parent = await signedInUser(app, tenant, api, [roles.parent!], { language });
  const otherParent = await signedInUser(app, tenant, api, [roles.parent!]);
  const child = await addStudent(api, { name: "Huda Siddiqui", guardians: [{ userId: parent.user.id, relation: "mother" }] });
  const other = await addStudent(api, { name: "Idris Malik", guardians: [{ userId: otherParent.user.id, relation: "father" }] });
  for (const s of [child, other]) await enrol(api, s.id, school.room5a.id);
  const master = await ok<{ data: { id: number } }>(
    api.post("/admin/api/feesmaster", {
      name: "Tuition",
      batchId: school.thisYear.id,
      lines: [{ head: "tuition", name: "Tuition", amount: 100_000, frequency: "monthly", dueDates: [shift(today, -30), shift(today, 20)] }],
    }),
  );
  await ok(api.post("/admin/api/feesmaster/generate-payments", { feeMasterId: master.data.id }));
  const duesOf = async (studentId: number) =>
    (await ok<{ rows: { id: number; balance: number; dueDate: string }[] }>(api.get(`/admin/api/fees?studentId=${studentId}&limit=100`))).rows.sort((a, b) =>
      a.dueDate.localeCompare(b.dueDate),
    );
  return { ...school, today, parent, otherParent, child, other, duesOf, payments: (studentId: number) => paymentsOf(api, studentId) };
}

/** A student's fee transactions, as the office sees them. */
export async function paymentsOf(api: Api, studentId: number) {
  return (
    await ok<{ rows: { id: number; amount: number; mode: string; status: string; reference: string | null; receiptNumber: string | null }[] }>(
      api.get(`/admin/api/feepayment?studentId=${studentId}&limit=100`),
    )
  ).rows;
}

/** Opens a checkout as the parent; answers the checkout. */
export async function checkout(api: Api, body: Record<string, unknown>): Promise<Checkout> {
  const res = await api.post("/user/api/home/fees/pay", body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Checkout;
}

/** The sandbox pays the order (its webhooks held back unless asked), answering what the browser would carry back. */
export function payInSandbox(app: TestApp, order: Checkout, webhooks = false) {
  const paid = paymentSandbox(app).pay(order.providerOrderId, { webhooks });
  return {
    ...paid,
    verifyBody: {
      orderId: order.orderId,
      payment: { razorpay_order_id: paid.razorpay_order_id, razorpay_payment_id: paid.razorpay_payment_id, razorpay_signature: paid.razorpay_signature },
    },
  };
}
