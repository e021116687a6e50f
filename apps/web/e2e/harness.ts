import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, inject } from "vitest";

export const baseUrl = () => inject("baseUrl");
export const platformAdmin = () => inject("platformAdmin");

/** The demo school's people (apps/server/src/db/seed-demo.ts). */
export const DEMO = {
  code: "DEMO",
  password: "Taleem@Demo2026",
  mobiles: { admin: "+919800000001", staff: "+919800000002", parent: "+919800000003", muawin: "+919800000004" },
} as const;
export type DemoPerson = keyof typeof DEMO.mobiles;

/**
 * The demo school's today (its time zone is Asia/Kolkata): after 18:30 UTC it is already
 * tomorrow there, and every date the app shows, files and names follows the school's day.
 */
export const schoolToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());

/** Where each demo person lands after signing in (by their role's area). */
export const HOME: Record<DemoPerson, string> = {
  admin: "/admin/dashboard",
  staff: "/parent/home",
  parent: "/parent/home",
  muawin: "/parent/home",
};

const ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

async function chromiumPath(): Promise<string> {
  const script = new URL("../../../scripts/ensure-chromium.mjs", import.meta.url).pathname;
  const { findChromium } = (await import(script)) as { findChromium: () => string | undefined };
  const path = findChromium();
  if (!path) throw new Error("Chromium not found: run `node scripts/ensure-chromium.mjs` (or set CHROMIUM_PATH)");
  return path;
}

/** A phone's screen: 360 px wide, touch. */
export const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true } as const;

/**
 * A phone's browser as the server meets it: its screen and its user agent, which says it is a
 * phone (the server draws the parent home's frame for a phone from it, platform/http/server-home.ts).
 */
export const PHONE_BROWSER = {
  ...PHONE,
  userAgent: "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36",
} as const;

export interface PageOptions extends BrowserContextOptions {
  /** The language remembered before the first page loads. */
  language?: string;
  /** The school remembered before the first page loads (skips the school step). */
  schoolCode?: string;
}

/**
 * One Chromium per test file and a new context (fresh storage, no cookies) per test. Service
 * workers are blocked unless asked for, so `page.route` sees every request.
 */
export function setupBrowser() {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: await chromiumPath(), args: ARGS });
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => undefined)));
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    async page(options: PageOptions = {}): Promise<Page> {
      const { language, schoolCode, ...contextOptions } = options;
      const context = await browser!.newContext({ baseURL: baseUrl(), serviceWorkers: "block", viewport: { width: 1280, height: 800 }, ...contextOptions });
      contexts.push(context);
      if (language || schoolCode) {
        await context.addInitScript(
          ([l, c]) => {
            if (l && !localStorage.getItem("taleem_language")) localStorage.setItem("taleem_language", l);
            if (c && !localStorage.getItem("taleem_school_code")) localStorage.setItem("taleem_school_code", c);
          },
          [language ?? "", schoolCode ?? ""],
        );
      }
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      return page;
    },
  };
}

/** The first name of setupBrowser (kept for tests written against it; Biome reads `use*` as a React hook). */
export const useBrowser = setupBrowser;

/** Waits until the start-up splash is gone (the app is ready to use). */
export async function appReady(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.getElementById("splash"), undefined, { timeout: 30_000 });
}

/**
 * Serious and critical accessibility violations on the page as it stands (or only within the
 * elements `within` selects), one line each ("" when none). It waits for the splash to go and for
 * dialogs to finish fading in: either, measured half transparent, fails the contrast check for a
 * reason no user sees.
 */
export async function seriousViolations(page: Page, within?: string): Promise<string> {
  await appReady(page);
  await page.waitForFunction(() => [...document.querySelectorAll(".mantine-Modal-content")].every((e) => getComputedStyle(e).opacity === "1"));
  const axe = new AxeBuilder({ page });
  const result = await (within ? axe.include(within) : axe).analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(" ")} ${n.failureSummary ?? ""}`).join(" | ")}`)
    .join("\n");
}

/**
 * Arabic-script texts on the page whose letters reach beyond a box that cuts what overflows it
 * (`overflow: hidden` or `clip`): Nastaliq rises far above Latin, and a cut top turns "کنکشن" into
 * "لنلشن". Each as its first 30 characters.
 */
