import { mkdirSync } from "node:fs";
import type { ClassStudentsReply, MyClassesReply } from "@taleem/contract";
import { describe, expect, it } from "vitest";
import { nameForReader } from "../src/lib/reader-name";
import { appReady, useBrowser as browserPerTest, PHONE, seriousViolations, signInAs, switchLanguage } from "./harness";

// One Chromium per file, a fresh context per test (the harness names it like a hook; it is not one).
const browser = browserPerTest();
const SHOTS = "/tmp/shots";

describe("a teacher's classes", () => {
  it("on a 360 px phone in Urdu, the demo teacher opens My classes, sees the classroom and opens its register with the class's children", async () => {
    mkdirSync(SHOTS, { recursive: true });
    const page = await browser.page(PHONE);
    await signInAs(page, "staff");
    await appReady(page);
    // What the page is given, through the teacher's own session.
    const mine: MyClassesReply = await (await page.request.get("/user/api/home/my-classes")).json();
    // The demo teacher is class teacher of Madrasa 5-A (apps/server/src/db/demo/demo-plan.ts).
    const room = mine.classrooms.find((c) => c.classTeacher);
    expect(room, JSON.stringify(mine.classrooms)).toBeDefined();
    const list: ClassStudentsReply = await (await page.request.get(`/user/api/home/classstudents/${room!.classroomId}`)).json();
    expect(list.count).toBeGreaterThan(0);

    // The home says what waits for the teacher, each a link.
    await page.getByTestId("teacher-today").waitFor();
    await switchLanguage(page, "ur");
    try {
      await page.getByRole("heading", { name: "آپ کے منتظر کام" }).waitFor();
      await page.getByRole("link", { name: "میری جماعتیں" }).first().click();
      await page.waitForURL((u) => u.pathname === "/parent/classes");
      await page.getByRole("heading", { name: "میری جماعتیں" }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");

      // Two courses may each have a "Class 5-A": the card is found by its classroom.
      const card = page.locator(`[data-testid=class-card][data-classroom="${room!.classroomId}"]`);
      await card.waitFor();
      if (room!.register.expected) await card.getByText(room!.register.taken ? "حاضری لگ گئی" : "حاضری نہیں لگی", { exact: true }).waitFor();
      // Today's hours follow the classrooms, each a card of its own; the coming days' hours and sittings are rows by day.
      const today = (d: string) => d === mine.date;
      expect(await page.getByTestId("hour-card").count()).toBe(mine.hours.filter((h) => today(h.date)).length);
      expect(await page.getByTestId("week-item").count()).toBe([...mine.hours, ...mine.sittings].filter((x) => !today(x.date)).length);
      await page.evaluate(() => document.fonts.ready);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page)).toBe("");
      await page.screenshot({ path: `${SHOTS}/my-classes-ur-360.png`, fullPage: true });

      // The class list opens from the card and lists the class in roll order.
      await card.getByTestId("open-class-list").click();
      await page.waitForURL((u) => u.pathname === "/parent/classes" && u.searchParams.get("classroom") === String(room!.classroomId));
      await page.getByTestId("class-student").first().waitFor();
      expect(await page.getByTestId("class-student").count()).toBe(list.count);
      await page.goBack();

      // The register opens on the classroom and today, and shows the class's children.
      await card.getByTestId("open-register").click();
      await page.waitForURL((u) => u.pathname === "/parent/register" && u.searchParams.get("classroomId") === String(room!.classroomId));
      expect(new URL(page.url()).searchParams.get("date")).toBe(mine.date);
      const lines = page.getByTestId("register-lines");
      // In Urdu the register names each child in Arabic letters when the school has the name in
      // them, else in Latin (a Malayalam second name is not for an Urdu reader).
      for (const s of list.rows) await lines.getByText(nameForReader(s, "ur"), { exact: true }).first().waitFor();
      await page.screenshot({ path: `${SHOTS}/my-classes-register-ur-360.png`, fullPage: true });
    } finally {
      // Put it back, so other tests meet the teacher in English.
      await switchLanguage(page, "en");
    }
  });
});
