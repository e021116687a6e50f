import type { Locator } from "playwright-core";
import { describe, expect, it } from "vitest";
import { demoTeacherId } from "./classroom.fixture";
import { adminApi, appReady, PHONE, setupBrowser, signInAs } from "./harness";

const browser = setupBrowser();

type Made = { data: { id: number } };

/** The open picker's choices in order, each with the heading of its group. */
async function shownChoices(picker: Locator): Promise<{ group: string; label: string }[]> {
  const list = picker.page().locator(`[id="${await picker.getAttribute("aria-controls")}"]`);
  await list.getByRole("option").first().waitFor();
  // Mantine names a group's parts after its component (mantine-Select-group, mantine-MultiSelect-groupLabel).
  return list.evaluate((listbox) =>
    [...listbox.querySelectorAll("[role=option]")].map((o) => {
      const group = o.closest('[class*="-group"]');
      return { group: group?.querySelector('[class*="-groupLabel"]')?.textContent ?? "", label: o.textContent ?? "" };
    }),
  );
}

/**
 * "Grade <tag>-A" four times: in two courses, this year and an old one; the demo teacher is the
 * class teacher of this year's in the second course.
 */
async function fourClassesOfOneName() {
  const api = await adminApi();
  const tag = Date.now().toString(36);
  const batches = await api.get<{ rows: { id: number; name: string; active: boolean }[] }>("/admin/api/batch?limit=50");
  const thisYear = batches.rows.find((b) => b.active)!;
  const oldYear = {
    id: (await api.post<Made>("/admin/api/batch", { name: `Old ${tag}`, startDate: "2019-06-01", endDate: "2020-03-31" })).data.id,
    name: `Old ${tag}`,
  };
  const teacher = await demoTeacherId(api);
  for (const course of [`Madrasa ${tag}`, `School ${tag}`]) {
    const courseId = (await api.post<Made>("/admin/api/course", { name: course, kind: "madrasa" })).data.id;
    const classId = (await api.post<Made>("/admin/api/course/class", { courseId, name: `Grade ${tag}`, order: 1 })).data.id;
    for (const year of [thisYear, oldYear]) {
      const mine = year === thisYear && course.startsWith("School");
      const body = { batchId: year.id, courseClassId: classId, name: "A", classTeacherId: mine ? teacher : undefined };
      await api.post<Made>("/admin/api/classRoom", body);
    }
  }
  return { tag, thisYear, oldYear };
}

describe("class pickers", () => {
  it("name each class with its course and year, offer this year's by default, and show a teacher her own classes first", async () => {
    const { tag, thisYear, oldYear } = await fourClassesOfOneName();
    const label = (course: string, year: string) => `Grade ${tag}-A · ${course} ${tag} · ${year}`;

    // The office's announcement to classes: this year's two, told apart; the old year's when asked.
    const admin = await browser.page();
    await signInAs(admin, "admin");
    await admin.goto("/admin/announcements");
    await appReady(admin);
    await admin.getByRole("button", { name: "New announcement" }).first().click();
    const dialog = admin.getByRole("dialog");
    await dialog.getByText("Classes", { exact: true }).first().click();
    const classes = dialog.getByRole("combobox", { name: "Classes" });
    await classes.fill(`Grade ${tag}`);
    expect((await shownChoices(classes)).map((c) => c.label)).toEqual([label("Madrasa", thisYear.name), label("School", thisYear.name)]);
    await dialog.getByLabel("Show other years' classes too").check();
    await classes.fill(`Grade ${tag}-`);
    expect((await shownChoices(classes)).map((c) => c.label)).toEqual([
      label("Madrasa", thisYear.name),
      label("School", thisYear.name),
      label("Madrasa", oldYear.name),
      label("School", oldYear.name),
    ]);

    // The teacher's "Set a task": her own classes come first, under their own heading.
    const teacher = await browser.page(PHONE);
    await signInAs(teacher, "staff");
    await teacher.goto("/parent/tasks/new");
    const picker = teacher.getByRole("combobox", { name: /Which class\?/ });
    await picker.click();
    const choices = await shownChoices(picker);
    expect(choices[0]!.group).toBe("My classes");
    const ours = choices.filter((c) => c.label.includes(`Grade ${tag}-A`));
    expect(ours).toEqual([
      { group: "My classes", label: label("School", thisYear.name) },
      { group: thisYear.name, label: label("Madrasa", thisYear.name) },
    ]);
  });
});
