import { describe, expect, it } from "vitest";
import { adminApi, appReady, setupBrowser, signInAs } from "./harness";

// Students from a spreadsheet on the students list: every bad row with its reason, then a bar.
const browser = setupBrowser();
const tag = Math.random().toString(36).slice(2, 7).toUpperCase();
const base = 10_000_000 + Math.floor(Math.random() * 80_000_000);

const csv = (rows: string[]) => Buffer.from(["admissionNo,name,guardianName,guardianMobile,guardianRelation", ...rows].join("\n"));

describe("importing students from a spreadsheet", () => {
  it("lists a bad row with its reason and imports nothing; then a good file imports with a progress bar", async () => {
    const page = await browser.page();
    await signInAs(page, "admin");
    await page.goto("/admin/students");
    await appReady(page);
    await page.getByRole("button", { name: "Import", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Import students from a spreadsheet" });
    await dialog.waitFor();

    const [template] = await Promise.all([page.waitForEvent("download"), dialog.getByRole("button", { name: /Download the template/ }).click()]);
    expect(template.suggestedFilename()).toBe("students-import-template.xlsx");

    const file = dialog.locator("input[type=file]");
    await file.setInputFiles({
      name: "bad.csv",
      mimeType: "text/csv",
      buffer: csv([`I${tag}-1,Good One,Parent One,+9198${base},father`, `I${tag}-2,Bad Two,Parent Two,12345,mother`]),
    });
    await dialog.getByRole("button", { name: "Import", exact: true }).click();
    const problems = dialog.getByRole("table", { name: "Problems in the sheet" });
    await problems.getByText('"12345" is not a valid mobile number.').waitFor();
    expect(await problems.getByRole("row").nth(1).innerText()).toMatch(/^3\s+Guardian's mobile/);
    const api = await adminApi();
    expect((await api.get<{ count: number }>(`/admin/api/student?q=I${tag}`)).count).toBe(0);

    // A whole roll: long enough on the embedded database for the bar to be seen moving.
    const rows = Array.from({ length: 3000 }, (_, i) => `I${tag}-${i + 1},Imported ${i + 1},Parent ${i + 1},+9198${base + i},mother`);
    await file.setInputFiles({ name: "roll.csv", mimeType: "text/csv", buffer: csv(rows) });
    await dialog.getByRole("button", { name: "Import", exact: true }).click();
    await dialog.getByRole("progressbar", { name: "Import progress" }).waitFor();
    await dialog.getByText(/of 3,000 students saved/).waitFor({ timeout: 60_000 });
    await dialog.getByText("Students imported").waitFor({ timeout: 60_000 });
    expect((await api.get<{ count: number }>(`/admin/api/student?q=I${tag}`)).count).toBe(3000);
  });
});
