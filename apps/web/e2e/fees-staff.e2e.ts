import { mkdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { adminApi, appReady, schoolToday, seriousViolations, setupBrowser, signInAs } from "./harness";

const browser = setupBrowser();
const SHOTS = "/tmp/shots";
const tag = () => Math.random().toString(36).slice(2, 7).toUpperCase();

interface Student {
  id: number;
  name: string;
  admissionNo: string;
}
interface Card {
  data: {
    totals: { balance: number; finePending: number; advance: number };
    dues: { state: string; balance: number; finePending: number }[];
    payments: { id: number; receiptNumber: string | null; status: string }[];
  };
}

/** Paise as the screens show rupees: lakh grouping, no paise on a whole amount. */
const rupees = (minor: number) =>
  new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", minimumFractionDigits: minor % 100 ? 2 : 0, maximumFractionDigits: 2 }).format(
    minor / 100,
  );
/** A sentence with amounts in it, as the screen writes them: each amount isolated left to right (U+2066 ... U+2069). */
const sentence = (...parts: string[]) => new RegExp(parts.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("[\u2066\u2069]*"));
/** Paise as the amount box holds rupees: 1250.50, 1250. */
const major = (minor: number) => (minor % 100 ? (minor / 100).toFixed(2) : String(minor / 100));

