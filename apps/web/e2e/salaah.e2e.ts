import { describe, expect, it } from "vitest";
import { adminApi, appReady, useBrowser as browserPerTest, PHONE, schoolToday, signInAs, switchLanguage } from "./harness";

// One Chromium per file, a fresh context per test (the harness names it like a hook; it is not one).
const browser = browserPerTest();

type Day = {
  salaahTypes: { id: number; name: string }[];
  options: { id: number; meaning: string; name: string }[];
  students: { id: number; name: string; logs: { salaahTypeId: number; meaning: string; date: string }[] }[];
};

describe("salaah on a phone", () => {
  it("a teacher marks Fajr for a class in Arabic, right to left; the parent sees it in the week", async () => {
    const admin = await adminApi();
    // The demo parent's elder child's class (apps/server/src/db/demo/demo-roster.ts).
    const found = await admin.call<{ rows: { id: number }[] }>("GET", `/admin/api/student?q=${encodeURIComponent("Muhammed Rayan")}`);
    const child = found.rows[0]!.id;
    const enrolled = await admin.call<{ rows: { classroomId: number }[] }>("GET", `/admin/api/enrollment?studentId=${child}&status=active`);
    const classroomId = enrolled.rows[0]!.classroomId;

    const page = await browser.page(PHONE);
    await signInAs(page, "staff");
    await page.goto(`/parent/salaah?classroom=${classroomId}`);
    await appReady(page);
    // The switcher saves the choice to the teacher's profile: it is set back to English at the end.
    await switchLanguage(page, "ar");
    await page.getByRole("heading", { name: "الصلاة" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
    await page.getByText("الفجر", { exact: true }).click();
    // Mark all in congregation, then one tap moves the first child on to the next option.
    await page.getByRole("button", { name: /^الجميع:/ }).click();
    const first = page.locator("[data-student]").first();
    const firstId = Number(await first.getAttribute("data-student"));
    await first.click();
    await page.screenshot({ path: "/tmp/shots/salaah-grid-ar-phone.png" });
    await page.getByRole("button", { name: "حفظ" }).click();
    await page.getByText(/^تم الحفظ/).waitFor();
    // Nothing on the page is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    const today = schoolToday();
    const day = await admin.call<Day>("GET", `/admin/api/salaah-log/students?classroomId=${classroomId}&date=${today}`);
    const fajr = day.salaahTypes.find((t) => t.name === "Fajr")!.id;
    const meaningOf = (id: number) => day.students.find((s) => s.id === id)!.logs.find((l) => l.salaahTypeId === fajr)?.meaning;
    expect(meaningOf(firstId)).toBe("alone");
    expect(day.students.filter((s) => s.id !== firstId).every((s) => meaningOf(s.id) === "congregation")).toBe(true);
    await switchLanguage(page, "en");

    const parent = await browser.page(PHONE);
    await signInAs(parent, "parent");
    await parent.goto(`/parent/salaah-week?student=${child}`);
    await parent.getByRole("heading", { name: "Prayers this week" }).waitFor();
    const expected = meaningOf(child) === "alone" ? "Alone" : "In congregation";
    // The first row is the day the teacher marked; its first prayer column is Fajr.
    await parent.getByRole("columnheader").nth(1).getByText("Fajr").waitFor();
    await parent.getByRole("row").nth(1).getByRole("cell").nth(1).getByText(expected).waitFor();
    await appReady(parent);
    await parent.screenshot({ path: "/tmp/shots/salaah-week-parent-phone.png" });
  });
});
