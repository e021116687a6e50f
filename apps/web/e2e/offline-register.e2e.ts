import { mkdirSync, readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { classroomOf, newPerson } from "./classroom.fixture";
import { adminApi, appReady, clippedArabicScript, PHONE, schoolToday, setupBrowser, signInWithMobile } from "./harness";

const browser = setupBrowser();
const SHOTS = "/tmp/shots";
const textsOf = (lng: string) => JSON.parse(readFileSync(new URL(`../public/locales/${lng}/attendance.json`, import.meta.url), "utf8"));
const ml = textsOf("ml");
const ur = textsOf("ur");
const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
/** A moment of a school day (the demo school is in India). */
const at = (day: string, time: string) => new Date(`${day}T${time}:00+05:30`);

/** Whether the phone keeps a register of this classroom and the Urdu and Arabic texts of the register (what the teaching kit stores). */
const kitKept = (page: Page, classroomId: number) =>
  page.evaluate(async (id) => {
    if (!(await indexedDB.databases()).some((d) => d.name === "taleem-attendance")) return false;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open("taleem-attendance");
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const keys = await new Promise<IDBValidKey[]>((resolve) => {
      const req = db.transaction("registers").objectStore("registers").getAllKeys();
      req.onsuccess = () => resolve(req.result);
    });
    db.close();
    const texts = await Promise.all(["ur", "ar"].map((l) => caches.match(`/locales/${l}/attendance.json`)));
    return keys.some((k) => String(k).includes(`:${id}:`)) && texts.every(Boolean);
  }, classroomId);

/** The screen as the teacher sees it, once its fonts are in and the dialog and notes of earlier saves have gone. */
async function shoot(page: Page, path: string) {
  await page.locator(".mantine-Modal-content").waitFor({ state: "detached" });
  await page.locator(".mantine-Notification-root").first().waitFor({ state: "detached", timeout: 30_000 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path });
}

describe("the teacher's register with no signal from the start of the day", () => {
  it("opens My classes and today's register of a class never opened, from what the phone kept yesterday, marks it and sends it once online", async () => {
    mkdirSync(SHOTS, { recursive: true });
    const admin = await adminApi();
    const teacher = await newPerson(admin, "staff", { name: "Ustadha Kit", language: "ml" });
    const opened = await classroomOf(admin, 3, { classTeacherId: teacher.id, prefix: "KTA" });
    const never = await classroomOf(admin, 4, { classTeacherId: teacher.id, prefix: "KTB" });
    const [k1, k2, k3, k4] = never.kids.map((k) => k.id);
    // "Today" is the latest day the school works; the phone was last online the day before.
    let today = schoolToday();
    while (!(await admin.get<{ editable: boolean }>(`/admin/api/attendance/register?classroomId=${never.room.id}&date=${today}`)).editable)
      today = dayBefore(today);
    const yesterday = dayBefore(today);

    // Yesterday, online: she signs in (the installed app: its service worker keeps the shell) and
    // takes one class's register; the other class she never opens.
    const page = await browser.page({ ...PHONE, serviceWorkers: "allow" });
    const context = page.context();
    await context.clock.setFixedTime(at(yesterday, "12:00"));
    await signInWithMobile(page, teacher.mobile);
    await page.goto(`/parent/register?classroomId=${opened.room.id}&date=${yesterday}`);
    await appReady(page);
    await page.getByTestId("register-lines").locator("[data-student]").nth(2).waitFor();
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect.poll(() => kitKept(page, never.room.id), { timeout: 100_000, interval: 500 }).toBe(true);
    await page.close();

    // This morning, in a room with no signal from the start.
    await context.setOffline(true);
    await context.clock.setFixedTime(at(today, "08:00"));
    const phone = await context.newPage();
    await phone.goto("/parent/classes");
    const cards = phone.getByTestId("class-card");
    await cards.filter({ hasText: never.room.label }).waitFor();
    await cards.filter({ hasText: opened.room.label }).waitFor();
    await phone.getByTestId("classes-kept").waitFor();
    await cards.filter({ hasText: never.room.label }).getByTestId("open-register").click();
    const lines = phone.getByTestId("register-lines");
    await lines.locator("[data-student]").nth(3).waitFor();
    expect(new URL(phone.url()).searchParams.get("date")).toBe(today);
    await phone.getByRole("heading", { name: ml.register.title }).waitFor();
    await phone.getByTestId("offline-badge").getByText(ml.register.offline).waitFor();
    expect(await phone.locator("body").innerText()).not.toMatch(/register\.|REGISTER\./);

    // She marks two children absent (one tap each) and saves on the phone.
    await lines.locator(`[data-student="${k1}"]`).click();
    await lines.locator(`[data-student="${k2}"]`).click();
    const counts = phone.getByTestId("register-counts");
    await counts.getByText(`${ml.meanings.absent}: 2`).waitFor();
    await phone.getByRole("button", { name: ml.register.save, exact: true }).click();
    await phone.getByRole("button", { name: ml.register.confirm }).click();
    await phone.getByTestId("waiting-badge").waitFor();

    await shoot(phone, `${SHOTS}/register-offline-ml-360.png`);

    // In Urdu, still with no signal: the phone has every language's texts of the register.
    await phone.getByTestId("language-switcher").first().selectOption("ur");
    await phone.getByRole("heading", { name: ur.register.title }).waitFor();
    await counts.getByText(`${ur.meanings.absent}: 2`).waitFor();
    expect(await phone.evaluate(() => document.documentElement.dir)).toBe("rtl");
    expect(await phone.locator("body").innerText()).not.toMatch(/register\.|REGISTER\./);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    // The alert that says the register is the phone's copy keeps the tops of its Nastaliq letters.
    await phone.getByText(ur.register.keptCopy).waitFor();
    expect(await clippedArabicScript(phone)).toEqual([]);
    await shoot(phone, `${SHOTS}/register-offline-ur-360.png`);

    // The connection returns: the register is saved once, with the two absences.
    await context.setOffline(false);
    await phone.getByText(ur.register.sent.replace("{{label}}", never.room.label)).first().waitFor();
    const saved = await admin.get<{ rows: { studentId: number; meaning: string }[] }>(
      `/admin/api/attendance?classroomId=${never.room.id}&date=${today}&limit=50`,
    );
    expect(Object.fromEntries(saved.rows.map((r) => [r.studentId, r.meaning]))).toEqual({
      [k1!]: "absent",
      [k2!]: "absent",
      [k3!]: "present",
      [k4!]: "present",
    });
  }, 240_000); // the kit is fetched while the phone is idle, and tried again if a call failed

  it("shows the marks waiting to be sent after a reload offline, in the counts too, and All present then save keeps them", async () => {
    const admin = await adminApi();
    const teacher = await newPerson(admin, "staff", { name: "Ustadha Reload" });
    const { room, kids } = await classroomOf(admin, 4, { classTeacherId: teacher.id, prefix: "RLD" });
    const [k1, k2, k3, k4] = kids.map((k) => k.id);
    let today = schoolToday();
    while (!(await admin.get<{ editable: boolean }>(`/admin/api/attendance/register?classroomId=${room.id}&date=${today}`)).editable) today = dayBefore(today);

    const page = await browser.page({ ...PHONE, serviceWorkers: "allow" });
    await signInWithMobile(page, teacher.mobile);
    await page.goto(`/parent/register?classroomId=${room.id}&date=${today}`);
    await appReady(page);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    const lines = page.getByTestId("register-lines");
    const counts = page.getByTestId("register-counts");
    await lines.locator("[data-student]").nth(3).waitFor();

    // No signal: she marks one child absent and saves on the phone, then the app is reloaded.
    await page.context().setOffline(true);
    await lines.locator(`[data-student="${k1}"]`).click();
    await counts.getByText("Absent: 1").waitFor();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByRole("button", { name: "Confirm and save" }).click();
    await page.getByTestId("waiting-badge").getByText("Waiting to send: 1").waitFor();
    await page.reload();
    await appReady(page);
    await lines.locator("[data-student]").nth(3).waitFor();
    await counts.getByText("Absent: 1").waitFor();
    await counts.getByText("Present: 3").waitFor();
    expect(await lines.locator(`[data-student="${k1}"]`).getAttribute("aria-label")).toContain("Absent");

    // "All present" marks only the children with no mark yet; saved again, one save waits, the absence in it.
    await page.getByRole("button", { name: "All present" }).click();
    await counts.getByText("Absent: 1").waitFor();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    expect(await page.getByTestId("confirm-totals").innerText()).toMatch(/Present\s+3[\s\S]*Absent\s+1/);
    await page.getByRole("button", { name: "Confirm and save" }).click();
    await page.getByTestId("waiting-badge").getByText("Waiting to send: 1").waitFor();

    await page.context().setOffline(false);
    await page.getByText(`Register of ${room.label} saved`).first().waitFor();
    const saved = await admin.get<{ rows: { studentId: number; meaning: string }[] }>(`/admin/api/attendance?classroomId=${room.id}&date=${today}&limit=50`);
    expect(Object.fromEntries(saved.rows.map((r) => [r.studentId, r.meaning]))).toEqual({
      [k1!]: "absent",
      [k2!]: "present",
      [k3!]: "present",
      [k4!]: "present",
    });
  });
});
