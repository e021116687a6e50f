import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  adminApi,
  appReady,
  baseUrl,
  useBrowser as browserPerTest,
  chooseSchool,
  DEMO,
  PHONE,
  PHONE_BROWSER,
  seriousViolations,
  signInAs,
  switchLanguage,
} from "./harness";

// One Chromium per file, a fresh context per test (the harness names it like a hook; it is not one).
const browser = browserPerTest();
const SHOTS = "/tmp/shots";

interface Kid {
  id: number;
  name: string;
}
interface Home {
  today: {
    attendance: { state: string; meaning: string | null };
    prayers: { logs: { builtinKey: string | null; meaning: string }[] };
    hifz: { recitationTypeName: string; range: string } | null;
    latestResult: { name: string } | null;
    nextLesson: { date: string; startTime: string; endTime: string } | null;
  };
  todaysPendingTasks: { title: string; typeKey: string | null }[];
  asOf: string;
}

/** The parent's children and each one's home, through the parent's own session (what the page is given). */
async function childrenOf(page: Page): Promise<Kid[]> {
  return (await (await page.request.get("/user/api/home/children")).json()).rows;
}
async function homeOf(page: Page, id: number): Promise<Home> {
  return (await (await page.request.get(`/user/api/home?student=${id}`)).json()).data;
}

/** The standard rows' Urdu names (public/locales/ur/standard.json): the demo school keeps the standard English ones. */
const URDU_STANDARD: Record<string, string> = { homework: "ہوم ورک", memorise: "حفظ", revise: "دہرائی", project: "پروجیکٹ", fajr: "فجر", zuhr: "ظہر" };

/** The Urdu word the today card uses for a mark (public/locales/ur/parent.json homeCards.attendance). */
const URDU_MARK: Record<string, string> = {
  present: "حاضر",
  late: "دیر سے آیا",
  absent: "غیر حاضر",
  excused: "عذر کے ساتھ غیر حاضر",
  on_leave: "چھٹی پر",
  half_day: "آدھا دن",
};

