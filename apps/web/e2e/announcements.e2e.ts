import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { appReady, seriousViolations, setupBrowser, signInAs } from "./harness";

const browser = setupBrowser();
const PARENT = "Fatima Begum (Parent)";

/** The header bell's count, from its label ("Notifications, 3 unread"). */
async function unreadOnBell(page: Page): Promise<number> {
  const label = (await page.getByRole("button", { name: /^Notifications, \d+ unread$/ }).getAttribute("aria-label")) ?? "";
  return Number(/(\d+) unread/.exec(label)?.[1] ?? Number.NaN);
}

describe("announcements", () => {
  it("the admin sends one to a parent, whose bell shows it live on her phone, and sees when she has read it", async () => {
    const tag = Date.now().toString(36);
    const title = `Sports day moved ${tag}`;
    const admin = await browser.page();
    const parent = await browser.page({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    await Promise.all([signInAs(admin, "admin"), signInAs(parent, "parent")]);
    await appReady(parent);
    // The demo parent already has unread notifications (absences, the demo's announcements, other
    // tests'): count from the server once the bell shows the same, not from a bell still loading.
    const unreadOnServer = () =>
      parent.evaluate(async () => {
        const r = await fetch("/user/api/home/notifications?limit=1", { headers: { "x-access-token": localStorage.getItem("x_access_token") ?? "" } });
        return ((await r.json()) as { unread: number }).unread;
      });
    const before = await unreadOnServer();
    await expect.poll(() => unreadOnBell(parent), { timeout: 15_000 }).toBe(before);

    // The admin writes it, with a Malayalam text, to the demo parent, and sends it now.
    await admin.goto("/admin/announcements");
    await admin.getByRole("button", { name: "New announcement" }).first().click();
    const dialog = admin.getByRole("dialog");
    await dialog.getByRole("textbox", { name: "Title", exact: true }).fill(title);
    await dialog.getByRole("textbox", { name: "Message", exact: true }).fill("Sports day is on Saturday now, not Friday.");
    await dialog.getByRole("tab", { name: "മലയാളം" }).first().click();
    await dialog.getByRole("textbox", { name: "Title in മലയാളം" }).fill(`കായികദിനം മാറ്റി ${tag}`);
    await dialog.getByRole("textbox", { name: "Message in മലയാളം" }).fill("കായികദിനം വെള്ളിയാഴ്ചയല്ല, ശനിയാഴ്ചയാണ്.");
    await dialog.getByText("Chosen people").click();
    await dialog.getByRole("combobox", { name: "People" }).fill("Fatima");
    await admin.getByRole("option", { name: PARENT }).click();
    await dialog.getByRole("radio", { name: "Send now" }).check();
    expect(await seriousViolations(admin)).toBe("");
    await dialog.getByRole("button", { name: "Send now" }).click();
    await dialog.waitFor({ state: "detached" });
    await admin.getByText(title).waitFor();

    // Her bell counts it without a reload, and shows it.
    await expect.poll(() => unreadOnBell(parent), { timeout: 15_000 }).toBe(before + 1);
    await parent.getByRole("button", { name: /^Notifications, \d+ unread$/ }).click();
    const item = parent.getByRole("button", { name: new RegExp(tag) }).first();
    await item.waitFor();

    // The admin sees it unread, then read once she opens it.
    await admin.getByText(title).click();
    await admin.getByText("0 of 1 have read it").waitFor();
    await admin.getByRole("button", { name: /Remind those who have not read it/ }).waitFor();
    await item.click();
    await expect.poll(() => unreadOnBell(parent)).toBe(before);
    await admin.reload();
    await admin.getByText("1 of 1 have read it").waitFor();
    expect(await seriousViolations(admin)).toBe("");
  });

  it("fits a 360 px phone right to left: the list, the composer and the read figures", async () => {
    const page = await browser.page({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    await signInAs(page, "admin");
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    await page.goto("/rtl/announcements");
    await page.getByText("Eid al-Adha holidays").first().waitFor();
    expect(await page.evaluate(() => getComputedStyle(document.querySelector("main") ?? document.body).direction)).toBe("rtl");
    expect(await overflow()).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toBe("");

    await page.getByRole("button", { name: "New announcement" }).first().click();
    await page.getByRole("dialog").getByText("Classes", { exact: true }).click();
    await page.getByRole("dialog").getByRole("combobox", { name: "Classes" }).waitFor();
    expect(await seriousViolations(page)).toBe("");
    await page.getByRole("button", { name: "Cancel" }).click();

    await page.getByText("Eid al-Adha holidays").first().click();
    await page.getByText("Who has read it").waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toBe("");
  });
});
