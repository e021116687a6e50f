import { describe, expect, it } from "vitest";
import { adminApi, appReady, setupBrowser, signInAs } from "./harness";

// Add student takes a guardian with the student and offers the next admission number.
const browser = setupBrowser();
const tag = Math.random().toString(36).slice(2, 7);
// A real Indian mobile number, different on every run.
const mobile = `+9198${String(Math.floor(10_000_000 + Math.random() * 89_999_999))}`;

type Student = { admissionNo: string; guardians: { name: string; mobile: string; relation: string }[] };

describe("adding a student with a guardian", () => {
  it("takes the suggested admission number and makes the guardian's parent account with the student", async () => {
    const api = await adminApi();
    const { admissionNo: next } = await api.get<{ admissionNo: string }>("/admin/api/student/next-admission-no");
    const page = await browser.page();
    await signInAs(page, "admin");
    await page.goto("/admin/students");
    await appReady(page);
    await page.getByRole("button", { name: "Add student" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add student" });
    await dialog.waitFor();

    await dialog.getByRole("button", { name: `Use the next number: ${next}` }).click();
    expect(await dialog.getByRole("textbox", { name: "Admission number" }).inputValue()).toBe(next);
    await dialog.getByRole("textbox", { name: "Name", exact: true }).fill(`Guarded ${tag}`);
    await dialog.getByRole("textbox", { name: "Guardian's name" }).fill(`Mother ${tag}`);
    await dialog.getByRole("textbox", { name: "Guardian's mobile" }).fill(mobile);
    const relation = "Relation to the student";
    await dialog
      .getByRole("textbox", { name: relation })
      .or(dialog.getByRole("combobox", { name: relation }))
      .click();
    await page.getByRole("option", { name: "Mother", exact: true }).click();
    await dialog.getByRole("button", { name: "Add student" }).click();
    await dialog.waitFor({ state: "hidden" });

    const found = await api.get<{ rows: Student[] }>(`/admin/api/student?q=${encodeURIComponent(`Guarded ${tag}`)}`);
    expect(found.rows).toMatchObject([{ admissionNo: next, guardians: [{ name: `Mother ${tag}`, mobile, relation: "mother" }] }]);
    // The list shows the guardian with the student.
    await page.goto(`/admin/students?q=${encodeURIComponent(`Guarded ${tag}`)}`);
    await page.getByText(`Mother ${tag}`).waitFor();
  });

  it("refuses a guardian mobile that is not a real number on its field, and adds nothing", async () => {
    const page = await browser.page();
    await signInAs(page, "admin");
    await page.goto("/admin/students");
    await appReady(page);
    await page.getByRole("button", { name: "Add student" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add student" });
    await dialog.getByRole("textbox", { name: "Admission number" }).fill(`GX-${tag}`);
    await dialog.getByRole("textbox", { name: "Name", exact: true }).fill(`Refused ${tag}`);
    await dialog.getByRole("textbox", { name: "Guardian's name" }).fill("Someone");
    await dialog.getByRole("textbox", { name: "Guardian's mobile" }).fill("0501234");
    await dialog.getByRole("button", { name: "Add student" }).click();
    await dialog.getByText("Not a valid mobile number").waitFor();
    const api = await adminApi();
    expect((await api.get<{ count: number }>(`/admin/api/student?q=GX-${tag}`)).count).toBe(0);
  });
});
