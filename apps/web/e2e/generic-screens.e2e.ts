import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { adminApi, appReady, setupBrowser, signInAs, switchLanguage } from "./harness";

// The generic list, form and dialogs as a school's people meet them: on a phone, in Arabic,
// typing a date the Indian way, closing a dialog by mistake.
const browser = setupBrowser();

/** Names unique to this run: the e2e server's database is shared by every file of a run. */
const tag = Math.random().toString(36).slice(2, 7);

type Made = { data: { id: number; label?: string } };

/** Whether a text's first character is drawn left of its second (a "+" in front of the digits). */
async function firstCharLeftOfSecond(el: Locator): Promise<boolean> {
  return el.evaluate((node) => {
    const text = [...node.childNodes].find((n) => n.nodeType === Node.TEXT_NODE) as Text;
    const range = document.createRange();
    range.setStart(text, 0);
    range.setEnd(text, 1);
    const first = range.getBoundingClientRect().left;
    range.setStart(text, 1);
    range.setEnd(text, 2);
    return first < range.getBoundingClientRect().left;
  });
}

/** A classroom of this run (year, course, class, division), made through the API. */
let rooms = 0;
async function classroom(): Promise<number> {
  const api = await adminApi();
  const n = `${tag}-${++rooms}`;
  const batch = (await api.post<Made>("/admin/api/batch", { name: `Generic ${n}`, startDate: "2026-06-01", endDate: "2027-03-31" })).data;
  const course = (await api.post<Made>("/admin/api/course", { name: `Course ${n}`, kind: "madrasa" })).data;
  const cls = (await api.post<Made>("/admin/api/course/class", { courseId: course.id, name: `Class ${tag}`, order: 1 })).data;
  return (await api.post<Made>("/admin/api/classRoom", { batchId: batch.id, courseClassId: cls.id, name: "A" })).data.id;
}

