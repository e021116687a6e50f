import { mkdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { chromium } from "playwright-core";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { type TestApp, testApp } from "../../../test/harness.js";
import { rolesOf, signedInUser } from "../../../test/people.js";
import { findChromium, PdfRenderer } from "../../platform/files/pdf-renderer.js";
import { tenants } from "../../platform/tenancy/tenants.table.js";
import { amountInWords } from "./amount-in-words.js";
import { refund, reverseTransaction, takePayment } from "./fee-collection.service.js";
import { arabicCoverage, pdfRuns, pdfText, seedReceipts } from "./fee-documents.fixture.js";
import { feeReceipts } from "./fees.table.js";

const app: TestApp = await testApp();

/** Where the pictures of the printed receipts go, to be looked at. */
const PICTURES = join(tmpdir(), "taleem-receipts");

/** A PDF's first page as a PNG, drawn by Chromium's own PDF viewer (no pdftoppm on this machine). */
async function pdfToPng(pdf: Buffer, name: string): Promise<string> {
  await mkdir(PICTURES, { recursive: true });
  const file = join(PICTURES, `${name}.pdf`);
  await writeFile(file, pdf);
  const browser = await chromium.launch({ executablePath: findChromium()!, args: ["--no-sandbox", "--disable-gpu"] });
  try {
    const tab = await browser.newPage({ viewport: { width: 900, height: 1250 } });
    await tab.goto(`file://${file}#toolbar=0&navpanes=0&view=FitH`);
    await tab.waitForTimeout(2000);
    const png = join(PICTURES, `${name}.png`);
    await tab.screenshot({ path: png });
    return png;
  } finally {
    await browser.close();
  }
}

type Reply = { statusCode: number; rawPayload: Buffer; headers: Record<string, unknown>; body: string; json: () => Record<string, unknown> };

const pdfOf = (res: Reply, name: string) => {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers["content-type"]).toBe("application/pdf");
  expect(res.headers["content-disposition"]).toBe(`attachment; filename="${name}"`);
  expect(res.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  return res.rawPayload;
};

/** A failed receipt call: the spec's `success: false` with a message. */
const failed = (res: Reply, status: number) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().success).toBe(false);
  expect(typeof res.json().message).toBe("string");
  return res.json();
};

/** The amount printed on the same line as a label. */
const onLineOf = (pdf: Buffer, label: string) => {
  const runs = pdfRuns(pdf);
  const at = runs.find((r) => r.text.trim() === label);
  expect(at, `no line "${label}"`).toBeDefined();
  return runs
    .filter((r) => Math.abs(r.y - at!.y) <= 2 && r.x > at!.x)
    .map((r) => r.text)
    .join("")
    .trim();
};

