import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setupBrowser, signInAs } from "./harness";

const browser = setupBrowser();

/** Names unique to this run: the e2e server's database is shared by every file of a run. */
const tag = Math.random().toString(36).slice(2, 7);
const names = {
  batch: `Year ${tag}`,
  nextBatch: `Next ${tag}`,
  course: `Hifz ${tag}`,
  class1: `C1 ${tag}`,
  class2: `C2 ${tag}`,
  ahmed: `Ahmed ${tag}`,
  bilal: `Bilal ${tag}`,
};
const ARABIC = "أحمد بن علي";
/** Names inside the app's sentences are isolated (FSI ... PDI) for right-to-left text. */
const iso = (s: string) => `\u2068${s}\u2069`;

/** An input by its accessible name (a required field's asterisk is not part of it). */
const field = (scope: Locator | Page, label: string) =>
  scope.getByRole("textbox", { name: label, exact: true }).or(scope.getByRole("combobox", { name: label, exact: true }));

/** Opens a screen from the navigation, as a person would (and without reloading the app). */
async function open(page: Page, link: string, path: string) {
  await page.getByRole("navigation").getByRole("link", { name: link, exact: true }).click();
  await page.waitForURL((u) => u.pathname === path);
}

/** Opens a Mantine select inside `scope` and picks an option (typing first when the list is searchable). */
async function choose(page: Page, scope: Locator, label: string, option: string, type?: string) {
  const input = field(scope, label);
  await input.click();
  // A short list is not searchable (its input is read-only): then the option is picked directly.
  if (type && (await input.isEditable())) await input.fill(type);
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** Opens the list's add dialog, lets `fill` complete it, saves and waits for the success toast. */
async function add(page: Page, entity: string, fill: (dialog: Locator) => Promise<void>) {
  await page
    .getByRole("button", { name: `Add ${entity}` })
    .first()
    .click();
  const dialog = page.getByRole("dialog", { name: `Add ${entity}` });
  await fill(dialog);
  await dialog.getByRole("button", { name: `Add ${entity}` }).click();
  await page
    .getByText(`${entity.charAt(0).toUpperCase()}${entity.slice(1)} added successfully`)
    .first()
    .waitFor();
  await dialog.waitFor({ state: "detached" });
}

async function fillDate(dialog: Locator, label: string, value: string) {
  const input = field(dialog, label);
  await input.fill(value);
  // Leaving the field commits the typed date (Enter would submit the form).
  await input.press("Tab");
}

async function addBatch(page: Page, name: string, start: string, end: string) {
  await open(page, "Academic years", "/admin/batches");
  await add(page, "academic year", async (d) => {
    await field(d, "Name").fill(name);
    await fillDate(d, "Starts on", start);
    await fillDate(d, "Ends on", end);
  });
  await page.getByRole("cell", { name, exact: true }).waitFor();
}

/** Adds division A of a class in a batch; answers the address of its roster. */
async function addClassroom(page: Page, batch: string, cls: string): Promise<string> {
  await open(page, "Classrooms", "/admin/classrooms");
  await add(page, "classroom", async (d) => {
    await choose(page, d, "Academic year", batch, batch);
    await choose(page, d, "Class", cls, cls);
    await field(d, "Division").fill("A");
  });
  const link = page.getByRole("link", { name: `${cls}-A`, exact: true });
  const href = await link.getAttribute("href");
  expect(href).toMatch(/^\/admin\/classrooms\/\d+$/);
  return href!;
}

async function openRoster(page: Page, href: string, label: string) {
  await open(page, "Classrooms", "/admin/classrooms");
  await page.locator(`a[href="${href}"]`).first().click();
  await page.waitForURL((u) => u.pathname === href);
  await page.getByRole("heading", { name: label }).waitFor();
}

describe("academics screens", () => {
  it("sets up a year, a course, a classroom and two students, enrols them and promotes them into next year's classroom", async () => {
    const page = await browser.page();
    await signInAs(page, "admin");

    // Next year's academic year first (a school's first year becomes active by itself), then
    // this year's, made the active one.
    await addBatch(page, names.nextBatch, "2032-06-01", "2033-03-31");
    await addBatch(page, names.batch, "2031-06-01", "2032-03-31");
    await page.getByRole("button", { name: `Actions for ${names.batch}` }).click();
    await page.getByRole("menuitem", { name: "Make active" }).click();
    await page
      .getByRole("dialog", { name: `Make ${iso(names.batch)} the active year?` })
      .getByRole("button", { name: "Make active" })
      .click();
    await page.getByText(`${iso(names.batch)} is now the active year`).waitFor();
    await page
      .getByRole("row", { name: new RegExp(names.batch) })
      .getByText("Active year")
      .waitFor();
    await page
      .getByRole("row", { name: new RegExp(names.nextBatch) })
      .getByText("No", { exact: true })
      .waitFor();

    // A course with its two classes, added from the course's own list of classes.
    await open(page, "Courses", "/admin/courses");
    await add(page, "course", async (d) => {
      await field(d, "Name").fill(names.course);
      await choose(page, d, "Kind", "Hifz");
    });
    await page.getByRole("button", { name: `Actions for ${names.course}` }).click();
    await page.getByRole("menuitem", { name: "Classes of the course" }).click();
    await page.waitForURL((u) => u.pathname === "/admin/course-classes" && u.searchParams.has("courseId"));
    for (const [cls, order] of [
      [names.class1, "1"],
      [names.class2, "2"],
    ] as const) {
      await add(page, "class", async (d) => {
        await choose(page, d, "Course", names.course, names.course);
        await field(d, "Name").fill(cls);
        await field(d, "Order").fill(order);
      });
    }
    await page.getByRole("cell", { name: names.class2, exact: true }).waitFor();

    // This year's classroom.
    const thisYear = `${names.class1}-A`;
    const thisRoster = await addClassroom(page, names.batch, names.class1);

    // Two students, one with her name in Arabic letters.
    await open(page, "Students", "/admin/students");
    for (const [name, native, no] of [
      [names.ahmed, ARABIC, `S${tag}-1`],
      [names.bilal, "", `S${tag}-2`],
    ] as const) {
      await add(page, "student", async (d) => {
        await field(d, "Admission number").fill(no);
        await field(d, "Name").fill(name);
        if (native) await field(d, "Name in own script").fill(native);
      });
    }
    await page.getByRole("searchbox", { name: "Search" }).fill(tag);
    // The search applies once typing pauses; leaving earlier would race with it.
    await page.waitForURL((u) => u.searchParams.get("q") === tag);
    await page.getByRole("link", { name: names.bilal, exact: true }).waitFor();
    const native = page.getByText(ARABIC, { exact: true });
    await native.waitFor();
    expect(await native.evaluate((el) => el.closest("bdi")?.getAttribute("dir"))).toBe("auto");
    expect(await native.evaluate((el) => getComputedStyle(el).direction)).toBe("rtl");

    // Enrolled: one from the enrolments list, one from the classroom's roster.
    await open(page, "Enrolments", "/admin/enrolments");
    await add(page, "enrolment", async (d) => {
      await choose(page, d, "Student", `${names.ahmed} · ${ARABIC} (S${tag}-1)`, names.ahmed);
      await choose(page, d, "Classroom", `${thisYear} (${names.course})`, thisYear);
      await field(d, "Roll number").fill("1");
    });
    await openRoster(page, thisRoster, thisYear);
    await page.getByRole("button", { name: "Enrol a student" }).first().click();
    const enrol = page.getByRole("dialog", { name: "Enrol a student" });
    await choose(page, enrol, "Student", `${names.bilal} (S${tag}-2)`, names.bilal);
    await enrol.getByRole("button", { name: "Enrol", exact: true }).click();
    await enrol.waitFor({ state: "detached" });

    // The roster shows both, the Arabic name as written.
    const roster = page.getByRole("table");
    await roster.getByRole("link", { name: names.ahmed, exact: true }).waitFor();
    await roster.getByRole("link", { name: names.bilal, exact: true }).waitFor();
    await roster.getByText(ARABIC, { exact: true }).waitFor();
    await page.getByText("2 students", { exact: true }).waitFor();

    // Next year's classroom, then the promotion wizard from the roster.
    const nextYear = `${names.class2}-A`;
    await addClassroom(page, names.nextBatch, names.class2);
    await openRoster(page, thisRoster, thisYear);
    await page.getByRole("link", { name: "Promote a classroom" }).click();
    await page.waitForURL((u) => u.pathname === "/admin/promotion");
    await page.getByRole("heading", { name: "Year-end promotion" }).waitFor();
    await expect.poll(() => field(page, "Classroom to promote").inputValue()).toBe(`${thisYear} (${names.course})`);
    await choose(page, page.locator("main"), "Next year's classroom", `${nextYear} (${names.course})`, nextYear);
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText(`Everyone moves from ${iso(thisYear)} to ${iso(nextYear)} unless you choose otherwise.`).waitFor();
    await page.getByRole("radiogroup", { name: `What happens to ${names.ahmed}` }).waitFor();
    await page.getByRole("radiogroup", { name: `What happens to ${names.bilal}` }).waitFor();
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText(`move to ${iso(nextYear)}`).waitFor();
    await page.getByRole("button", { name: "Promote", exact: true }).click();
    await page.getByText("Promotion done").waitFor();
    await page.getByText(`${iso(thisYear)} was promoted to ${iso(nextYear)}.`).waitFor();

    // The new roster has them both; the old one is empty.
    await page.getByRole("link", { name: `Open ${iso(nextYear)}` }).click();
    await page.getByRole("heading", { name: nextYear }).waitFor();
    await page.getByRole("table").getByRole("link", { name: names.ahmed, exact: true }).waitFor();
    await page.getByRole("table").getByRole("link", { name: names.bilal, exact: true }).waitFor();
    await openRoster(page, thisRoster, thisYear);
    await page.getByText("No students in this classroom yet").waitFor();

    // Ahmed's profile tells the story year by year.
    await open(page, "Students", "/admin/students");
    await page.getByRole("searchbox", { name: "Search" }).fill(names.ahmed);
    await page.waitForURL((u) => u.searchParams.get("q") === names.ahmed);
    await page.getByRole("link", { name: names.ahmed, exact: true }).click();
    await page.getByRole("heading", { name: names.ahmed }).waitFor();
    await page.getByText("Promoted", { exact: true }).waitFor();
    await page.getByRole("link", { name: nextYear, exact: true }).waitFor();
    await page.getByRole("link", { name: thisYear, exact: true }).waitFor();

    // A subject for the course, then this year's timetable: a time slot for the week and the
    // subject put into Monday's cell.
    const subject = `Tajweed ${tag}`;
    await open(page, "Subjects", "/admin/subjects");
    await add(page, "subject", async (d) => {
      await field(d, "Name").fill(subject);
      await choose(page, d, "Course", names.course, names.course);
    });
    await open(page, "Timetable", "/admin/timetable");
    await choose(page, page.locator("main"), "Choose a classroom", `${thisYear} (${names.course})`, thisYear);
    await page.getByRole("button", { name: "Add a time slot" }).first().click();
    const slot = page.getByRole("dialog", { name: "Add a time slot" });
    await field(slot, "Starts at").fill("08:00");
    await field(slot, "Ends at").fill("08:45");
    await slot.getByRole("button", { name: "Add", exact: true }).click();
    await page.getByText("Hours added: 6").waitFor();
    const grid = page.getByRole("table", { name: "Weekly timetable" });
    await expect.poll(() => grid.getByRole("button", { name: /no subject$/ }).count()).toBe(6);
    await grid.getByRole("button", { name: /^Monday .*no subject$/ }).click();
    const cell = page.getByRole("dialog");
    await choose(page, cell, "Subject", subject, subject);
    await cell.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Timetable saved").waitFor();
    await grid.getByRole("button", { name: new RegExp(`^Monday .*: ${subject}$`) }).waitFor();
  }, 180_000);
});
