import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { adminApi, appReady, baseUrl, DEMO, PHONE, seriousViolations, setupBrowser, signInAs, switchLanguage } from "./harness";

const browser = setupBrowser();
const SHOTS = "/tmp/shots";
const tag = () => Math.random().toString(36).slice(2, 7).toUpperCase();

interface Row {
  id: number;
}
interface Due extends Row {
  name: string;
  dueDate: string;
  balance: number;
  state: string;
}
interface Wallet {
  channel: string;
  balance: number;
  currency: string;
}

/** The demo parent's children, through the parent's own API. */
async function parentChildren(): Promise<{ id: number; name: string }[]> {
  const login = await fetch(`${baseUrl()}/admin/open/auth/login-mobile`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" },
    body: JSON.stringify({ code: DEMO.code, mobile: DEMO.mobiles.parent, password: DEMO.password }),
  });
  const { token } = (await login.json()) as { token: string };
  const res = await fetch(`${baseUrl()}/user/api/home/children`, { headers: { "x-requested-with": "XMLHttpRequest", "x-access-token": token } });
  return ((await res.json()) as { rows: { id: number; name: string }[] }).rows;
}

/** A day at the demo school (Kerala): `back` days before today. */
function schoolDate(back = 0): string {
  const d = new Date(Date.now() - back * 86_400_000);
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata", year: "numeric", month: "2-digit", day: "2-digit" }).format(d);
}

/** Minor units as the money cells write rupees: lakh grouping, no fraction for a whole amount. */
const rupees = (minor: number) =>
  new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", minimumFractionDigits: minor % 100 ? 2 : 0, maximumFractionDigits: 2 }).format(
    minor / 100,
  );

/** Neither the page nor a part of it is wider than a 360 px phone. */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** A PDF drawn as a picture by Chromium's own viewer, to be looked at. */
async function pdfPicture(b: Browser | undefined, pdf: string, png: string) {
  if (!b) return;
  const tab = await b.newPage({ viewport: { width: 900, height: 1250 } });
  try {
    await tab.goto(`file://${pdf}#toolbar=0&navpanes=0&view=FitH`);
    await tab.waitForTimeout(2000);
    await tab.screenshot({ path: png });
  } finally {
    await tab.close();
  }
}

