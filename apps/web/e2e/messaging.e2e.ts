import { describe, expect, it } from "vitest";
import { appReady, seriousViolations, setupBrowser, signInAs } from "./harness";

const browser = setupBrowser();

describe("messaging", () => {
  it("the admin previews a WhatsApp template for a class in each parent's language, sends it, and follows it to read in the log", async () => {
    const page = await browser.page();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await signInAs(page, "admin");
    await page.goto("/admin/bulk-send");
    await page.getByRole("heading", { name: "Bulk send" }).waitFor();
    expect(errors).toEqual([]);
    const field = (name: string) => page.getByRole("textbox", { name }).or(page.getByRole("combobox", { name }));
    await field("Template").click();
    // The notice is one message written in five languages: listed once, naming them.
    const notice = page.getByRole("option", { name: /^Holiday notice/ });
    await expect.poll(() => notice.count()).toBe(1);
    expect(await notice.textContent()).toBe("Holiday notice · WhatsApp · English, Tamil, Urdu, Arabic, Malayalam");
    await notice.click();
    await field("Classes").click();
    await page.getByRole("listbox").getByRole("option").first().click();
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Preview and cost" }).click();
    await page.getByText("Recipients", { exact: true }).waitFor();
    // The same notice in the parents' own languages, Arabic and Urdu right to left.
    const previews = page.locator("[lang][dir]");
    await expect.poll(() => previews.count()).toBeGreaterThan(0);
    for (const lang of await previews.evaluateAll((els) => els.map((e) => `${e.getAttribute("lang")}:${e.getAttribute("dir")}`))) {
      expect(lang).toMatch(/^(ar|ur):rtl$|^(en|ml|ta):ltr$/);
    }
    expect(await seriousViolations(page)).toBe("");
    await page.getByRole("button", { name: /^Send to \d+$/ }).click();
    await page.getByRole("link", { name: "Follow delivery in the message log" }).waitFor({ timeout: 30_000 });
    await page.getByRole("link", { name: "Follow delivery in the message log" }).click();
    // Once, a full run stayed on the send page after this click (not seen since): say so plainly if it does.
    await page.waitForURL((u) => u.pathname === "/admin/message-log" && u.searchParams.has("bulkSendId"));
    // The fake Cloud API reports sent, delivered and read by webhook; the log follows them by itself.
    await page.getByText("Read", { exact: true }).first().waitFor({ timeout: 60_000 });
    expect(await seriousViolations(page)).toBe("");
  });

  it("shows the wallet and the log on a 360 px phone, right to left", async () => {
    const page = await browser.page({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    await signInAs(page, "admin");
    await appReady(page);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    for (const path of ["/rtl/messaging-wallet", "/rtl/message-log", "/rtl/bulk-send"]) {
      await page.goto(path);
      await page.locator("h2").first().waitFor();
      expect(await page.evaluate(() => getComputedStyle(document.querySelector("main") ?? document.body).direction), path).toBe("rtl");
      expect(await overflow(), path).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page), path).toBe("");
    }
  });
});
