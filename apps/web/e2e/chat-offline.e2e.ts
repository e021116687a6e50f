import { describe, expect, it } from "vitest";
import { appReady, PHONE, setupBrowser, signInAs } from "./harness";

const browser = setupBrowser();

/** The demo teacher, as the demo parent's chat names the room with her. */
const TEACHER = /Yusuf Ali \(Teacher\)/;

describe("chat reloaded with no signal", () => {
  it("shows the conversations, the messages before and the two waiting to be sent, and sends them once when the signal returns", async () => {
    const tag = Date.now().toString(36);
    // The installed app on the parent's phone: its service worker keeps the shell for a reload offline.
    const page = await browser.page({ ...PHONE, serviceWorkers: "allow" });
    await signInAs(page, "parent");
    await page.goto("/parent/chat");
    await appReady(page);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    const room = page.getByRole("button", { name: TEACHER }).first();
    const box = page.getByRole("textbox", { name: "Write a message" });
    const bubble = (text: string) => page.getByTestId("chat-message").filter({ hasText: text });
    const write = async (text: string) => {
      await box.fill(text);
      await box.press("Enter");
    };
    await room.click();
    await write(`Before the signal went ${tag}`);
    await bubble(`Before the signal went ${tag}`).locator("[data-delivery=sent], [data-delivery=read]").waitFor();

    // No signal: two messages wait on the phone, then the app is reloaded.
    await page.context().setOffline(true);
    await page.getByTestId("chat-offline").waitFor();
    await write(`Waiting one ${tag}`);
    await write(`Waiting two ${tag}`);
    await bubble(`Waiting two ${tag}`).locator("[data-delivery=waiting]").waitFor();
    await page.reload();

    // The conversations are there, not "No conversations yet", and the room shows what it held and what waits.
    await room.click();
    await page.getByTestId("chat-offline").waitFor();
    await bubble(`Before the signal went ${tag}`).waitFor();
    for (const text of [`Waiting one ${tag}`, `Waiting two ${tag}`]) await bubble(text).locator("[data-delivery=waiting]").waitFor();
    expect(await page.getByText("No conversations yet").count()).toBe(0);

    // The signal returns: each goes once.
    await page.context().setOffline(false);
    await page.getByTestId("chat-offline").waitFor({ state: "detached" });
    for (const text of [`Waiting one ${tag}`, `Waiting two ${tag}`]) {
      await bubble(text).locator("[data-delivery=sent], [data-delivery=read]").waitFor();
      expect(await bubble(text).count()).toBe(1);
    }
  });
});