/** The page switched to Urdu: right to left, `text` shown, nothing wider than the phone, a screenshot, no serious axe finding; then English again. */
async function inUrdu(page: Page, shot: string, text: string) {
  await switchLanguage(page, "ur");
  try {
    await page.getByRole("heading", { name: "فیس", exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
    await page.getByText(text).first().waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/${shot}`, fullPage: true });
    expect(await seriousViolations(page)).toBe("");
  } finally {
    await switchLanguage(page, "en");
    await page.getByRole("heading", { name: "Fees", exact: true }).waitFor();
  }
}

describe("fees from generating dues to a parent paying online, and the school's plan", () => {
  it("the admin generates a structure's dues; the parent, on a phone, pays through the sandbox (a failure, then a retry), sees the receipt number and downloads the receipt", async () => {
    mkdirSync(SHOTS, { recursive: true });
    const admin = await adminApi();
    const name = `Museum trip ${tag()}`;
    const child = (await parentChildren())[0]!;
    const enrolment = (
      await admin.get<{ rows: { batchId: number; courseId: number; status: string }[] }>(`/admin/api/enrollment?studentId=${child.id}&limit=20`)
    ).rows.find((e) => e.status === "active")!;
    // A trip for the child's course: ₹750 due yesterday (overdue today) and ₹500 more in a month.
    const master = (
      await admin.post<{ data: Row }>("/admin/api/feesmaster", {
        name,
        batchId: enrolment.batchId,
        courseId: enrolment.courseId,
        lines: [
          { head: "trip", name, amount: 75_000, frequency: "once", dueDates: [schoolDate(1)] },
          { head: "trip", name: `${name} (second part)`, amount: 50_000, frequency: "once", dueDates: [schoolDate(-30)] },
        ],
      })
    ).data;

    // The office generates the dues from the fee masters screen: a preview first, then Generate.
    const office = await browser.page();
    await signInAs(office, "admin");
    await office.goto("/admin/fees/masters");
    await appReady(office);
    await office.getByRole("button", { name: `Actions for ${name}` }).click();
    await office.getByRole("menuitem", { name: /generate/i }).click();
    const dialog = office.getByRole("dialog");
    await dialog.getByTestId("generate-preview").waitFor();
    await dialog.getByRole("button", { name: /^generate/i }).click();
    await dialog.waitFor({ state: "hidden" });
    const dues = async () => (await admin.get<{ rows: Due[] }>(`/admin/api/fees?studentId=${child.id}&feeMasterId=${master.id}&limit=5`)).rows;
    const [due, later] = [...(await dues())].sort((a, b) => a.dueDate.localeCompare(b.dueDate));
    expect(due).toMatchObject({ name, balance: 75_000, state: "overdue" });
    expect(later).toMatchObject({ balance: 50_000, state: "due" });
    // Generating again makes nothing more.
    const again = await admin.post<{ created: number }>("/admin/api/feesmaster/generate-payments", { feeMasterId: master.id });
    expect(again.created).toBe(0);

    // The parent, on a 360 px phone, opens fees: the trip is marked overdue.
    const page = await browser.page(PHONE);
    await signInAs(page, "parent");
    await page.goto(`/parent/fees?student=${child.id}`);
    await appReady(page);
    const row = page.getByTestId(`fee-due-${due!.id}`);
    await row.waitFor();
    await row.getByText("Overdue").waitFor();
    expect(await row.innerText()).toContain("₹750");
    await page.getByTestId("fees-overdue").waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/fees-parent-en-360.png`, fullPage: true });
    expect(await seriousViolations(page)).toBe("");
    // The same page in Urdu, right to left, still within the phone's width.
    await inUrdu(page, "fees-parent-ur-360.png", "واجب الادا");

    // Two ways to pay: what is due now (the trip, and anything else overdue), or the full balance.
    expect(await page.getByTestId("fees-pay").innerText()).toContain("Pay the full balance");
    await page.getByTestId(`fee-due-${later!.id}`).waitFor();
    await page.getByTestId("fees-pay-due").click();
    await page.waitForURL((u) => u.pathname === "/checkout" && u.searchParams.has("callback_url"));
    expect(new URL(page.url()).searchParams.get("callback_url")).toBe(`${baseUrl()}/parent/fees/paid`);
    await page.screenshot({ path: `${SHOTS}/fees-sandbox-checkout-360.png`, fullPage: true });
    // The bank says no: nothing is paid, and the parent may try again.
    await page.locator("#fail").click();
    await page.waitForURL((u) => u.pathname === "/parent/fees/paid");
    await page.getByTestId("fees-paid-failed").waitFor();
    expect(await page.getByTestId("fees-paid").count()).toBe(0);
    await page.getByTestId("fees-retry").click();
    await page.waitForURL((u) => u.pathname === "/checkout");
    await page.locator("#pay").click();
    await page.waitForURL((u) => u.pathname === "/parent/fees/paid");
    // "Paid" only once the server has verified the provider's answer, with the receipt's number.
    const paid = page.getByTestId("fees-paid");
    await paid.waitFor();
    const heading = await page.getByTestId("fees-paid-receipt").innerText();
    expect(heading).toMatch(/^Paid, receipt \S+$/);
    const receiptNumber = heading.replace("Paid, receipt ", "");
    expect(receiptNumber.length).toBeLessThanOrEqual(16);
    await page.screenshot({ path: `${SHOTS}/fees-paid-en-360.png`, fullPage: true });

    const [download] = await Promise.all([page.waitForEvent("download"), paid.getByRole("button", { name: /download receipt/i }).click()]);
    expect(download.suggestedFilename()).toMatch(/^receipt-\d+\.pdf$/);
    const pdf = readFileSync((await download.path())!);
    expect(pdf.subarray(0, 4).toString("latin1")).toBe("%PDF");
    const saved = `${SHOTS}/fees-${download.suggestedFilename()}`;
    writeFileSync(saved, pdf);
    await pdfPicture(page.context().browser() ?? undefined, saved, `${SHOTS}/fees-receipt-pdf.png`);

    // Back on fees the trip is paid and the receipt is listed; the ledger agrees.
    await page.getByRole("link", { name: "Back to fees" }).click();
    await page.getByText(receiptNumber).first().waitFor();
    // The trip is paid; its second part, not yet due, was left for later.
    expect(await page.getByTestId(`fee-due-${due!.id}`).count()).toBe(0);
    await page.getByTestId(`fee-due-${later!.id}`).waitFor();
    const after = new Map((await dues()).map((d) => [d.id, d]));
    expect(after.get(due!.id)).toMatchObject({ balance: 0, state: "paid" });
    expect(after.get(later!.id)).toMatchObject({ balance: 50_000, state: "due" });

    // The receipt in Urdu: its number and amount stay left to right inside the right-to-left page.
    await inUrdu(page, "fees-parent-paid-ur-360.png", receiptNumber);
  });

  it("the plan screen shows the school's plan, and a recharge through the sandbox credits the wallet", async () => {
    mkdirSync(SHOTS, { recursive: true });
    const admin = await adminApi();
    const wallet = async () =>
      (await admin.get<{ data: { wallets: Wallet[] } }>("/admin/api/plan")).data.wallets.find((w) => w.channel === "whatsapp")?.balance ?? 0;
    const before = await wallet();

    const page = await browser.page({ viewport: { width: 1280, height: 900 } });
    await signInAs(page, "admin");
    await page.goto("/admin/settings/plan");
    await appReady(page);
    await page.getByTestId("plan-card").waitFor();
    expect((await page.getByTestId("plan-name").innerText()).trim()).not.toBe("");
    await page.getByRole("heading", { name: "Payment history" }).waitFor();
    await page.getByRole("heading", { name: "WhatsApp prices" }).waitFor();

    await page.getByTestId("wallet-recharge-whatsapp").click();
    const dialog = page.getByRole("dialog");
    await dialog.getByTestId("recharge-channel").click();
    await page.getByRole("option", { name: "WhatsApp" }).click();
    await dialog.getByTestId("recharge-amount").fill("500");
    await dialog.getByRole("button", { name: "Pay ₹500" }).waitFor();
    await page.screenshot({ path: `${SHOTS}/plan-recharge-dialog-1280.png` });
    expect(await seriousViolations(page)).toBe("");
    await dialog.getByTestId("recharge-pay").click();
    await page.waitForURL((u) => u.pathname === "/checkout");
    expect(new URL(page.url()).searchParams.get("callback_url")).toBe(`${baseUrl()}/admin/settings/plan/recharged`);
    await page.locator("#pay").click();
    // The server verifies the payment and credits the wallet; the plan comes back with it.
    await page.getByText("Recharge successful").waitFor();
    await page.waitForURL((u) => u.pathname === "/admin/settings/plan");
    expect(await wallet()).toBe(before + 50_000);
    await page.getByTestId("wallet-balance-whatsapp").getByText(/₹/).waitFor();
    expect(await page.getByTestId("wallet-balance-whatsapp").innerText()).toBe(rupees(before + 50_000));
    await page.getByTestId("plan-payments").getByText("Paid").first().waitFor();
    await page.screenshot({ path: `${SHOTS}/plan-en-1280.png`, fullPage: true });
    expect(await seriousViolations(page)).toBe("");

    // On a phone in Arabic: right to left, the tables scroll inside their cards, the page does not.
    await page.setViewportSize({ width: 360, height: 740 });
    await switchLanguage(page, "ar");
    try {
      await page.getByRole("heading", { name: "الحساب والخطة", exact: true }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${SHOTS}/plan-ar-360.png`, fullPage: true });
      expect(await seriousViolations(page)).toBe("");
    } finally {
      await switchLanguage(page, "en");
    }
  });
});