describe("parent area", () => {
  it("a parent lands on /parent/home and sees their name, school and their two children", async () => {
    const page = await browser.page(PHONE);
    await signInAs(page, "parent");
    expect(new URL(page.url()).pathname).toBe("/parent/home");
    await page.getByTestId("parent-name").getByText("Fatima Begum (Parent)").waitFor();
    await page.getByText("Your school").waitFor();
    // The demo school links the demo parent to two children (apps/server/src/db/demo/demo-roster.ts).
    await page.getByText("Muhammed Rayan").first().waitFor();
    await page.getByText("Ayisha Minha").first().waitFor();
    // A parent has no classes; the bottom bar offers home, chat and profile.
    const bar = page.getByRole("navigation", { name: "Sections" });
    expect(await bar.getByRole("link").allTextContents()).toEqual(["Home", "Chat", "Profile"]);
    const box = await bar.boundingBox();
    expect(box!.y).toBeGreaterThan(600);
    await appReady(page);
    await page.screenshot({ path: "/tmp/shots/parent-home-phone.png" });
    await bar.getByRole("link", { name: "Profile" }).click();
    await page.waitForURL((u) => u.pathname === "/parent/profile");
    await page.getByRole("heading", { name: "My profile" }).waitFor();
  });

  it("a page load of the home is drawn by the server with none of the app's code, which starts at a tap and answers it", async () => {
    const page = await browser.page(PHONE_BROWSER);
    await signInAs(page, "parent");
    const [first, second] = await childrenOf(page);
    // The scripts this document asked for (the sign-in's own page asked for the app's).
    const scripts = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType("resource")
          .map((r) => new URL(r.name).pathname)
          .filter((p) => p.endsWith(".js")),
      );
    await page.goto(`/parent/home?student=${first!.id}`);
    await page.getByTestId("parent-name").getByText("Fatima Begum (Parent)").waitFor();
    await page.locator(`[data-testid=child-home][data-student="${first!.id}"]`).getByTestId("home-attendance").waitFor();
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-server-home"))).toBe(true);
    expect(await page.locator("#splash").count()).toBe(0);
    await page.waitForTimeout(500);
    expect((await scripts()).filter((s) => s.startsWith("/assets/"))).toEqual([]);
    // Drawn for the phone it is: the sections bar along the bottom of the screen, not in the header.
    const bar = await page.getByRole("navigation", { name: "Sections" }).boundingBox();
    expect(bar).toMatchObject({ x: 0, width: 360 });
    expect(bar!.y + bar!.height).toBeCloseTo(740, 0);
    // Names in other scripts than the page's (the demo's Malayalam ones) get their fonts declared after load.
    await page.waitForFunction(() => [...document.fonts].some((f) => f.family.replace(/"/g, "") === "Noto Sans Malayalam"));
    // A tap on the other child starts the app, which takes over the page and makes that choice.
    await page.getByRole("radio", { name: new RegExp(second!.name) }).click();
    await page.locator(`[data-testid=child-home][data-student="${second!.id}"]`).waitFor();
    expect(new URL(page.url()).searchParams.get("student")).toBe(String(second!.id));
    expect(await page.locator("#server-root").count()).toBe(0);
    expect((await scripts()).some((s) => /^\/assets\/index-/.test(s))).toBe(true);
    // The app's own page from then on: the first child again, from the app.
    await page.getByRole("radio", { name: new RegExp(first!.name) }).click();
    await page.locator(`[data-testid=child-home][data-student="${first!.id}"]`).waitFor();
  });

  it("a returning parent lands on the child they chose last, drawn by the server, with no chooser and no tap", async () => {
    const page = await browser.page(PHONE_BROWSER);
    await signInAs(page, "parent");
    await appReady(page);
    const [, second] = await childrenOf(page);
    // Chosen once, in the app.
    await page.getByRole("radio", { name: new RegExp(second!.name) }).click();
    await page.locator(`[data-testid=child-home][data-student="${second!.id}"]`).waitFor();
    // Another day: the home's address names no child, and the page is the server's.
    await page.goto("/parent/home");
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-server-home"))).toBe(true);
    await page.locator(`[data-testid=child-home][data-student="${second!.id}"]`).getByTestId("home-attendance").waitFor();
    expect(await page.getByText("Choose a child", { exact: true }).count()).toBe(0);
    expect(await page.getByRole("radio", { name: new RegExp(second!.name) }).getAttribute("aria-checked")).toBe("true");
    // Nothing was tapped: the app's code has not been asked for.
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .map((r) => new URL(r.name).pathname)
        .filter((p) => p.startsWith("/assets/") && p.endsWith(".js")),
    );
    expect(scripts).toEqual([]);
  });

  it("the chosen child holds on fees, tasks and prayers, and a change on any of them is the choice everywhere", async () => {
    const page = await browser.page(PHONE_BROWSER);
    await signInAs(page, "parent");
    await appReady(page);
    const [first, second] = await childrenOf(page);
    const radio = (kid: Kid) => page.getByRole("radio", { name: new RegExp(kid.name) });
    await radio(second!).click();
    await page.locator(`[data-testid=child-home][data-student="${second!.id}"]`).waitFor();
    // Each page opened afresh (its address names no child) shows that child, asking nothing.
    const screens: [string, string][] = [
      ["/parent/fees", "Fees"],
      ["/parent/tasks", "Today's tasks"],
      ["/parent/salaah-week", "Prayers this week"],
    ];
    for (const [path, heading] of screens) {
      await page.goto(path);
      await page.getByRole("heading", { name: heading }).waitFor();
      await page.waitForFunction((name) => document.querySelector(`[role=radio][aria-checked=true]`)?.textContent?.includes(name), second!.name);
      expect(await page.getByText("Choose a child", { exact: true }).count(), path).toBe(0);
    }
    await page.goto("/parent/fees");
    await page.getByTestId("fees-summary").waitFor();
    // Changed on the fees page: the tasks page and the home (drawn by the server) follow.
    await radio(first!).click();
    await page.getByTestId("fees-summary").waitFor();
    await page.goto("/parent/tasks");
    await page.waitForFunction((name) => document.querySelector(`[role=radio][aria-checked=true]`)?.textContent?.includes(name), first!.name);
    await page.goto("/parent/home");
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-server-home"))).toBe(true);
    await page.locator(`[data-testid=child-home][data-student="${first!.id}"]`).getByTestId("home-attendance").waitFor();
  });

  it("on a 360 px phone in Urdu and Malayalam, the returning parent's home is drawn by the server for the child chosen last", async () => {
    mkdirSync(SHOTS, { recursive: true });
    const page = await browser.page(PHONE_BROWSER);
    await signInAs(page, "parent");
    await appReady(page);
    const [, second] = await childrenOf(page);
    await page.getByRole("radio", { name: new RegExp(second!.name) }).click();
    await page.locator(`[data-testid=child-home][data-student="${second!.id}"]`).waitFor();
    try {
      for (const [lng, dir] of [
        ["ur", "rtl"],
        ["ml", "ltr"],
      ] as const) {
        await page.goto("/parent/profile");
        await appReady(page);
        await switchLanguage(page, lng);
        await page.goto("/parent/home");
        expect(
          await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir, document.documentElement.hasAttribute("data-server-home")]),
        ).toEqual([lng, dir, true]);
        await page.locator(`[data-testid=child-home][data-student="${second!.id}"]`).getByTestId("home-attendance").waitFor();
        await page.evaluate(() => document.fonts.ready);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
        await page.screenshot({ path: `${SHOTS}/parent-home-returning-${lng}-360.png`, fullPage: true });
      }
    } finally {
      await page.goto("/parent/profile");
      await appReady(page);
      await switchLanguage(page, "en");
    }
  });

  it("a cookie naming another family's child draws the chooser, never that child", async () => {
    const page = await browser.page(PHONE_BROWSER);
    await signInAs(page, "parent");
    const kids = await childrenOf(page);
    const admin = await adminApi();
    const students = (await admin.get<{ rows: Kid[] }>("/admin/api/student?limit=50")).rows;
    const other = students.find((s) => !kids.some((k) => k.id === s.id));
    expect(other, "the demo school has other families").toBeTruthy();
    const me = (await (await page.request.get("/user/open/auth/validatetoken")).json()).user.id as number;
    // The cookie the app keeps for the chosen child, forged to name someone else's.
    await page.context().addCookies([{ name: `taleem_child_${me}`, value: String(other!.id), url: baseUrl() }]);
    await page.goto("/parent/home");
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-server-home"))).toBe(true);
    await page.getByText("Choose a child", { exact: true }).waitFor();
    expect(await page.locator("[data-testid=child-home]").count()).toBe(0);
    expect(await page.locator("body").innerText()).not.toContain(other!.name);
    // The app's pages do not take it either.
    await page.goto("/parent/fees");
    await page.getByText("Choose a child", { exact: true }).waitFor();
    expect(await page.getByTestId("fees-summary").count()).toBe(0);
    expect(await page.locator("body").innerText()).not.toContain(other!.name);
  });

  it("the drawn home and the app show the next lesson at the school's own hours, whatever the browser's zone", async () => {
    // A browser set to Los Angeles, a server on UTC, a school in India: 09:30 is 9:30 am in all three.
    const page = await browser.page({ ...PHONE_BROWSER, timezoneId: "America/Los_Angeles" });
    await signInAs(page, "parent");
    const kids = await childrenOf(page);
    const lessons = await Promise.all(kids.map(async (k) => ({ kid: k, lesson: (await homeOf(page, k.id)).today.nextLesson })));
    const next = lessons.find((l) => l.lesson);
    expect(next, "the demo gives a child a timetable").toBeTruthy();
    const { kid, lesson } = next as { kid: Kid; lesson: NonNullable<Home["today"]["nextLesson"]> };
    // "09:30" as an Indian English reader writes it: "9:30 am".
    const clock = (hhmm: string) => {
      const [h, m] = hhmm.split(":").map(Number) as [number, number];
      return `${h % 12 || 12}:${String(m).padStart(2, "0")} ${h < 12 ? "am" : "pm"}`;
    };
    const expected = `${clock(lesson.startTime)} – ${clock(lesson.endTime)}`;
    const shown = async () =>
      (await page.locator(`[data-testid=child-home][data-student="${kid.id}"]`).getByTestId("home-lesson").innerText())
        .replace(/[\u202f\u00a0]/g, " ")
        .replace(/[\u2066-\u2069]/g, "")
        .toLowerCase();
    await page.goto(`/parent/home?student=${kid.id}`);
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-server-home"))).toBe(true);
    expect(await shown()).toContain(expected);
    // The app, started by a tap on the child already chosen, draws the same hours.
    await page.getByRole("radio", { name: new RegExp(kid.name) }).click();
    await page.locator("#server-root").waitFor({ state: "detached" });
    expect(await shown()).toContain(expected);
  });

  it("a drawn page kept from an older release, whose app code is gone, still starts the app at a tap", async () => {
    const page = await browser.page(PHONE_BROWSER);
    await signInAs(page, "parent");
    const [first, second] = await childrenOf(page);
    // The page as an older release drew it: its entry script no longer exists.
    await page.route("**/parent/home*", async (route) => {
      if (route.request().resourceType() !== "document") return route.continue();
      const res = await route.fetch();
      await route.fulfill({ response: res, body: (await res.text()).replace(/data-server-home="[^"]+"/, 'data-server-home="/assets/index-gone.js"') });
    });
    await page.goto(`/parent/home?student=${first!.id}`);
    await page.locator(`[data-testid=child-home][data-student="${first!.id}"]`).getByTestId("home-attendance").waitFor();
    await page.getByRole("radio", { name: new RegExp(second!.name) }).click();
    await page.locator(`[data-testid=child-home][data-student="${second!.id}"]`).waitFor();
    expect(await page.locator("#server-root").count()).toBe(0);
  });

  it("opened with no signal, the home the server drew last shows that day and says when it was true", async () => {
    // The installed app: its service worker keeps the last home the server drew.
    const page = await browser.page({ ...PHONE_BROWSER, serviceWorkers: "allow" });
    await signInAs(page, "parent");
    const [kid] = await childrenOf(page);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.goto(`/parent/home?student=${kid!.id}`);
    const home = page.locator(`[data-testid=child-home][data-student="${kid!.id}"]`);
    await home.getByTestId("home-attendance").waitFor();
    const note = page.locator("[data-kept-note]");
    expect(await note.isVisible()).toBe(false);
    await page.context().setOffline(true);
    try {
      await page.reload();
      await home.getByTestId("home-attendance").waitFor();
      expect(await page.evaluate(() => document.documentElement.hasAttribute("data-server-home"))).toBe(true);
      await note.getByText("No connection: showing what this phone kept").waitFor();
      await note.getByText(/Last updated/).waitFor();
    } finally {
      await page.context().setOffline(false);
    }
  });

  it("a screen the page was not drawn for (a narrow window of a computer) gets the app's own frame at once", async () => {
    // No phone in the user agent: the server draws the wide frame, and a 360 px window is a phone's width.
    const page = await browser.page(PHONE);
    await signInAs(page, "parent");
    await page.goto("/parent/home");
    await page.waitForFunction(() => !document.documentElement.hasAttribute("data-server-home"));
    const bar = await page.getByRole("navigation", { name: "Sections" }).boundingBox();
    expect(bar).toMatchObject({ x: 0, width: 360 });
    expect(bar!.y + bar!.height).toBeCloseTo(740, 0);
    await page.getByTestId("parent-name").getByText("Fatima Begum (Parent)").waitFor();
  });

  it("staff see what waits for them on the home instead of a child's day", async () => {
    const page = await browser.page(PHONE);
    await signInAs(page, "staff");
    // The teacher's section (features/teaching, H2's my-classes.e2e.ts covers My classes itself).
    await page.getByTestId("teacher-today").getByRole("heading", { name: "Waiting for you" }).waitFor();
    expect(await page.getByTestId("child-chooser").count()).toBe(0);
    expect(await page.getByTestId("child-home").count()).toBe(0);
    await page.getByText("See your classes").waitFor();
    // Signing out ends the session on the server too: the session check then says signed out.
    await page.getByRole("button", { name: /Account menu/ }).click();
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await page.waitForURL((u) => u.pathname === "/auth/sign-in");
    const session = await (await page.request.get("/user/open/auth/validatetoken")).json();
    expect(session.auth).toBe(false);
  });

  it("the profile screen changes one's own details", async () => {
    const page = await browser.page();
    await signInAs(page, "muawin");
    await page.goto("/parent/profile");
    const name = page.getByLabel(/^Name/);
    const before = await name.inputValue();
    await name.fill(`${before} `);
    await page.getByLabel(/^E-mail/).fill("muawin@example.org");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Your profile was saved").waitFor();
    const me = await (await page.request.get("/user/api/user")).json();
    expect(me.data.email).toBe("muawin@example.org");
  });

  it("switches profile: the page reloads into the other profile's area", async () => {
    const setup = await browser.page();
    await signInAs(setup, "admin");
    const roles = await (await setup.request.get("/admin/api/role?limit=100")).json();
    const id = (key: string) => roles.rows.find((r: { builtin: string | null }) => r.builtin === key).id;
    const mobile = `+9196${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
    const made = await setup.request.post("/admin/api/user", {
      headers: { "x-requested-with": "XMLHttpRequest" },
      data: { name: "Khadija Two Roles", mobile, password: DEMO.password, roleIds: [id("parent"), id("admin")] },
    });
    expect(made.status()).toBe(200);

    const page = await browser.page({ schoolCode: DEMO.code });
    await page.goto("/auth/sign-in");
    await chooseSchool(page);
    await page.locator("input[name=username]").fill(mobile);
    await page.locator("input[name=password]").fill(DEMO.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL((u) => u.pathname === "/parent/home" || u.pathname === "/admin/dashboard");
    const startedIn = new URL(page.url()).pathname;
    const [menuPath, target, targetHome] =
      startedIn === "/parent/home" ? ["/parent/profile", "Admin", "/admin/dashboard"] : ["/admin/profile", "Parent", "/parent/home"];
    await page.goto(menuPath);
    await page.getByRole("heading", { name: "My profiles" }).waitFor();
    const loaded = page.waitForEvent("load");
    await page.getByRole("button", { name: "Switch" }).click();
    await loaded;
    await page.waitForURL((u) => u.pathname === targetHome);
    await appReady(page);
    await page
      .getByRole("button", { name: /Account menu/ })
      .getByText(target)
      .waitFor();
  });

  it("on a 360 px phone in Urdu, the parent chooses each child in turn and sees today's attendance, a task, the latest hifz lesson and a published result", async () => {
    mkdirSync(SHOTS, { recursive: true });
    const page = await browser.page(PHONE);
    await signInAs(page, "parent");
    await appReady(page);
    const kids = await childrenOf(page);
    expect(kids.length).toBeGreaterThanOrEqual(2);
    await switchLanguage(page, "ur");
    try {
      await page.getByRole("heading", { name: "آپ کا بچہ" }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
      const missing: string[] = [];
      for (const kid of kids) {
        await page.getByRole("radio", { name: new RegExp(kid.name) }).click();
        const home = page.locator(`[data-testid=child-home][data-student="${kid.id}"]`);
        await home.waitFor();
        expect(new URL(page.url()).searchParams.get("student")).toBe(String(kid.id));
        const data = await homeOf(page, kid.id);
        // Today's attendance, in Urdu words, opening the attendance screen.
        const attendance = home.getByTestId("home-attendance");
        expect(await attendance.getAttribute("href")).toBe(`/parent/attendance?student=${kid.id}`);
        const state = data.today.attendance.state;
        if (state === "not_taken") missing.push(`${kid.name}: attendance not taken today`);
        else {
          const { meaning } = data.today.attendance;
          const precise = (state === "absent" && (meaning === "excused" || meaning === "on_leave")) || (state === "present" && meaning === "half_day");
          const word = URDU_MARK[precise ? meaning! : state]!;
          await attendance.getByText(word, { exact: true }).waitFor();
        }
        // A task due today, opening the tasks screen.
        const task = data.todaysPendingTasks[0];
        if (!task) missing.push(`${kid.name}: no task due today`);
        else {
          const row = home.getByTestId("home-task").first();
          await row.getByText(task.title).waitFor();
          // Its type is a standard one, named in Urdu, not the school's English.
          if (task.typeKey) await row.getByText(URDU_STANDARD[task.typeKey]!, { exact: true }).waitFor();
          expect(await row.getAttribute("href")).toBe(`/parent/tasks?student=${kid.id}`);
        }
        // Today's prayers logged, named in Urdu (the demo logs Fajr).
        const fajr = data.today.prayers.logs.find((l) => l.builtinKey === "fajr" && l.meaning !== "missed" && l.meaning !== "excused");
        if (fajr) await home.getByTestId("home-prayers").getByText(URDU_STANDARD.fajr!, { exact: true }).waitFor();
        // The latest hifz lesson with its range (left to right inside the Urdu page).
        if (!data.today.hifz) missing.push(`${kid.name}: no hifz lesson`);
        else {
          const hifz = home.getByTestId("home-hifz");
          await hifz.getByText(data.today.hifz.range, { exact: true }).waitFor();
          expect(await hifz.getByText(data.today.hifz.range, { exact: true }).getAttribute("dir")).toBe("ltr");
          expect(await hifz.getAttribute("href")).toBe(`/parent/hifz?student=${kid.id}`);
        }
        // A published result, opening the results screen.
        if (!data.today.latestResult) missing.push(`${kid.name}: no published result`);
        else {
          const result = home.getByTestId("home-result");
          await result.getByText(data.today.latestResult.name).waitFor();
          expect(await result.getAttribute("href")).toBe(`/parent/results?student=${kid.id}`);
        }
        // The week against the class, and nothing wider than the phone.
        await home.getByTestId("home-week").waitFor();
        await page.evaluate(() => document.fonts.ready);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
        await page.screenshot({ path: `${SHOTS}/parent-home-ur-360-${kid.id}.png`, fullPage: true });
      }
      expect(missing, "the demo gives each child today's attendance, a task, a hifz lesson and a published result").toEqual([]);
      // The chevrons point the reading way (mirrored); the figures are not.
      const chevron = page.getByTestId("home-attendance").locator("svg").last();
      expect(await chevron.evaluate((e) => getComputedStyle(e).transform)).toBe("matrix(-1, 0, 0, 1, 0, 0)");
      expect(await seriousViolations(page)).toBe("");
      // A card opens its screen with the same child.
      await page.getByTestId("home-hifz").click();
      await page.waitForURL((u) => u.pathname === "/parent/hifz");
    } finally {
      // Put it back, so other tests meet the parent in English.
      await switchLanguage(page, "en");
    }
  });

  it("with no answer from the server, the home shows the day this phone kept, and its time", async () => {
    const page = await browser.page(PHONE);
    await signInAs(page, "parent");
    await appReady(page);
    const [kid] = await childrenOf(page);
    await page.getByRole("radio", { name: new RegExp(kid!.name) }).click();
    const home = page.locator(`[data-testid=child-home][data-student="${kid!.id}"]`);
    await home.getByTestId("home-attendance").waitFor();
    expect(await page.getByTestId("home-stale").count()).toBe(0);
    // The network drops for the home's call: the kept reply stands in, saying how old it is. (The
    // app's own way home: a page load of /parent/home is drawn by the server, which has the answer.)
    await page.route("**/user/api/home?*", (route) => route.abort("internetdisconnected"));
    await page.goto("/parent/profile");
    await appReady(page);
    await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Home" }).click();
    await home.getByTestId("home-attendance").waitFor();
    await page
      .getByTestId("home-stale")
      .getByText(/Last updated/)
      .waitFor();
    await page.getByTestId("home-stale").getByText("No connection: showing what this phone kept").waitFor();
    // Back online, "Try again" brings the fresh day and the note goes.
    await page.unroute("**/user/api/home?*");
    await page.getByTestId("home-stale").getByRole("button", { name: "Try again" }).click();
    await page.getByTestId("home-stale").waitFor({ state: "detached" });
  });
});
