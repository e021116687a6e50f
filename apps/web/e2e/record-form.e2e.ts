import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { adminApi, appReady, baseUrl, DEMO, PHONE, setupBrowser, signInAs } from "./harness";

const browser = setupBrowser();
const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A small, real PDF (the server checks a file by its first bytes). */
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 3 3]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

/** The row of a record type on the admin list. */
const rowOf = (page: Page, name: string) => page.getByRole("row").filter({ has: page.getByRole("link", { name, exact: true }) });

describe("a record type's public form", () => {
  const name = `Hostel request ${tag}`;
  const arabic = `طلب السكن ${tag}`;
  const malayalam = `ഹോസ്റ്റൽ അപേക്ഷ ${tag}`;

  beforeAll(() => {
    mkdirSync("/tmp/shots", { recursive: true });
  });

  it("an admin names it per language and opens it; a visitor sends it in Arabic on a phone; the admin sees the row", async () => {
    const { call } = await adminApi();

    // 1. The admin adds the record type with its Arabic name, staff only for now.
    const admin = await browser.page({ permissions: ["clipboard-read", "clipboard-write"] });
    await signInAs(admin, "admin");
    await admin.goto("/admin/custom-records");
    await admin.getByRole("button", { name: "Add record type" }).first().click();
    const add = admin.getByRole("dialog");
    await add.locator("input[name=name]").fill(name);
    await add.locator("input[name='labels.ar']").fill(arabic);
    // Each language's box is written in its own direction, in an English screen too.
    expect(await add.locator("input[name='labels.ar']").evaluate((el) => getComputedStyle(el).direction)).toBe("rtl");
    await add.locator("textarea[name=description]").fill("Ask for a room in the hostel for the coming term.");
    await add.getByRole("button", { name: "Add record type" }).click();
    await add.waitFor({ state: "detached" });
    await rowOf(admin, name).getByText("Staff only").waitFor();
    const [record] = (
      await call<{ rows: { id: number; name: string; labels: Record<string, string> }[] }>("GET", `/admin/api/custom-record?q=${encodeURIComponent(name)}`)
    ).rows;
    expect(record).toMatchObject({ name, labels: { ar: arabic } });

    // Its two fields: a required choice and an optional file.
    const field = (body: Record<string, unknown>) => call("POST", "/admin/api/field", { entity: "record", recordId: record!.id, ...body });
    await field({
      key: "room",
      label: "Room type",
      labels: { ar: "نوع الغرفة", ml: "മുറിയുടെ തരം" },
      kind: "choice",
      options: [
        { value: "single", labels: { ar: "غرفة فردية", ml: "ഒറ്റമുറി" } },
        { value: "shared", labels: { ar: "غرفة مشتركة", ml: "പങ്കിട്ട മുറി" } },
      ],
      required: true,
      order: 1,
    });
    const letter = await call<{ data: { id: number } }>("POST", "/admin/api/field", {
      entity: "record",
      recordId: record!.id,
      key: "letter",
      label: "Letter from the parent",
      labels: { ar: "رسالة ولي الأمر" },
      kind: "file",
      accept: ["pdf", "image"],
      order: 2,
    });

    // 2. The admin adds the Malayalam name and makes it public, then copies the link from the list.
    await rowOf(admin, name)
      .getByRole("button", { name: `Actions for ${name}` })
      .click();
    await admin.getByRole("menuitem", { name: "Edit" }).click();
    const edit = admin.getByRole("dialog");
    expect(await edit.locator("input[name='labels.ar']").inputValue()).toBe(arabic);
    await edit.locator("input[name='labels.ml']").fill(malayalam);
    await edit.getByRole("switch", { name: "Public form" }).click();
    await edit.getByRole("button", { name: "Save changes" }).click();
    await edit.waitFor({ state: "detached" });
    await rowOf(admin, name).getByText("Public", { exact: true }).waitFor();
    await rowOf(admin, name)
      .getByRole("button", { name: `Copy the public link of ${name}` })
      .click();
    const link = await admin.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`^${baseUrl()}/open/record/[A-Za-z0-9_-]{43}/${DEMO.code}$`));
    const saved = await call<{ data: { labels: Record<string, string> } }>("GET", `/admin/api/custom-record/${record!.id}`);
    expect(saved.data.labels).toEqual({ ar: arabic, ml: malayalam });

    // 3. A visitor opens the link on a phone in Arabic: right to left, the school's words in Arabic, nothing wider than the screen.
    const visitor = await browser.page({ ...PHONE, language: "ar" });
    const sent: string[] = [];
    visitor.on("request", (r) => r.method() === "POST" && sent.push(r.url()));
    await visitor.goto(link);
    await visitor.getByTestId("school-name").waitFor();
    await appReady(visitor);
    expect(await visitor.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(["ar", "rtl"]);
    expect((await visitor.getByTestId("record-name").textContent())?.trim()).toBe(arabic);
    await visitor.getByText("Ask for a room in the hostel for the coming term.").waitFor();
    await visitor.getByText("نوع الغرفة").waitFor();
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await visitor.screenshot({ path: "/tmp/shots/record-form-ar-phone.png", fullPage: true });
    const axe = await new AxeBuilder({ page: visitor }).analyze();
    const bad = axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

    // Sending without the required choice marks it, in Arabic, and sends nothing.
    await visitor.getByRole("button", { name: "أرسل", exact: true }).click();
    await visitor.locator("[data-field=room]").getByText("يُرجى اختيار أحد الخيارات.").waitFor();
    await visitor.getByTestId("form-error").waitFor();
    expect(sent).toEqual([]);
    await visitor.screenshot({ path: "/tmp/shots/record-form-ar-errors.png", fullPage: true });

    // The school makes the letter required meanwhile: the server's answer lands on that field.
    await call("PUT", "/admin/api/field", { id: letter.data.id, required: true });
    await visitor.getByRole("radio", { name: "غرفة مشتركة" }).check();
    await visitor.getByRole("button", { name: "أرسل", exact: true }).click();
    await visitor.locator("[data-field=letter]").getByText("يُرجى إرفاق ملف.").waitFor();
    expect(sent).toHaveLength(1);

    // A text file named .pdf is refused before it is sent.
    await visitor.locator("input[type=file][name=letter]").setInputFiles({ name: "note.pdf", mimeType: "application/pdf", buffer: Buffer.from("just text") });
    await visitor.locator("[data-field=letter]").getByText("اختر ملفًا من نوع").waitFor();

    // With the letter attached it goes through, and the reference number is shown.
    await visitor.locator("input[type=file][name=letter]").setInputFiles({ name: "letter.pdf", mimeType: "application/pdf", buffer: PDF });
    await visitor.locator("[data-field=letter]").getByText("letter.pdf").waitFor();
    await visitor.getByRole("button", { name: "أرسل", exact: true }).click();
    await visitor.getByTestId("record-sent").getByText("تم استلام النموذج").waitFor();
    const reference = (await visitor.getByTestId("reference-no").textContent())!.trim();
    expect(reference).toMatch(/^\d+$/);
    await visitor.screenshot({ path: "/tmp/shots/record-form-ar-sent.png", fullPage: true });
    await visitor.getByRole("button", { name: "أرسل نموذجًا آخر" }).click();
    expect(await visitor.getByRole("radio", { name: "غرفة مشتركة" }).isChecked()).toBe(false);

    // 4. The admin finds the row on the record type's rows page, the page's address beside its name.
    await rowOf(admin, name).getByRole("link", { name, exact: true }).click();
    await admin.getByTestId("public-page-address").getByText(link).waitFor();
    const row = admin.getByRole("row").filter({ hasText: "letter.pdf" });
    await row.getByText("Public form").waitFor();
    await row.getByText("shared").waitFor();
    const one = await call<{ data: { recordId: number; source: string; data: Record<string, unknown> } }>("GET", `/admin/api/custom-record/id/${reference}`);
    expect(one.data).toMatchObject({
      recordId: record!.id,
      source: "public",
      data: { room: "shared", letter: { name: "letter.pdf", type: "application/pdf" } },
    });
  });

  it("says plainly in the reader's language when a link is wrong or the form is closed", async () => {
    const page = await browser.page({ ...PHONE, language: "ml" });
    await page.goto(`/open/record/${"A".repeat(43)}/${DEMO.code}`);
    await page.getByTestId("form-problem").getByText("ഈ ഫോം ലഭ്യമല്ല").waitFor();
    await appReady(page);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe("ltr");
    await page.screenshot({ path: "/tmp/shots/record-form-ml-unavailable.png" });
  });
});
