import ExcelJS from "exceljs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { adminApi, appReady, schoolToday, setupBrowser, signInAs, switchLanguage } from "./harness";

// Any list goes to a spreadsheet and to paper: every row its filters match, not only the page.
const browser = setupBrowser();
const tag = Math.random().toString(36).slice(2, 7);

describe("exporting and printing a list", () => {
  it("downloads the filtered rows, all pages of them, as students-<date>.xlsx under the school's name", async () => {
    const api = await adminApi();
    // More than a page (10 a page below), and two that the search leaves out.
    for (let i = 1; i <= 12; i++) await api.post("/admin/api/student", { admissionNo: `EX-${tag}-${i}`, name: `Export ${tag} ${String(i).padStart(2, "0")}` });
    for (let i = 1; i <= 2; i++) await api.post("/admin/api/student", { admissionNo: `NX-${tag}-${i}`, name: `Other ${tag} ${i}` });

    const page = await browser.page();
    await signInAs(page, "admin");
    await page.goto(`/admin/students?q=Export%20${tag}&limit=10`);
    await appReady(page);
    await page.getByText(`Export ${tag} 01`).waitFor();
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export", exact: true }).click()]);
    expect(download.suggestedFilename()).toBe(`students-${schoolToday()}.xlsx`);

    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await download.path())!);
    const sheet = book.worksheets[0]!;
    const texts: string[][] = [];
    sheet.eachRow((row) => {
      texts.push((row.values as unknown[]).slice(1).map((v) => String(v ?? "")));
    });
    const school = (await api.get<{ school: { name: string } }>("/admin/api/setting")).school.name;
    expect(texts.flat()).toContain(school);
    expect(texts.flat().some((c) => c.includes(`Search: Export ${tag}`))).toBe(true);
    const header = texts.findIndex((r) => r.includes("Admission number"));
    expect(header).toBeGreaterThan(0);
    const names = texts.slice(header + 1).map((r) => r[texts[header]!.indexOf("Name")]);
    expect(names).toHaveLength(12);
    expect(names).toContain(`Export ${tag} 12`);
    expect(names.some((n) => n?.startsWith("Other"))).toBe(false);
  });

  it("prints the filtered list under the school's header, right to left in Urdu", async () => {
    const page = await browser.page();
    await signInAs(page, "admin");
    await page.goto(`/admin/students?q=Export%20${tag}&limit=10`);
    await appReady(page);
    await page.getByText(`Export ${tag} 01`).waitFor();
    await switchLanguage(page, "ur");
    try {
      await printsRightToLeft(page);
    } finally {
      await switchLanguage(page, "en");
    }
  });
});

async function printsRightToLeft(page: Page) {
  {
    await page.evaluate(() => {
      window.print = () => undefined;
    });
    await page.getByRole("button", { name: "پرنٹ" }).click();
    const sheet = page.getByTestId("list-print");
    await sheet.waitFor({ state: "attached" });
    expect(await sheet.getAttribute("dir")).toBe("rtl");
    expect(await sheet.locator("tbody tr").count()).toBe(12);
    await page.emulateMedia({ media: "print" });
    expect(await sheet.isVisible()).toBe(true);
    expect(await page.locator("#root").isVisible()).toBe(false);
    await page.emulateMedia({ media: "screen" });
  }
}
