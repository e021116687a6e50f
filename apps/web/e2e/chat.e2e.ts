import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousViolations, setupBrowser, signInAs } from "./harness";

const browser = setupBrowser();

/** The demo teacher and the demo parent (both in the parent area), each on their own device. */
const TEACHER = "Yusuf Ali (Teacher)";
const PARENT = "Fatima Begum (Parent)";

async function openChat(page: Page, withWhom: string) {
  await page.goto("/parent/chat");
  await page
    .getByRole("button", { name: new RegExp(withWhom.replace(/[()]/g, "\\$&")) })
    .first()
    .click();
  await page.getByRole("textbox", { name: "Write a message" }).waitFor();
}

async function write(page: Page, text: string) {
  const box = page.getByRole("textbox", { name: "Write a message" });
  await box.fill(text);
  await box.press("Enter");
}

const bubbles = (page: Page, text: string) => page.getByTestId("chat-message").filter({ hasText: text });

/** Waits until exactly one message with this text shows and returns how it was delivered (own messages). */
async function shownOnce(page: Page, text: string) {
  await bubbles(page, text).first().waitFor();
  expect(await bubbles(page, text).count(), `"${text}" shown more than once`).toBe(1);
}

describe("chat between two people", () => {
  it("is live, keeps what is written offline, and sends it once on reconnection", async () => {
    const tag = Date.now().toString(36);
    const teacher = await browser.page();
    const parent = await browser.page({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    await Promise.all([signInAs(teacher, "staff"), signInAs(parent, "parent")]);
    await Promise.all([openChat(teacher, PARENT), openChat(parent, TEACHER)]);
    expect(await seriousViolations(parent)).toBe("");

    // Live, both ways, with typing shown.
    await write(teacher, `Salaam ${tag}, how is Ahmed today?`);
    await shownOnce(parent, `Salaam ${tag}, how is Ahmed today?`);
    await parent.getByRole("textbox", { name: "Write a message" }).pressSequentially("He is", { delay: 30 });
    await teacher.getByTestId("chat-typing").filter({ hasText: "is typing" }).waitFor();
    await parent.getByRole("textbox", { name: "Write a message" }).fill("");
    await write(parent, `Alhamdulillah, well ${tag}`);
    await shownOnce(teacher, `Alhamdulillah, well ${tag}`);

    // The parent loses the network and writes two messages: kept on the device, shown as waiting.
    await parent.context().setOffline(true);
    await parent.getByTestId("chat-offline").waitFor();
    await write(parent, `Offline one ${tag}`);
    await write(parent, `Offline two ${tag}`);
    for (const text of [`Offline one ${tag}`, `Offline two ${tag}`]) {
      await bubbles(parent, text).locator("[data-delivery=waiting]").waitFor();
    }
    const kept = await parent.evaluate(() =>
      Object.keys(localStorage)
        .filter((k) => k.startsWith("taleem_chat_outbox:"))
        .flatMap((k) => JSON.parse(localStorage.getItem(k) ?? "[]") as { content: string }[])
        .map((p) => p.content),
    );
    expect(kept).toEqual(expect.arrayContaining([`Offline one ${tag}`, `Offline two ${tag}`]));
    // Meanwhile the teacher writes.
    await write(teacher, `While you were away ${tag}`);

    // Back online: the waiting messages go once, in order, and what was missed arrives.
    await parent.context().setOffline(false);
    await parent.getByTestId("chat-offline").waitFor({ state: "detached" });
    await shownOnce(parent, `While you were away ${tag}`);
    for (const text of [`Offline one ${tag}`, `Offline two ${tag}`]) {
      await bubbles(parent, text).locator("[data-delivery=sent], [data-delivery=read]").waitFor();
      await shownOnce(parent, text);
      await shownOnce(teacher, text);
    }
    const order = await teacher.getByTestId("chat-message").allInnerTexts();
    const one = order.findIndex((t) => t.includes(`Offline one ${tag}`));
    const two = order.findIndex((t) => t.includes(`Offline two ${tag}`));
    expect(one).toBeGreaterThanOrEqual(0);
    expect(two).toBeGreaterThan(one);

    // The server holds each message once, and the teacher's reading shows as read on the parent's side.
    const stored = await parent.evaluate(async (t) => {
      const rooms = (await (await fetch("/admin/api/chatMessage/rooms", { credentials: "include" })).json()) as { rows: { id: number; name: string }[] };
      const room = rooms.rows.find((r) => r.name.startsWith("Yusuf Ali"))!;
      const reply = (await (await fetch(`/admin/api/chatMessage?chatRoomId=${room.id}&limit=200`, { credentials: "include" })).json()) as {
        messages: { rows: { content: string }[] };
      };
      return reply.messages.rows.filter((m) => m.content.includes(t)).map((m) => m.content);
    }, tag);
    expect(stored.filter((c) => c === `Offline one ${tag}`)).toHaveLength(1);
    expect(stored.filter((c) => c === `Offline two ${tag}`)).toHaveLength(1);
    await bubbles(parent, `Offline two ${tag}`).locator("[data-delivery=read]").waitFor();

    // After a reload nothing is doubled or left waiting.
    await parent.reload();
    await openChat(parent, TEACHER);
    await shownOnce(parent, `Offline two ${tag}`);
    expect(await parent.locator("[data-delivery=waiting]").count()).toBe(0);
  });
});
