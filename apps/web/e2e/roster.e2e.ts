import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { appReady, seriousViolations, setupBrowser, signInAs } from "./harness";

const browser = setupBrowser();

/** Names unique to this run: the e2e server's database is shared by every file of a run. */
const tag = Math.random().toString(36).slice(2, 7);
const people = ["Amina", "Bilal", "Yusuf", "Dawud", "Esa", "Fatima"].map((n) => `${n} ${tag}`);
const [amina, bilal, yusuf, dawud, esa, fatima] = people as [string, string, string, string, string, string];
/** Names inside the app's sentences are isolated (FSI ... PDI) for right-to-left text. */
const iso = (s: string) => `\u2068${s}\u2069`;
/** Screenshots for a person to look at (SHOTS_DIR, else the system's temporary folder). */
const shots = process.env.SHOTS_DIR ?? join(tmpdir(), "taleem-roster-shots");
mkdirSync(shots, { recursive: true });

/** Serious or critical accessibility findings, one line each (none expected). */
/** An API call from the signed-in page, as the app makes it (session cookie and x-requested-with). */
async function call<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const res = await page.evaluate(
    async ([m, p, b]) => {
      const r = await fetch(p as string, {
        method: m as string,
        credentials: "include",
        headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      return { status: r.status, json: await r.json() };
    },
    [method, path, body] as const,
  );
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json as T;
}

type Made = { data: { id: number; label?: string } };

/** A classroom of six enrolled students and one weekly hour, made through the API. */
async function school(page: Page) {
  const batch = (await call<Made>(page, "POST", "/admin/api/batch", { name: `Roster ${tag}`, startDate: "2026-06-01", endDate: "2027-03-31" })).data;
  const course = (await call<Made>(page, "POST", "/admin/api/course", { name: `Madrasa ${tag}`, kind: "madrasa" })).data;
  const cls = (await call<Made>(page, "POST", "/admin/api/course/class", { courseId: course.id, name: `Class ${tag}`, order: 1 })).data;
  const room = (await call<Made>(page, "POST", "/admin/api/classRoom", { batchId: batch.id, courseClassId: cls.id, name: "A" })).data;
  const enrolments: Record<string, number> = {};
  const students: Record<string, number> = {};
  for (const [i, name] of people.entries()) {
    const st = (await call<Made>(page, "POST", "/admin/api/student", { admissionNo: `R${tag}-${i + 1}`, name })).data;
    const e = (await call<Made>(page, "POST", "/admin/api/enrollment", { studentId: st.id, classroomId: room.id, rollNo: i + 1, startedOn: "2026-06-02" }))
      .data;
    students[name] = st.id;
    enrolments[name] = e.id;
  }
  await call(page, "POST", "/admin/api/hour", { classroomId: room.id, dayOfWeek: 2, startTime: "16:00", endTime: "16:45", label: `Tuition ${tag}` });
  return { room: { id: room.id, label: room.label! }, students, enrolments };
}

/** The roster's row of a student, and the actions menu on it. */
async function rowMenu(page: Page, name: string, action: string) {
  await page.getByRole("button", { name: `Actions for ${name}` }).click();
  await page.getByRole("menuitem", { name: action }).click();
}

describe("classroom roster, verification link and hour students", () => {
  it("removes students from a class (one, then a failure, then several), shares the record in Urdu, and picks an hour's students", async () => {
    const page = await browser.page({ permissions: ["clipboard-read", "clipboard-write"] });
    await signInAs(page, "admin");
    const { room, students, enrolments } = await school(page);

    // The roster reads its classroom by id: its label heads the page.
    await page.goto(`/admin/classrooms/${room.id}`);
    await page.getByRole("heading", { name: room.label }).waitFor();
    const roster = page.getByRole("table");
    for (const name of people) await roster.getByRole("link", { name, exact: true }).waitFor();
    await page.getByText("6 students", { exact: true }).waitFor();

    // One student, from the row's menu: the dialog names her and says what happens to the history.
    await rowMenu(page, amina, "Remove from class");
    let dialog = page.getByRole("dialog", { name: `Remove ${iso(amina)} from ${iso(room.label)}?` });
    await dialog.getByText("Nothing is deleted: it stays in the enrolment history").waitFor();
    await dialog.getByRole("textbox", { name: "Reason" }).fill("Moved to another town");
    await dialog.getByRole("button", { name: "Remove from class" }).click();
    await page.getByText(`Removed from ${iso(room.label)}: 1`).waitFor();
    await dialog.waitFor({ state: "detached" });
    await roster.getByRole("link", { name: amina, exact: true }).waitFor({ state: "detached" });
    await page.getByText("5 students", { exact: true }).waitFor();

    // Bilal is removed elsewhere meanwhile: the roster here still shows him, and the refusal is shown in the dialog.
    await call(page, "POST", "/admin/api/enrollment/remove-from-class", { ids: [enrolments[bilal]] });
    await rowMenu(page, bilal, "Remove from class");
    dialog = page.getByRole("dialog", { name: `Remove ${iso(bilal)} from ${iso(room.label)}?` });
    await dialog.getByRole("button", { name: "Remove from class" }).click();
    const refusal = dialog.getByRole("alert");
    await refusal.getByText("The students were not removed").waitFor();
    await refusal.getByText(/has already ended/).waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    // The refusal refreshed the roster: Bilal is gone from it.
    await roster.getByRole("link", { name: bilal, exact: true }).waitFor({ state: "detached" });

    // Two at once, from the selection.
    await page.getByRole("checkbox", { name: `Select ${yusuf}` }).check();
    await page.getByRole("checkbox", { name: `Select ${dawud}` }).check();
    await page.getByText("2 selected").waitFor();
    await page.getByRole("button", { name: "Remove from class" }).click();
    dialog = page.getByRole("dialog", { name: `Remove 2 students from ${iso(room.label)}?` });
    const listed = dialog.getByRole("list", { name: "Students to remove" });
    await listed.getByText(yusuf).waitFor();
    await listed.getByText(dawud).waitFor();
    await dialog.getByRole("button", { name: "Remove from class" }).click();
    await page.getByText(`Removed from ${iso(room.label)}: 2`).waitFor();
    await expect.poll(() => roster.getByRole("link").count()).toBe(2);
    await roster.getByRole("link", { name: esa, exact: true }).waitFor();
    await roster.getByRole("link", { name: fatima, exact: true }).waitFor();
    await page.getByText("2 students", { exact: true }).waitFor();
    await page.screenshot({ path: join(shots, "roster-after-removal.png"), fullPage: true });

    // Amina's history shows the removal with its reason; its verification link is copied.
    await roster.getByRole("link", { name: esa, exact: true }).waitFor();
    await page.goto(`/admin/students/${students[amina]}`);
    await page.getByRole("heading", { name: amina }).waitFor();
    await page.getByText("Removed", { exact: true }).waitFor();
    await page.getByText("Moved to another town").waitFor();
    await page.getByRole("button", { name: `Verification link, ${room.label}` }).click();
    const share = page.getByRole("dialog", { name: `Verification link for ${iso(amina)}` });
    await share.getByRole("button", { name: "Copy link" }).click();
    await share.getByRole("button", { name: "Copied" }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await share.getByTestId("verification-link").inputValue());
    expect(new URL(copied).pathname).toMatch(/^\/open\/enrollment\/[A-Za-z0-9_-]{43}\/DEMO$/);

    // Anyone with the link, on a phone, in Urdu: the student's name, the class and why it ended.
    const visitor = await browser.page({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    await visitor.goto(copied);
    await appReady(visitor);
    await visitor.getByTestId("record-name").getByText(amina).waitFor();
    await visitor.getByTestId("language-switcher").selectOption("ur");
    await visitor.getByText("داخلے کا ریکارڈ", { exact: true }).waitFor();
    await visitor.getByText("اس جماعت سے نکالا گیا").waitFor();
    expect(await visitor.getByTestId("record-name").innerText()).toBe(amina);
    await visitor.getByText(room.label, { exact: true }).waitFor();
    expect(await visitor.evaluate(() => document.documentElement.dir)).toBe("rtl");
    // The reason stays with the school.
    expect(await visitor.getByText("Moved to another town").count()).toBe(0);
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await visitor.screenshot({ path: join(shots, "record-ur-360.png"), fullPage: true });
    expect(await seriousViolations(visitor)).toBe("");
    // A link that names no record says so kindly.
    await visitor.goto(`/open/enrollment/${"A".repeat(43)}/DEMO`);
    await visitor.getByTestId("record-missing").getByText("ریکارڈ نہیں ملا یا اب کارآمد نہیں رہا").waitFor();

    // The hour serves the whole class until students are chosen for it; the choice survives a reload.
    await page.keyboard.press("Escape");
    await page.goto(`/admin/hours?classroomId=${room.id}`);
    await page.getByText("Whole class", { exact: true }).waitFor();
    await page.getByRole("button", { name: /^Actions for / }).click();
    await page.getByRole("menuitem", { name: "Choose students" }).click();
    const choose = page.getByRole("dialog", { name: "Students of this hour" });
    await choose.getByText("Every student of").waitFor();
    await choose.getByText("Chosen students", { exact: true }).click();
    await choose.getByTestId("hour-students-count").getByText("0 of 2 chosen").waitFor();
    await expect.poll(() => choose.getByRole("button", { name: "Save" }).isDisabled()).toBe(true);
    // Search narrows the list; "select all shown" takes only what is shown.
    await choose.getByRole("searchbox", { name: "Search by name or admission number" }).fill("esa");
    await expect.poll(() => choose.getByRole("group", { name: "Students of the classroom" }).getByRole("checkbox").count()).toBe(1);
    await choose.getByRole("checkbox", { name: "Select all shown" }).check();
    await choose.getByTestId("hour-students-count").getByText("1 of 2 chosen").waitFor();
    await choose.getByRole("searchbox", { name: "Search by name or admission number" }).fill("");
    expect(await choose.getByRole("checkbox", { name: esa, exact: true }).isChecked()).toBe(true);
    expect(await choose.getByRole("checkbox", { name: fatima, exact: true }).isChecked()).toBe(false);
    await choose.getByRole("button", { name: "Save" }).click();
    await page.getByText("Students chosen for this hour: 1").waitFor();
    await page.getByText("Chosen students: 1", { exact: true }).waitFor();

    await page.reload();
    await page.getByText("Chosen students: 1", { exact: true }).waitFor();
    await page.getByRole("button", { name: /^Actions for / }).click();
    await page.getByRole("menuitem", { name: "Choose students" }).click();
    await choose.getByTestId("hour-students-count").getByText("1 of 2 chosen").waitFor();
    expect(await choose.getByRole("checkbox", { name: esa, exact: true }).isChecked()).toBe(true);
    expect(await choose.getByRole("checkbox", { name: fatima, exact: true }).isChecked()).toBe(false);
    await page.screenshot({ path: join(shots, "hour-students.png") });
    expect(await seriousViolations(page)).toBe("");
    // Back to the whole class: the hour's badge says so again.
    await choose.getByText("Whole class", { exact: true }).click();
    await choose.getByRole("button", { name: "Save" }).click();
    await page.getByText("The whole class attends this hour").waitFor();
    await page.getByRole("table").getByText("Whole class", { exact: true }).waitFor();
  }, 180_000);
});
