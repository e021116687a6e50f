import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SPLASH_HOLD_MS, SPLASH_MARKS } from "../src/app/splash";
import { appReady, type PageOptions, setupBrowser, signInAs } from "./harness";

const browser = setupBrowser();

/** Calls that belong to push registration: the token update, and the push code itself. */
const PUSH_CALL = /\/user\/api\/user\/updatefcmtoken|\/assets\/push-[\w-]+\.js/;

type Marks = Record<keyof typeof SPLASH_MARKS, number>;

/** Start-up's marks (app/splash.ts) and when the texts the splash waits for had arrived. */
async function startUp(page: Page): Promise<{ marks: Marks; textsArrived: number }> {
  return page.evaluate((names) => {
    const at = (name: string) => performance.getEntriesByName(name, "mark")[0]?.startTime ?? Number.NaN;
    const marks = Object.fromEntries(Object.entries(names).map(([k, name]) => [k, at(name)])) as Marks;
    const texts = performance.getEntriesByType("resource").filter((r) => /\/locales\/en\/(common|errors)\.json$/.test(r.name));
    return { marks, textsArrived: texts.length === 2 ? Math.max(...texts.map((r) => (r as PerformanceResourceTiming).responseEnd)) : Number.NaN };
  }, SPLASH_MARKS);
}

/** A signed-in admin opens the app again: the requests of that load, and its start-up marks. */
async function reopenSignedIn(options: PageOptions) {
  const page = await browser.page(options);
  await signInAs(page, "admin");
  const requests: string[] = [];
  page.on("request", (r) => requests.push(new URL(r.url()).pathname));
  await page.reload();
  await appReady(page);
  return { page, requests, ...(await startUp(page)) };
}

function expectSplashOrder({ marks, textsArrived }: { marks: Marks; textsArrived: number }) {
  // The texts were in before they counted as loaded; both steps ended before the hold began;
  // the splash left one hold later.
  expect(textsArrived).toBeLessThanOrEqual(marks.texts);
  expect(marks.texts).toBeLessThanOrEqual(marks.hold);
  expect(marks.push).toBeLessThanOrEqual(marks.hold);
  expect(marks.hide - marks.hold).toBeGreaterThanOrEqual(SPLASH_HOLD_MS - 5);
}

describe("the first load", () => {
  it("lets the splash go after the texts and the push step, without any push call when notifications are not allowed", async () => {
    const load = await reopenSignedIn({});
    expect(await load.page.evaluate(() => Notification.permission)).not.toBe("granted");
    expectSplashOrder(load);
    // The session check and the texts went out; nothing for push did.
    expect(load.requests).toContain("/locales/en/common.json");
    expect(load.requests.filter((p) => PUSH_CALL.test(p))).toEqual([]);
    expect(await load.page.locator("#splash").count()).toBe(0);
  });

  it("does not hold the splash for a registration when notifications are allowed", async () => {
    // Service workers are blocked here, so a registration could never finish: the splash must
    // not wait for one, and the token is not sent.
    const load = await reopenSignedIn({ permissions: ["notifications"] });
    expect(await load.page.evaluate(() => Notification.permission)).toBe("granted");
    expectSplashOrder(load);
    expect(load.requests.filter((p) => PUSH_CALL.test(p))).toEqual([]);
  });

  it("starts loading the texts and the page's code with the page, before the app asks for them", async () => {
    const page = await browser.page();
    await page.goto("/auth/sign-in");
    await appReady(page);
    const preloads = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>("link[rel=preload][as=fetch]")].map((l) => new URL(l.href).pathname),
    );
    expect(preloads).toEqual(expect.arrayContaining(["/locales/en/common.json", "/locales/en/errors.json", "/locales/en/auth.json"]));
    // The sign-in area's code is fetched alongside the app's, not after it asks for it.
    const modules = await page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>("link[rel=modulepreload]")].map((l) => new URL(l.href).pathname));
    expect(modules.some((m) => /^\/assets\/auth\.routes-[\w-]+\.js$/.test(m))).toBe(true);
    // Code comes after the splash's own stylesheet, script and font: the app's entry and the area's modules ask low.
    const priorities = await page.evaluate(() => ({
      entry: document.querySelector<HTMLScriptElement>("script[type=module]")?.fetchPriority,
      area: document.querySelector<HTMLLinkElement>("link[rel=modulepreload][href*='/auth.routes-']")?.fetchPriority,
    }));
    expect(priorities).toEqual({ entry: "low", area: "low" });
    // Each text file is fetched once: the app used the preloaded copy.
    const fetched = await page.evaluate(() => performance.getEntriesByType("resource").filter((r) => r.name.endsWith("/locales/en/common.json")).length);
    expect(fetched).toBe(1);
    expectSplashOrder(await startUp(page));
  });
});