async function openAddStudent(page: Page): Promise<Locator> {
  await page.getByRole("button", { name: "Add student" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Add student" });
  await dialog.waitFor();
  return dialog;
}

describe("the generic screens", () => {
  it("shows the students list on a 360 px phone as cards, with nothing scrolling sideways and the filters in a sheet", async () => {
    const api = await adminApi();
    const name = `Aaban ${tag}`;
    await api.post("/admin/api/student", { admissionNo: `P${tag}`, name });
    const page = await browser.page({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    await signInAs(page, "admin");
    await page.goto("/admin/students");
    await appReady(page);
    const first = page.getByRole("listitem").first();
    await first.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const box = (await first.boundingBox())!;
    expect(box.y).toBeLessThan(740);
    expect(box.x + box.width).toBeLessThanOrEqual(360);

    // The filters wait behind one button, which counts those set.
    await page.getByRole("button", { name: "Filters", exact: true }).click();
    const sheet = page.getByRole("dialog", { name: "Filters" });
    await sheet.getByRole("combobox", { name: "Gender", exact: true }).selectOption("male");
    await sheet.getByRole("button", { name: "Show results" }).click();
    await page.getByRole("button", { name: "Filters (1)" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  it("asks before Escape loses what was typed in a form dialog, and offers the draft back after a reload", async () => {
    const page = await browser.page();
    await signInAs(page, "admin");
    await page.goto("/admin/students");
    await appReady(page);
    const name = `Lost ${tag}`;
    let dialog = await openAddStudent(page);
    await dialog.getByRole("textbox", { name: "Name", exact: true }).fill(name);

    await page.keyboard.press("Escape");
    const question = page.getByRole("dialog", { name: "Discard your changes?" });
    await question.waitFor();
    await question.getByRole("button", { name: "Keep editing" }).click();
    await question.waitFor({ state: "hidden" });
    expect(await dialog.getByRole("textbox", { name: "Name", exact: true }).inputValue()).toBe(name);

    // A reload (or a lost connection) leaves a draft, offered when the form opens again.
    await page.reload();
    await appReady(page);
    dialog = await openAddStudent(page);
    expect(await dialog.getByRole("textbox", { name: "Name", exact: true }).inputValue()).toBe("");
    await dialog.getByRole("button", { name: "Restore what I typed" }).click();
    expect(await dialog.getByRole("textbox", { name: "Name", exact: true }).inputValue()).toBe(name);

    // Discarding ends the dialog and the draft.
    await page.mouse.click(5, 5);
    await question.getByRole("button", { name: "Discard" }).click();
    await dialog.waitFor({ state: "hidden" });
    dialog = await openAddStudent(page);
    expect(await dialog.getByRole("button", { name: "Restore what I typed" }).count()).toBe(0);
  });

  it("opens the timetable's Add a time slot empty after an entry was added", async () => {
    const room = await classroom();
    const page = await browser.page();
    await signInAs(page, "admin");
    await page.goto(`/admin/timetable?classroom=${room}`);
    await appReady(page);
    await page.getByRole("button", { name: "Add a time slot" }).first().click();
    let slot = page.getByRole("dialog", { name: "Add a time slot" });
    await slot.getByLabel("Starts at").fill("08:00");
    await slot.getByLabel("Ends at").fill("08:45");
    await slot.getByRole("button", { name: "Add", exact: true }).click();
    await page.getByText("Hours added: 6").waitFor();
    await slot.waitFor({ state: "hidden" });

    await page.getByRole("button", { name: "Add a time slot" }).first().click();
    slot = page.getByRole("dialog", { name: "Add a time slot" });
    expect(await slot.getByLabel("Starts at").inputValue()).toBe("");
    expect(await slot.getByLabel("Ends at").inputValue()).toBe("");
  });

  it("shows the timetable on a phone one day at a time, with day tabs", async () => {
    const room = await classroom();
    const api = await adminApi();
    for (const day of [1, 2, 3, 4, 5, 6]) {
      await api.post("/admin/api/hour", { classroomId: room, dayOfWeek: day, startTime: "09:00", endTime: "09:45", label: `Day ${day} ${tag}` });
    }
    const page = await browser.page({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    await signInAs(page, "admin");
    await page.goto(`/admin/timetable?classroom=${room}`);
    await appReady(page);
    await page.getByRole("tab", { name: "Tuesday" }).click();
    const grid = page.getByRole("table", { name: "Weekly timetable" });
    await grid.getByText(`Day 2 ${tag}`).waitFor();
    expect(await grid.getByText(`Day 3 ${tag}`).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  it("takes a birth date typed the Indian way (12/05/2015 is 12 May 2015) and refuses one in the future", async () => {
    const page = await browser.page();
    await signInAs(page, "admin");
    await page.goto("/admin/students");
    await appReady(page);
    const name = `Dated ${tag}`;
    const dialog = await openAddStudent(page);
    await dialog.getByRole("textbox", { name: "Admission number" }).fill(`D${tag}`);
    await dialog.getByRole("textbox", { name: "Name", exact: true }).fill(name);
    const born = dialog.getByRole("textbox", { name: "Date of birth" });
    expect(await born.getAttribute("placeholder")).toBe("DD/MM/YYYY");
    await born.fill("12/05/2015");
    await born.press("Tab");
    expect(await born.inputValue()).toBe("12/05/2015");
    await dialog.getByRole("button", { name: "Add student" }).click();
    await dialog.waitFor({ state: "hidden" });

    const api = await adminApi();
    const found = await api.get<{ rows: { name: string; dateOfBirth: string | null }[] }>(`/admin/api/student?q=${encodeURIComponent(name)}`);
    expect(found.rows.map((r) => r.dateOfBirth)).toEqual(["2015-05-12"]);
    await expect(api.post("/admin/api/student", { admissionNo: `F${tag}`, name: `Future ${tag}`, dateOfBirth: "2099-01-01" })).rejects.toThrow(
      /400.*dateOfBirth/,
    );
  });

  it("keeps a birth date in the future as typed, says why on leaving the field in the reader's language, and saves nothing", async () => {
    const page = await browser.page();
    await signInAs(page, "admin");
    await page.goto("/admin/students");
    await appReady(page);
    await switchLanguage(page, "ur");
    try {
      const name = `Future ${tag}`;
      await page.getByRole("button", { name: "طالب علم شامل کریں" }).first().click();
      const dialog = page.getByRole("dialog", { name: "طالب علم شامل کریں" });
      await dialog.waitFor();
      await dialog.locator("input[name=admissionNo]").fill(`FU${tag}`);
      await dialog.locator("input[name=name]").fill(name);
      const born = dialog.getByRole("textbox", { name: "تاریخ پیدائش" });
      await born.fill("12/05/2030");
      await born.press("Tab");
      expect(await born.inputValue()).toBe("12/05/2030");
      await dialog.getByText("تاریخ مستقبل کی نہیں ہو سکتی").waitFor();
      await dialog.locator("button[type=submit]").click();
      await dialog.getByText("تاریخ مستقبل کی نہیں ہو سکتی").waitFor();
      expect(await born.inputValue()).toBe("12/05/2030");
      expect(await dialog.isVisible()).toBe(true);
      const api = await adminApi();
      expect((await api.get<{ rows: unknown[] }>(`/admin/api/student?q=${encodeURIComponent(name)}`)).rows).toEqual([]);
    } finally {
      // Other tests meet the admin in English.
      await switchLanguage(page, "en");
    }
  });

  it("turns the pending toast into its result instead of piling up a second one", async () => {
    const page = await browser.page();
    await signInAs(page, "admin");
    await page.goto("/admin/students");
    await appReady(page);
    const dialog = await openAddStudent(page);
    await dialog.getByRole("textbox", { name: "Admission number" }).fill(`T${tag}`);
    await dialog.getByRole("textbox", { name: "Name", exact: true }).fill(`Toast ${tag}`);
    await dialog.getByRole("button", { name: "Add student" }).click();
    await page.getByText("Student added successfully").waitFor();
    expect(await page.getByText(/^Adding student/).count()).toBe(0);
  });

  it("on a phone, a refused form scrolls to and focuses its first wrong field (a mobile number no Indian number has)", async () => {
    const page = await browser.page({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    await signInAs(page, "admin");
    await page.goto("/admin/students");
    await appReady(page);
    const dialog = await openAddStudent(page);
    await dialog.getByRole("textbox", { name: "Admission number" }).fill(`M${tag}`);
    await dialog.getByRole("textbox", { name: "Name", exact: true }).fill(`Mobile ${tag}`);
    const mobile = dialog.getByRole("textbox", { name: "Mobile number" });
    await mobile.fill("0501234");
    await dialog.getByRole("textbox", { name: "Name", exact: true }).focus();
    await dialog.getByRole("button", { name: "Add student" }).click();
    await dialog.getByText("Not a valid mobile number").waitFor();
    await expect.poll(() => mobile.evaluate((el) => el === document.activeElement)).toBe(true);
    const box = (await mobile.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(740);
  });

  it("finds the student of a generic form's student field by searching (the alumni form)", async () => {
    const api = await adminApi();
    const name = `Searched ${tag}`;
    const student = (await api.post<Made>("/admin/api/student", { admissionNo: `S${tag}`, name })).data;
    const page = await browser.page();
    await signInAs(page, "admin");
    await page.goto("/admin/alumni");
    await appReady(page);
    await page.getByRole("button", { name: "Add alumnus" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add alumnus" });
    const picker = dialog.getByRole("textbox", { name: "Student record" }).or(dialog.getByRole("combobox", { name: "Student record" }));
    expect(await picker.getAttribute("placeholder")).toBe("Type a name or admission number");
    await picker.fill(`S${tag}`);
    await page.getByRole("option", { name: `${name} (S${tag})` }).click();
    await dialog.getByRole("textbox", { name: "Year of leaving" }).fill("2024");
    await dialog.getByRole("button", { name: "Add alumnus" }).click();
    await dialog.waitFor({ state: "hidden" });
    const found = await api.get<{ rows: { studentId: number | null }[] }>(`/admin/api/alumni?q=${encodeURIComponent(name)}`);
    expect(found.rows.map((r) => r.studentId)).toEqual([student.id]);
  });

  it("keeps a mobile number's plus in front inside an Arabic page", async () => {
    const api = await adminApi();
    const made = await api.post<Made>("/admin/api/admission", {
      name: `Bidi ${tag}`,
      guardianName: `Guardian ${tag}`,
      guardianMobile: "+966501234567",
      mobile: "+966501234567",
    });
    const page = await browser.page();
    await signInAs(page, "admin");
    await appReady(page);
    await switchLanguage(page, "ar");
    try {
      await page.goto(`/admin/admissions/${made.data.id}`);
      await appReady(page);
      expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
      const number = page.getByText("+966501234567", { exact: true }).first();
      await number.waitFor();
      expect(await number.evaluate((el) => getComputedStyle(el).direction)).toBe("ltr");
      expect(await firstCharLeftOfSecond(number)).toBe(true);
    } finally {
      // Other tests meet the admin in English.
      await switchLanguage(page, "en");
    }
  });
});
