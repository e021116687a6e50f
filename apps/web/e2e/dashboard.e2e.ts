import { describe, expect, it } from "vitest";
import { adminApi, appReady, seriousViolations, setupBrowser, signInAs } from "./harness";

const browser = setupBrowser();

describe("the dashboards", () => {
  it("shows the admin the school's figures, and a figure opens the list behind it", async () => {
    const page = await browser.page();
    await signInAs(page, "admin");
    await page.goto("/admin/dashboard");
    await appReady(page);
    const figures = page.getByTestId("school-figures");
    await figures.waitFor();
    // The demo school's students are counted (a figure, not a placeholder). Written as the page
    // writes numbers: the import test before this one leaves over 3,000 students, with a comma.
    await expect.poll(async () => Number((await page.getByTestId("figure-students").textContent())?.replace(/,/g, ""))).toBeGreaterThan(0);
    await page.getByTestId("attendance-trend").waitFor();
    // The filter bar (year, course, dates) sits above them.
    await expect.poll(async () => await page.getByTestId("dashboard-filters").isVisible()).toBe(true);
    expect(await seriousViolations(page)).toBe("");
    // "Applications waiting" opens the admissions list filtered to the pending ones.
    await page.locator("[data-figure=figure-admissions]").click();
    await page.waitForURL((u) => u.pathname === "/admin/admissions" && u.searchParams.get("status") === "pending");
    await page.goBack();
    // "Absent" opens today's registers.
    await page.locator("[data-figure=figure-absent]").click();
    await page.waitForURL((u) => u.pathname === "/admin/attendance-today");
  });

  it("opens a demo student's year from their profile", async () => {
    const admin = await adminApi();
    const found = await admin.get<{ rows: { id: number; name: string }[] }>("/admin/api/student?q=Rayan&limit=5");
    const rayan = found.rows.find((r) => r.name === "Muhammed Rayan")!;
    const page = await browser.page();
    await signInAs(page, "admin");
    await page.goto(`/admin/students/${rayan.id}`);
    await appReady(page);
    await page.getByTestId("student-dashboard-link").click();
    await page.waitForURL((u) => u.pathname === `/admin/students/${rayan.id}/dashboard`);
    const dash = page.getByTestId("student-dashboard");
    await dash.waitFor();
    await expect.poll(async () => await dash.getByRole("heading", { name: "Muhammed Rayan" }).isVisible()).toBe(true);
    await page.getByTestId("student-attendance").waitFor();
    await page.getByTestId("student-results").waitFor();
    expect(await seriousViolations(page)).toBe("");
  });
});
