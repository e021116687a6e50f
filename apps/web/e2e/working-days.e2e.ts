import { describe, expect, it } from "vitest";
import { adminApi, appReady, setupBrowser, signInAs } from "./harness";

// The school's week: a madrasa that closes on Friday sets it once, and the timetable follows.
const browser = setupBrowser();
const tag = Math.random().toString(36).slice(2, 7);
type Made = { data: { id: number } };

describe("the school's working days", () => {
  it("a school that closes on Friday sets it in the settings, and its timetable shows no Friday", async () => {
    const api = await adminApi();
    const batch = (await api.post<Made>("/admin/api/batch", { name: `Week ${tag}`, startDate: "2026-06-01", endDate: "2027-03-31" })).data;
    const course = (await api.post<Made>("/admin/api/course", { name: `Week course ${tag}`, kind: "madrasa" })).data;
    const cls = (await api.post<Made>("/admin/api/course/class", { courseId: course.id, name: `Week class ${tag}`, order: 1 })).data;
    const room = (await api.post<Made>("/admin/api/classRoom", { batchId: batch.id, courseClassId: cls.id, name: "A" })).data.id;
    for (const day of [1, 2, 3, 4, 6]) {
      await api.post("/admin/api/hour", { classroomId: room, dayOfWeek: day, startTime: "09:00", endTime: "09:45", label: `Day ${day} ${tag}` });
    }
    const page = await browser.page();
    await signInAs(page, "admin");
    try {
      await page.goto("/admin/settings");
      await appReady(page);
      const friday = page.getByRole("checkbox", { name: "Friday" });
      expect(await friday.isChecked()).toBe(true);
      await page.getByRole("group", { name: "Working days" }).getByText("Friday", { exact: true }).click();
      await page.getByRole("button", { name: "Save changes" }).click();
      await page.getByText("Settings updated successfully").waitFor();
      const saved = await api.get<{ config: { workingDays?: number[] } }>("/admin/api/setting");
      expect(saved.config.workingDays).toEqual([1, 2, 3, 4, 6]);

      // The desktop week has no Friday column; the time slot dialog does not pick Friday.
      await page.goto(`/admin/timetable?classroom=${room}`);
      await appReady(page);
      const grid = page.getByRole("table", { name: "Weekly timetable" });
      await grid.getByText(`Day 6 ${tag}`).waitFor();
      expect(await grid.getByRole("columnheader", { name: "Friday" }).count()).toBe(0);
      expect(await grid.getByRole("columnheader", { name: "Saturday" }).count()).toBe(1);
      await page.getByRole("button", { name: "Add a time slot" }).first().click();
      const slot = page.getByRole("dialog", { name: "Add a time slot" });
      expect(await slot.getByRole("checkbox", { name: "Friday" }).isChecked()).toBe(false);
      expect(await slot.getByRole("checkbox", { name: "Thursday" }).isChecked()).toBe(true);

      // On a phone: a tab per working day, none for Friday.
      const phone = await browser.page({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
      await signInAs(phone, "admin");
      await phone.goto(`/admin/timetable?classroom=${room}`);
      await appReady(phone);
      await phone.getByRole("tab", { name: "Saturday" }).waitFor();
      expect(await phone.getByRole("tab", { name: "Friday" }).count()).toBe(0);
    } finally {
      await api.call("PUT", "/admin/api/setting", { config: { workingDays: null } });
    }
  });
});
