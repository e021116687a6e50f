import { mkdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { classroomOf, newPerson } from "./classroom.fixture";
import { adminApi, appReady, PHONE, schoolToday, seriousViolations, setupBrowser, signInAs, signInWithMobile } from "./harness";

const browser = setupBrowser();
const SHOTS = "/tmp/shots";
/** The register's Urdu texts: the teacher reads the app in Urdu. */
const ur = JSON.parse(readFileSync(new URL("../public/locales/ur/attendance.json", import.meta.url), "utf8")).register as Record<string, string>;
const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

describe("two people marking one register", () => {
  it("keeps a teacher's register saved offline when the office marked the class meanwhile, shows both marks side by side in Urdu on a 360 px phone, and saves the teacher's choices", async () => {
    mkdirSync(SHOTS, { recursive: true });
    const admin = await adminApi();
    const teacher = await newPerson(admin, "staff", { name: "Ustadha Register", language: "ur" });
    const { room, kids } = await classroomOf(admin, 4, { classTeacherId: teacher.id, prefix: "CNF" });
    const [k1, , k3] = kids.map((k) => k.id);
    // The latest day the school worked (today, unless it is a day off).
    let date = schoolToday();
    while (!(await admin.get<{ editable: boolean }>(`/admin/api/attendance/register?classroomId=${room.id}&date=${date}`)).editable) date = dayBefore(date);
    const register = `?classroomId=${room.id}&date=${date}`;
    const marks = async () =>
      Object.fromEntries(
        (await admin.get<{ rows: { studentId: number; meaning: string }[] }>(`/admin/api/attendance${register}&limit=50`)).rows.map((r) => [
          r.studentId,
          r.meaning,
        ]),
      );

    // The teacher opens the register on her phone (the installed app: its service worker keeps
    // the shell), then loses the signal and marks it.
    const page = await browser.page({ ...PHONE, serviceWorkers: "allow" });
    await signInWithMobile(page, teacher.mobile);
    await page.goto(`/parent/register${register}`);
    await appReady(page);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    const lines = page.getByTestId("register-lines");
    await lines.locator("[data-student]").nth(3).waitFor();
    await page.context().setOffline(true);
    await lines.locator(`[data-student="${k1}"]`).click();
    await lines.locator(`[data-student="${k1}"]`).click();
    await lines.locator(`[data-student="${k3}"]`).click();
    await page.getByRole("button", { name: ur.save, exact: true }).click();
    await page.getByRole("button", { name: ur.confirm }).click();
    await page.getByTestId("waiting-badge").waitFor();

    // Meanwhile the office takes the same register: the first child absent, everyone else present.
    const office = await browser.page();
    await signInAs(office, "admin");
    await office.goto(`/admin/register${register}`);
    await office.getByTestId("register-lines").locator("[data-student]").nth(3).waitFor();
    await office.getByTestId("register-lines").locator(`[data-student="${k1}"]`).click();
    await office.getByTestId("register-counts").getByText("Absent: 1").waitFor();
    await office.getByRole("button", { name: "Save", exact: true }).click();
    await office.getByRole("button", { name: "Confirm and save" }).click();
    await office.getByText(`Register of ${room.label} saved`).waitFor();

    // The signal returns: the teacher's save crossed the office's marks, so nothing of it is saved
    // and it stays on the phone, with both marks of the two children both changed.
    await page.context().setOffline(false);
    const panel = page.getByTestId("conflicts");
    await panel.waitFor();
    const conflict = (id: number | undefined) => panel.locator(`[data-testid=conflict][data-student="${id}"]`);
    expect(await panel.getByTestId("conflict").count()).toBe(2);
    await conflict(k1).getByText("Aisha Rahman (Admin)", { exact: false }).waitFor();
    expect(await marks()).toEqual(Object.fromEntries(kids.map((k) => [k.id, k.id === k1 ? "absent" : "present"])));
    await page.reload();
    await panel.waitFor();
    expect(await panel.getByTestId("conflict").count()).toBe(2);
    expect(await page.getByRole("button", { name: ur.save, exact: true }).isDisabled()).toBe(true);
    await page.getByTestId("save-blocked").waitFor();

    expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toBe("");
    await panel.screenshot({ path: `${SHOTS}/register-conflicts-ur-360.png` });

    // She keeps her own "late" for the first child and the office's "present" for the third.
    const [theirs1, mine1] = await conflict(k1).getByRole("button").all();
    const [theirs3] = await conflict(k3).getByRole("button").all();
    await mine1!.click();
    await theirs3!.click();
    expect(await mine1!.getAttribute("aria-pressed")).toBe("true");
    expect(await theirs1!.getAttribute("aria-pressed")).toBe("false");
    await page.getByRole("button", { name: ur.save, exact: true }).click();
    await page.getByRole("button", { name: ur.confirm }).click();
    await page.getByText(ur.sent!.replace("{{label}}", room.label)).waitFor();
    await panel.waitFor({ state: "detached" });
    expect(await page.getByTestId("waiting-badge").count()).toBe(0);
    expect(await marks()).toEqual(Object.fromEntries(kids.map((k) => [k.id, k.id === k1 ? "late" : "present"])));
  });
});