export function clippedArabicScript(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const cut: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      if (!/[\u0600-\u06FF]/.test(text)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const lines = [...range.getClientRects()];
      if (!lines.length) continue;
      const top = Math.min(...lines.map((r) => r.top));
      const bottom = Math.max(...lines.map((r) => r.bottom));
      for (let box = node.parentElement; box && box !== document.body; box = box.parentElement) {
        const style = getComputedStyle(box);
        if (![style.overflowX, style.overflowY].some((o) => o === "hidden" || o === "clip")) continue;
        const edge = box.getBoundingClientRect();
        if (top < edge.top - 1 || bottom > edge.bottom + 1) {
          cut.push(text.trim().slice(0, 30));
          break;
        }
      }
    }
    return cut;
  });
}

/** Picks the school on the sign-in page when it asks for one. */
export async function chooseSchool(page: Page, code: string = DEMO.code): Promise<void> {
  const field = page.locator("input[name=code]");
  const who = page.locator("input[name=username]");
  await Promise.race([field.waitFor(), who.waitFor()]);
  if (await field.isVisible()) {
    await field.fill(code);
    await page.getByRole("button", { name: "Continue" }).click();
    await who.waitFor();
  }
}

/** Signs in as a demo person with mobile number and password (English screens), landing in their area. */
export async function signInAs(page: Page, who: DemoPerson): Promise<void> {
  await signInWithMobile(page, DEMO.mobiles[who], HOME[who]);
}

/** Signs in a person of the demo school by mobile number and the demo password, landing on `home`. */
export async function signInWithMobile(page: Page, mobile: string, home = "/parent/home"): Promise<void> {
  await page.goto("/auth/sign-in");
  await chooseSchool(page);
  await page.locator("input[name=username]").fill(mobile);
  await page.locator("input[name=password]").fill(DEMO.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL((u) => u.pathname === home);
}

/**
 * The newest one-time code the server logged for a number and purpose after `since` (a log
 * length from `logMark()`): the server writes "one-time code for +91... (login): 123456" outside
 * production.
 */
export async function codeFromLog(mobile: string, purpose: string, since: number, timeoutMs = 15_000): Promise<string> {
  const pattern = new RegExp(`one-time code for \\${mobile} \\(${purpose}\\): (\\d{6})`, "g");
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const fresh = readFileSync(inject("serverLog"), "utf8").slice(since);
    const all = [...fresh.matchAll(pattern)];
    const last = all.at(-1);
    if (last) return last[1]!;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No ${purpose} code for ${mobile} in the server log`);
}

/** The server log's current length, to look only at what comes after. */
export function logMark(): number {
  return readFileSync(inject("serverLog"), "utf8").length;
}

/** A path's pathname once the app settled there. */
export async function settledPath(page: Page, expected: string): Promise<string> {
  await page.waitForURL((u) => u.pathname === expected);
  return new URL(page.url()).pathname;
}

/**
 * The demo admin's API, for what a test sets up without driving screens (the e2e server is
 * shared: every name a test makes is unique). `call` throws with the server's reply on a non-2xx.
 */
export async function adminApi() {
  const login = await fetch(`${baseUrl()}/admin/open/auth/login-mobile`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" },
    body: JSON.stringify({ code: DEMO.code, mobile: DEMO.mobiles.admin, password: DEMO.password }),
  });
  const { token } = (await login.json()) as { token: string };
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${baseUrl()}${path}`, {
      method,
      headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest", "x-access-token": token },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return JSON.parse(text) as T;
  };
  return { call, get: <T>(path: string) => call<T>("GET", path), post: <T>(path: string, body: unknown) => call<T>("POST", path, body) };
}

/**
 * Changes the signed-in person's language with the switcher and waits until their profile keeps it.
 * The demo people are shared by every test file: a switch back to English that the page closed on
 * before it was saved left the next file's admin in Urdu (and its figures in Urdu digits).
 */
export async function switchLanguage(page: Page, language: string): Promise<void> {
  const switcher = page.getByTestId("language-switcher").first();
  if ((await switcher.inputValue()) === language) return;
  const saved = page.waitForResponse((r) => r.url().endsWith("/user/api/user") && r.request().method() === "PUT");
  await switcher.selectOption(language);
  const reply = await saved;
  if (reply.status() !== 200) throw new Error(`The language ${language} was not saved to the profile: ${reply.status()}`);
}