describe("the fee counter, the fee card and a reversal", () => {
  it("the demo admin finds a child at the counter by keyboard, takes cash once on a double click, and the fee card shows the new balance; a reversal with a reason cancels the receipt", async () => {
    const admin = await adminApi();
    // A child of the demo school with a due of its own (₹1,250.50), so the balance is known whatever the demo's dues are.
    const student = (await admin.get<{ rows: Student[] }>("/admin/api/student?limit=1&status=active&sort=name")).rows[0]!;
    await admin.post("/admin/api/fees", { studentId: student.id, head: "trip", name: `Trip ${tag()}`, dueDate: schoolToday(), amount: 125_050 });
    const card = async () => (await admin.get<Card>(`/admin/api/fees/student/${student.id}`)).data;
    const before = await card();
    const owed = before.totals.balance + before.totals.finePending;
    expect(owed).toBeGreaterThanOrEqual(125_050);

    const page = await browser.page({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    await signInAs(page, "admin");
    await page.goto("/admin/fees/counter");
    await appReady(page);
    // The box has the focus: type the admission number, Enter takes the first child.
    const box = page.getByRole("searchbox", { name: "Find a child" });
    await box.waitFor();
    expect(await box.evaluate((e) => e === document.activeElement)).toBe(true);
    await page.keyboard.type(student.admissionNo);
    await page.getByTestId(`counter-result-${student.id}`).waitFor();
    await page.keyboard.press("Enter");
    // The amount is the balance with today's fine; a part payment of ₹500 is typed over it.
    const amount = page.locator('input[name="amount"]');
    await amount.waitFor();
    expect((await amount.inputValue()).replace(/,/g, "")).toBe(major(owed));
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await amount.fill("500");
    expect(await page.locator('select[name="mode"]').inputValue()).toBe("cash");
    // A double click pays once: one key for the attempt.
    await page.getByTestId("take-payment").dblclick();
    const number = (await page.getByTestId("receipt-number").innerText()).trim();
    expect(number.length).toBeGreaterThan(0);
    expect(number.length).toBeLessThanOrEqual(16);
    expect(await page.getByTestId("balance-left").innerText()).toBe(rupees(owed - 50_000));
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/fees-counter-receipt-en-360.png`, fullPage: true });
    expect(await seriousViolations(page)).toBe("");
    const after = await card();
    expect(after.payments.filter((p) => !before.payments.some((b) => b.id === p.id))).toHaveLength(1);
    const paid = after.payments.find((p) => p.receiptNumber === number)!;
    // Cash the clerk holds is confirmed as it is taken: no second step (the school may ask for one).
    expect(paid.status).toBe("confirmed");

    // Next is back at an empty search with the focus in the box.
    await page.keyboard.press("Enter");
    await box.waitFor();
    expect(await box.inputValue()).toBe("");
    expect(await box.evaluate((e) => e === document.activeElement)).toBe(true);

    // The fee card shows the new balance and the payment.
    await page.goto(`/admin/fees/student/${student.id}`);
    await page.getByTestId("card-balance").waitFor();
    expect(await page.getByTestId("card-balance").innerText()).toBe(rupees(after.totals.balance));
    const row = page.getByTestId("card-payments").locator(`[data-row="${paid.id}"]`);
    await row.getByText(number).waitFor();
    await row.getByText("Confirmed").waitFor();

    // Reversing asks for the reason; then the payment reads reversed and its receipt cancelled.
    await row.getByRole("button", { name: `Actions for ${number}` }).click();
    await page.getByRole("menuitem", { name: "Reverse" }).waitFor();
    expect(await page.getByRole("menuitem", { name: "Confirm" }).count()).toBe(0);
    await page.getByRole("menuitem", { name: "Reverse" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Reverse" }).click();
    await dialog.getByText("Give the reason (at least 3 letters)").waitFor();
    await dialog.getByLabel("Reason").fill("Counted twice by mistake");
    await dialog.getByRole("button", { name: "Reverse" }).click();
    await page.getByText("The payment was reversed and its receipt cancelled.").waitFor();
    await row.getByText("Reversed").waitFor();
    expect(await page.getByTestId("card-balance").innerText()).toBe(rupees(before.totals.balance));
    await page.screenshot({ path: `${SHOTS}/fees-card-reversed-en-360.png`, fullPage: true });
    expect(await seriousViolations(page)).toBe("");

    await page.goto("/admin/fees/receipts");
    await page.getByText("Type to find receipts").waitFor();
    await page.getByRole("searchbox").fill(number);
    await page.getByText("Counted twice by mistake").waitFor();
    await page.getByText("Cancelled").first().waitFor();
    await page.screenshot({ path: `${SHOTS}/fees-receipts-cancelled-en-360.png`, fullPage: true });
  });

  it("the counter keeps money over the dues as an advance only when the clerk ticks it, and asks before taking far more than is owed", async () => {
    const admin = await adminApi();
    // Another child than the first test's, with a due of ₹700 of its own.
    const student = (await admin.get<{ rows: Student[] }>("/admin/api/student?limit=2&status=active&sort=name")).rows[1]!;
    await admin.post("/admin/api/fees", { studentId: student.id, head: "trip", name: `Trip ${tag()}`, dueDate: schoolToday(), amount: 70_000 });
    const card = async () => (await admin.get<Card>(`/admin/api/fees/student/${student.id}`)).data;
    const before = await card();
    // What the dues ask for (an advance the family already has is not spent on them).
    const owed = before.dues
      .filter((d) => !["paid", "cancelled", "waived"].includes(d.state) && d.balance + d.finePending > 0)
      .reduce((sum, d) => sum + d.balance + d.finePending, 0);
    const amount = owed * 10;

    const page = await browser.page({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    await signInAs(page, "admin");
    await page.goto(`/admin/fees/counter?studentId=${student.id}`);
    await appReady(page);
    const input = page.locator('input[name="amount"]');
    await input.waitFor();
    await input.fill(major(amount));
    // More than the balance: the box to keep the rest is offered, not ticked.
    const keep = page.getByRole("checkbox", { name: "Keep the rest as advance" });
    await keep.waitFor();
    expect(await keep.isChecked()).toBe(false);
    await page.getByTestId("take-payment").click();
    await page.getByText(sentence("This is more than the ", rupees(owed), " owed.")).waitFor();
    expect((await card()).payments).toHaveLength(before.payments.length);

    // Ticked: the school's ceiling (twice what is owed) asks before taking it.
    await keep.check();
    await page.getByTestId("take-payment").click();
    const dialog = page.getByRole("dialog", { name: "Check the amount" });
    await dialog.getByTestId("amount-confirm").waitFor();
    expect(await dialog.getByTestId("amount-confirm").innerText()).toContain(rupees(amount));
    await dialog.getByText(sentence(rupees(amount - owed), " will be kept as the family's advance.")).waitFor();
    // The focus is on the step back: a second Enter does not take it.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Change the amount");
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/fees-counter-confirm-en-360.png`, fullPage: true });
    // The dialog's own texts and buttons (the form's light buttons behind it, teal 9 on teal 1, read at 4.32:1 app-wide).
    expect(await seriousViolations(page, ".mantine-Modal-content")).toBe("");
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await dialog.getByRole("button", { name: sentence("Take ", rupees(amount)) }).click();

    const number = (await page.getByTestId("receipt-number").innerText()).trim();
    const after = await card();
    const taken = after.payments.find((p) => p.receiptNumber === number)!;
    expect(after.payments).toHaveLength(before.payments.length + 1);
    expect(after.totals.advance - before.totals.advance).toBe(amount - owed);
    // The demo school is left as it was: the payment is reversed with a reason.
    await admin.call("DELETE", "/admin/api/feepayment/deleteTransaction", { id: taken.id, reason: "Browser test of the counter" });
  });
});