describe("fee receipts as PDFs", () => {
  let s: Awaited<ReturnType<typeof seedReceipts>>;
  let parent: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    s = await seedReceipts(app, async (school) => {
      parent = await signedInUser(app, school.tenant, school.api, [(await rolesOf(school.api)).parent!]);
      return parent.user.id;
    });
  }, 120_000);

  it("prints a payment's receipt: its number, the student in both scripts, tuition apart with its subtotal, the amount in words, the balance after it", async () => {
    const pdf = pdfOf(await s.school.api.post("/admin/api/feepayment/receipt", { id: s.paid.transaction.id }), "payment-receipt.pdf");
    const text = pdfText(pdf);
    expect(text).toContain("Fee receipt");
    expect(text).toContain(s.paid.receipt.number);
    expect(text).toContain("Ayesha Siddiqui");
    expect(text).toContain(s.ayesha.admissionNo);
    expect(text).toContain("Class 5");
    expect(text).toContain("Cheque");
    expect(text).toContain("CHQ-004512");
    expect(text).toContain("Received, to be confirmed by the office");
    expect(text).toContain("Test Admin");
    // Tuition on its own line with its own subtotal; the bus fare (part of it) under the other heads.
    expect(onLineOf(pdf, "Tuition fees (subtotal)")).toBe("₹ 1,00,000.00");
    expect(onLineOf(pdf, "Other fees (subtotal)")).toBe("₹ 23,456.50");
    expect(onLineOf(pdf, "Total")).toBe("₹ 1,23,456.50");
    expect(text).toContain("One lakh twenty-three thousand four hundred fifty-six rupees and fifty paise only");
    // 1,30,000.00 due (tuition, bus, exam) less 1,23,456.50.
    expect(onLineOf(pdf, "Balance still due after this receipt")).toBe("₹ 6,543.50");
    console.info(`English receipt: ${await pdfToPng(pdf, "receipt-en")}`);
  }, 60_000);

  it("downloads a receipt by its id as receipt-{id}.pdf, and a due's receipt with every payment against it as fee-receipt-{feeId}-{studentId}.pdf", async () => {
    const byId = pdfOf(await s.school.api.get(`/admin/api/receipt/${s.paid.receipt.id}/download`), `receipt-${s.paid.receipt.id}.pdf`);
    expect(pdfText(byId)).toContain(s.paid.receipt.number);
    const due = pdfOf(
      await s.school.api.post("/admin/api/fees/receipt", { feeId: s.transport.id, studentId: s.ayesha.id }),
      `fee-receipt-${s.transport.id}-${s.ayesha.id}.pdf`,
    );
    const text = pdfText(due);
    expect(text).toContain("School bus, term 1");
    expect(text).toContain(s.paid.receipt.number);
    expect(onLineOf(due, "Other fees (subtotal)")).toBe("₹ 25,000.00");
    expect(onLineOf(due, "Total paid")).toBe("₹ 23,456.50");
    expect(onLineOf(due, "Balance")).toBe("₹ 1,543.50");
    expect(text).toContain("Twenty-three thousand four hundred fifty-six rupees and fifty paise only");
    // The tuition due's receipt shows it as tuition, apart.
    const tuition = pdfText(
      pdfOf(
        await s.school.api.post("/admin/api/fees/receipt", { feeId: s.tuition.id, studentId: s.ayesha.id }),
        `fee-receipt-${s.tuition.id}-${s.ayesha.id}.pdf`,
      ),
    );
    expect(tuition).toContain("Tuition fees (subtotal)");
    expect(tuition).toContain("One lakh rupees only");
  }, 60_000);

  it("answers success: false with a message for a due that is not the student's, an unknown payment, and a render that fails", async () => {
    const wrong = failed(await s.school.api.post("/admin/api/fees/receipt", { feeId: s.tuition.id, studentId: s.omar.id }), 404);
    expect(wrong.message).toBe("Due not found");
    failed(await s.school.api.post("/admin/api/feepayment/receipt", { id: 999_999_999 }), 404);
    failed(await s.school.api.get("/admin/api/receipt/999999999/download"), 404);
    const render = vi.spyOn(PdfRenderer.prototype, "render").mockRejectedValueOnce(new Error("Chromium went away"));
    try {
      const broke = failed(await s.school.api.post("/admin/api/feepayment/receipt", { id: s.paid.transaction.id }), 503);
      expect(broke.message).toBe("Failed to generate receipt");
    } finally {
      render.mockRestore();
    }
  }, 60_000);

  it("gives a parent their own child's receipt and a 404 for another child's", async () => {
    pdfOf(await parent.api.get(`/admin/api/receipt/${s.paid.receipt.id}/download`), `receipt-${s.paid.receipt.id}.pdf`);
    const other = failed(await parent.api.get(`/admin/api/receipt/${s.omarPaid.receipt.id}/download`), 404);
    expect(JSON.stringify(other)).not.toContain("Omar");
    for (const res of [
      await parent.api.post("/admin/api/feepayment/receipt", { id: s.omarPaid.transaction.id }),
      await parent.api.post("/admin/api/fees/receipt", { feeId: s.omarDue.id, studentId: s.omar.id }),
    ]) {
      expect([403, 404], res.body).toContain(res.statusCode);
      expect(res.json().success).toBe(false);
    }
    // Someone of the school who is neither the child's guardian nor granted fees.view.
    const role = await s.school.api.post("/admin/api/role", { name: "Visitor", area: "parent", permissions: {} });
    expect(role.statusCode, role.body).toBe(200);
    const visitor = await signedInUser(app, s.school.tenant, s.school.api, [role.json().data.id]);
    failed(await visitor.api.get(`/admin/api/receipt/${s.paid.receipt.id}/download`), 403);
  }, 60_000);

  it("stamps a reversed payment's receipt cancelled with its reason; a refund's receipt says refund", async () => {
    const by = s.school.tenant.admin.id;
    const extra = await takePayment(s.scope, {
      studentId: s.omar.id,
      amount: 500000,
      mode: "upi",
      reference: "UPI-77821",
      status: "confirmed",
      by,
      intent: { advance: true, confirmed: true },
    });
    const advance = pdfOf(await s.school.api.get(`/admin/api/receipt/${extra.receipt.id}/download`), `receipt-${extra.receipt.id}.pdf`);
    expect(onLineOf(advance, "Advance (kept for later dues)")).toBe("₹ 5,000.00");
    expect(onLineOf(advance, "Advance held after this receipt")).toBe("₹ 5,000.00");
    const back = await refund(s.scope, {
      studentId: s.omar.id,
      amount: 300000,
      mode: "cash",
      reason: "Family moved to Dubai",
      idempotencyKey: `refund-${s.omar.id}`,
      by,
    });
    const [refundReceipt] = await s.scope.db
      .select()
      .from(feeReceipts)
      .where(s.scope.where(feeReceipts, eq(feeReceipts.transactionId, back.transaction.id)));
    const refunded = pdfText(pdfOf(await s.school.api.get(`/admin/api/receipt/${refundReceipt!.id}/download`), `receipt-${refundReceipt!.id}.pdf`));
    expect(refunded).toContain("Refund receipt");
    expect(refunded).toContain("Refund of advance");
    expect(refunded).toContain("Three thousand rupees only");

    await reverseTransaction(s.scope, extra.transaction.id, "Entered twice by mistake", by);
    const cancelled = pdfOf(await s.school.api.get(`/admin/api/receipt/${extra.receipt.id}/download`), `receipt-${extra.receipt.id}.pdf`);
    const text = pdfText(cancelled);
    expect(text).toContain("CANCELLED");
    expect(text).toContain("Reason: Entered twice by mistake");
    expect(text).toContain("Reversed");
    console.info(`Cancelled receipt: ${await pdfToPng(cancelled, "receipt-cancelled-en")}`);
  }, 90_000);

  it("writes an Urdu receipt's amounts and dates in Latin digits, or in Urdu ones once the school chooses them", async () => {
    const urduDigits = /[\u06f0-\u06f9]/;
    await s.school.api.put("/user/api/user", { language: "ur" });
    try {
      const latin = pdfText(pdfOf(await s.school.api.get(`/admin/api/receipt/${s.paid.receipt.id}/download`), `receipt-${s.paid.receipt.id}.pdf`));
      expect(latin).toContain("1,23,456.50");
      expect(latin).not.toMatch(urduDigits);
      const chosen = await s.school.api.put("/admin/api/setting", { config: { digits: { ur: "native" } } });
      expect(chosen.statusCode, chosen.body).toBe(200);
      const pdf = pdfOf(await s.school.api.get(`/admin/api/receipt/${s.paid.receipt.id}/download`), `receipt-${s.paid.receipt.id}.pdf`);
      const urdu = pdfText(pdf);
      // The PDF's text layer does not map the Urdu font's digits back to letters (they read as
      // nothing): the amounts are gone from the Latin digits, and the picture shows them in Urdu ones.
      expect(urdu).not.toContain("1,23,456.50");
      expect(urdu).not.toContain("6,543.50");
      // The receipt's number is a code, not a figure: it stays as it was issued.
      expect(urdu).toContain(s.paid.receipt.number);
      console.info(`Urdu receipt in Urdu digits: ${await pdfToPng(pdf, "receipt-ur-digits")}`);
    } finally {
      await s.school.api.put("/admin/api/setting", { config: { digits: null } });
      await s.school.api.put("/user/api/user", { language: "en" });
    }
  }, 90_000);

  it("prints an Arabic receipt right to left, with the amount in Arabic words of the school's currency", async () => {
    await app.services.db.update(tenants).set({ currency: "AED" }).where(eq(tenants.id, s.school.tenant.id));
    try {
      const english = pdfOf(await s.school.api.get(`/admin/api/receipt/${s.paid.receipt.id}/download`), `receipt-${s.paid.receipt.id}.pdf`);
      const me = await s.school.api.put("/user/api/user", { language: "ar" });
      expect(me.statusCode, me.body).toBe(200);
      const arabic = pdfOf(await s.school.api.get(`/admin/api/receipt/${s.paid.receipt.id}/download`), `receipt-${s.paid.receipt.id}.pdf`);
      // The school's header starts at the left margin in English and at the right in Arabic.
      const schoolName = `School ${s.school.tenant.code}`;
      const at = (pdf: Buffer) => pdfRuns(pdf).find((r) => r.text === schoolName)!.x;
      expect(at(english)).toBeLessThan(60);
      expect(at(arabic)).toBeGreaterThan(300);
      expect(pdfText(arabic)).toContain("AED 123,456.50");
      // The words are read back from the glyphs (see arabicCoverage): most of their letters, in order.
      expect(arabicCoverage(arabic, amountInWords(12345650, "AED", "ar"))).toBeGreaterThan(0.7);
      expect(arabicCoverage(arabic, amountInWords(12345650, "INR", "ar"))).toBeLessThan(0.3);
      console.info(`Arabic receipt: ${await pdfToPng(arabic, "receipt-ar")}`);
      await s.school.api.put("/user/api/user", { language: "ur" });
      const urdu = pdfOf(await s.school.api.get(`/admin/api/receipt/${s.paid.receipt.id}/download`), `receipt-${s.paid.receipt.id}.pdf`);
      expect(at(urdu)).toBeGreaterThan(300);
      console.info(`Urdu receipt: ${await pdfToPng(urdu, "receipt-ur")}`);
    } finally {
      await s.school.api.put("/user/api/user", { language: "en" });
      await app.services.db.update(tenants).set({ currency: "INR" }).where(eq(tenants.id, s.school.tenant.id));
    }
  }, 90_000);
});
