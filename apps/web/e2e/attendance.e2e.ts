import { describe, expect, it } from "vitest";
import { classroomOf, demoTeacherId, newPerson } from "./classroom.fixture";
import { adminApi, appReady, chooseSchool, DEMO, PHONE, schoolToday, setupBrowser, signInAs, signInWithMobile } from "./harness";

const browser = setupBrowser();

/** A classroom of 40 children in the demo school's current year, the demo teacher its class teacher, the first child's parent able to sign in. */
async function classOf40() {
  const admin = await adminApi();
  const parent = await newPerson(admin, "parent", { name: "Register Parent" });
  const { room, name } = await classroomOf(admin, 40, { classTeacherId: await demoTeacherId(admin), firstGuardian: parent.id });
  return { admin, room, name, parentMobile: parent.mobile };
}

describe("attendance register on a phone", () => {
  it("opens the app and today's register with no signal, marks 40 offline, survives a closed tab, sends exactly 40 marks once online, and the parent is told of the absence", async () => {
    const { admin, room, name, parentMobile } = await classOf40();
    // The installed app: its service worker keeps the shell, as on a teacher's phone.
    const first = await browser.page({ ...PHONE, serviceWorkers: "allow" });
    const context = first.context();
    await signInAs(first, "staff");
    await first.goto("/parent/register");
    await appReady(first);
    const classroom = first.getByPlaceholder("Choose a classroom");
    await classroom.click();
    await classroom.fill(name);
    await first.getByRole("option", { name: new RegExp(name) }).click();
    await first.getByTestId("register-lines").locator("[data-student]").nth(39).waitFor();
    await first.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await first.close();

    // In class, no signal: the app opens from the phone, with the register kept when last online.
    await context.setOffline(true);
    const page = await context.newPage();
    page.on("pageerror", (e) => console.error("PAGEERROR", e.message));
    await page.goto("/parent/register");
    await page.getByTestId("offline-badge").waitFor();
    await page.getByTestId("register-lines").locator("[data-student]").nth(39).waitFor();
    expect(await page.getByTestId("register-lines").locator("[data-student]").count()).toBe(40);

    // The first child is marked absent with one tap, everyone else stays present (the default).
    await page.getByRole("button", { name: new RegExp(`${name} Child 01`) }).click();
    await page.getByTestId("register-counts").getByText("Absent: 1").waitFor();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    const totals = page.getByTestId("confirm-totals");
    expect(await totals.innerText()).toMatch(/Present\s+39[\s\S]*Absent\s+1/);
    await page.getByRole("button", { name: "Confirm and save" }).click();
    await page.getByTestId("waiting-badge").getByText("Waiting to send: 1").waitFor();
    await page.screenshot({ path: "/tmp/shots/attendance-register-offline.png" });
    const before = await admin.get<{ count: number }>(`/admin/api/attendance?classroomId=${room.id}`);
    expect(before.count).toBe(0);

    // The tab is closed before the connection returns; the save waits on the phone, and goes
    // once the app is open again, on whatever screen (here the home page).
    await page.close();
    await context.setOffline(false);
    const again = await context.newPage();
    await again.goto("/parent/home");
    await again.getByText(`Register of ${room.label} saved`).waitFor();
    const marks = await admin.get<{ count: number; rows: { status: string }[] }>(`/admin/api/attendance?classroomId=${room.id}&limit=100`);
    expect(marks.count).toBe(40);
    expect(marks.rows.filter((r) => r.status === "ABSENT")).toHaveLength(1);

    // The first child's parent sees the notification.
    const parent = await browser.page(PHONE);
    await parent.goto("/auth/sign-in");
    await chooseSchool(parent);
    await parent.locator("input[name=username]").fill(parentMobile);
    await parent.locator("input[name=password]").fill(DEMO.password);
    await parent.getByRole("button", { name: "Sign in", exact: true }).click();
    await parent.waitForURL((u) => u.pathname === "/parent/home");
    await parent.goto("/parent/notifications");
    await parent.getByText(`${name} Child 01 was absent`).first().waitFor();
  });
});

describe("names in the register, in the reader's script", () => {
  it("shows a child's own-script name to a reader of that script and the Latin name to every other reader", async () => {
    const admin = await adminApi();
    const teacher = await newPerson(admin, "staff", { name: "Ustadha Scripts", language: "ur" });
    const { room, kids } = await classroomOf(admin, 3, { classTeacherId: teacher.id, prefix: "NMS" });
    const natives = ["عائشہ", "ஆயிஷா", "ആയിഷ"]; // Urdu, Tamil, Malayalam
    for (const [i, kid] of kids.entries()) await admin.call("PUT", "/admin/api/student", { id: kid.id, nameNative: natives[i] });

    const page = await browser.page(PHONE);
    await signInWithMobile(page, teacher.mobile);
    await page.goto(`/parent/register?classroomId=${room.id}&date=${schoolToday()}`);
    // A child's line: the card that holds their mark button.
    const line = (i: number) =>
      page
        .getByTestId("register-lines")
        .locator(".mantine-Paper-root")
        .filter({ has: page.locator(`[data-student="${kids[i]!.id}"]`) });
    await line(2).waitFor();
    const names = async () => Promise.all(kids.map((_, i) => line(i).innerText()));
    // In Urdu: the Urdu name in Urdu letters; the Tamil and Malayalam ones in Latin.
    expect(await names()).toEqual([expect.stringContaining("عائشہ"), expect.stringContaining(kids[1]!.name), expect.stringContaining(kids[2]!.name)]);
    expect((await names()).join(" ")).not.toMatch(/[\u0B80-\u0BFF\u0D00-\u0D7F]/);

    await page.getByTestId("language-switcher").first().selectOption("ml");
    await expect.poll(() => line(2).innerText()).toContain("ആയിഷ");
    expect(await names()).toEqual([expect.stringContaining(kids[0]!.name), expect.stringContaining(kids[1]!.name), expect.stringContaining("ആയിഷ")]);
  });
});
