import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { adminApi, baseUrl, DEMO, PHONE, schoolToday, setupBrowser, signInAs } from "./harness";

const browser = setupBrowser();
const tag = () => Math.random().toString(36).slice(2, 7).toUpperCase();

/** The demo parent's children with their class, through the parent's own API. */
async function parentChildren(): Promise<{ id: number; name: string; className: string | null }[]> {
  const login = await fetch(`${baseUrl()}/admin/open/auth/login-mobile`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" },
    body: JSON.stringify({ code: DEMO.code, mobile: DEMO.mobiles.parent, password: DEMO.password }),
  });
  const { token } = (await login.json()) as { token: string };
  const res = await fetch(`${baseUrl()}/user/api/home/children`, { headers: { "x-requested-with": "XMLHttpRequest", "x-access-token": token } });
  return ((await res.json()) as { rows: { id: number; name: string; className: string | null }[] }).rows;
}

/**
 * The teacher's page offers the active year's classes, and the academics browser test makes a
 * year of 2031 the demo school's active one: the year of the child's class (the one running
 * today) is made active again first.
 */
async function activateChildsYear(className: string) {
  const admin = await adminApi();
  const rooms = await admin.get<{ rows: { label: string; batchId: number; courseName: string; batchName: string }[] }>("/admin/api/classRoom?limit=200");
  const years = await admin.get<{ rows: { id: number; startDate: string; endDate: string }[] }>("/admin/api/batch?limit=100");
  const today = schoolToday();
  const ids = new Set(rooms.rows.filter((r) => r.label === className).map((r) => r.batchId));
  const year = years.rows.find((y) => ids.has(y.id) && y.startDate <= today && today <= y.endDate);
  expect(year, `a year running today holds ${className}`).toBeTruthy();
  await admin.call("PUT", "/admin/api/batch/make-active-batch", { id: year!.id });
  // The class as the picker names it: "Class 5-A · Madrasa · 2026-27".
  const room = rooms.rows.find((r) => r.label === className && r.batchId === year!.id)!;
  return `${room.label} · ${room.courseName} · ${room.batchName}`;
}

/** Neither the page nor a part of it is wider than a 360 px phone. */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe("tasks on a phone", () => {
  it("a teacher sets homework to a class in three taps; the parent is told and ticks it; the teacher sees who has not done it", async () => {
    const [child] = (await parentChildren()).filter((c) => c.className);
    expect(child, "the demo parent has a child in a class").toBeTruthy();
    const title = `Copy the surah neatly ${tag()}`;
    const classChoice = await activateChildsYear(child!.className!);

    // The teacher: the class, the type, the title (due tomorrow by default), and send.
    const teacher = await browser.page(PHONE);
    await signInAs(teacher, "staff");
    await teacher.getByText("Set tasks").click();
    await teacher.waitForURL((u) => u.pathname === "/parent/tasks");
    await teacher.getByRole("link", { name: "Set a task" }).click();
    await teacher.waitForURL((u) => u.pathname === "/parent/tasks/new");
    await teacher.getByRole("combobox", { name: /Which class\?/ }).click();
    await teacher.getByRole("listbox").getByRole("option", { name: classChoice, exact: true }).click();
    await teacher.getByRole("radiogroup", { name: "What kind of task?" }).getByText("Homework", { exact: true }).click();
    await teacher.getByLabel("Title").fill(title);
    await teacher.getByRole("button", { name: "Set the task" }).click();
    await teacher.waitForURL((u) => /^\/parent\/tasks\/\d+$/.test(u.pathname));
    const taskUrl = new URL(teacher.url()).pathname;
    await teacher.getByText(title).waitFor();
    const cards = teacher.getByTestId("task-child");
    await cards.first().waitFor();
    const total = await cards.count();
    expect(total).toBeGreaterThan(1);
    expect(await teacher.locator('[data-status="pending"]').count()).toBe(total);
    expect(await overflow(teacher)).toBeLessThanOrEqual(0);
    await teacher.screenshot({ path: "/tmp/shots/tasks-teacher-set.png" });

    // The parent: the notification, then today's tasks, and the tick.
    const parent = await browser.page(PHONE);
    await signInAs(parent, "parent");
    await parent.goto("/parent/notifications");
    await parent.getByText(`A new task for ${child!.name}`).first().click();
    await parent.waitForURL((u) => u.pathname === "/parent/tasks" && u.searchParams.get("student") === String(child!.id));
    const mine = parent.getByTestId("child-task").filter({ hasText: title });
    await mine.getByRole("button", { name: "Mark as done" }).click();
    await mine.locator('[data-status="done"]').waitFor();
    expect(await overflow(parent)).toBeLessThanOrEqual(0);
    await parent.screenshot({ path: "/tmp/shots/tasks-parent-ticked.png" });

    // The teacher's task page: that child done, every other child not done yet.
    await teacher.goto(taskUrl);
    const done = cards.filter({ has: teacher.locator('[data-status="done"]') });
    await done.first().waitFor();
    expect(await done.count()).toBe(1);
    await expect(done.first().textContent()).resolves.toContain(child!.name);
    expect(await teacher.locator('[data-status="pending"]').count()).toBe(total - 1);
    await teacher.getByTestId("task-counts").getByText("Done: 1", { exact: true }).waitFor();
  });
});
