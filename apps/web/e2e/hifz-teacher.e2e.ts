import { mkdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { adminApi, appReady, DEMO, PHONE, schoolToday, seriousViolations, setupBrowser, signInAs } from "./harness";

const browser = setupBrowser();
const SHOTS = "/tmp/shots";
const tag = () => Math.random().toString(36).slice(2, 7).toUpperCase();

interface Row {
  id: number;
}

/** WCAG's contrast of two `rgb(...)` colours (the text on its background). */
function contrast(fg: string, bg: string): number {
  const luminance = (rgb: string) => {
    const [r, g, b] = rgb
      .match(/\d+(\.\d+)?/g)!
      .slice(0, 3)
      .map(Number) as [number, number, number];
    const lin = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };
  const [a, b] = [luminance(fg), luminance(bg)].sort((x, y) => y - x) as [number, number];
  return (a + 0.05) / (b + 0.05);
}

/**
 * A halqa led by the demo teacher: two children, the first with An-Nas done yesterday (a clear
 * error on 114:3 and a prompt on 114:5, on page 604) and An-Nasr revised (a prompt on 110:2, on
 * page 603), and today's sitting with both seated.
 */
async function teachersHalqa() {
  const admin = await adminApi();
  const name = `TCH${tag()}`;
  const [teacher] = (await admin.get<{ rows: Row[] }>(`/admin/api/user?q=${encodeURIComponent(DEMO.mobiles.staff)}`)).rows;
  const group = (await admin.post<{ data: Row }>("/admin/api/recitation-group", { name, teacherId: teacher!.id })).data;
  const hafiz: Row[] = [];
  for (let i = 1; i <= 2; i++) {
    const student = (await admin.post<{ data: Row }>("/admin/api/student", { admissionNo: `${name}-${i}`, name: `${name} Child ${i}` })).data;
    hafiz.push((await admin.post<{ data: Row }>("/admin/api/hafiz", { studentId: student.id, recitationGroupId: group.id, teacherId: teacher!.id })).data);
  }
  const types = (await admin.get<{ rows: (Row & { builtinKey: string | null })[] }>("/admin/api/recitationtype/active")).rows;
  const metrics = (await admin.get<{ rows: (Row & { builtinKey: string | null })[] }>("/admin/api/recitationmetric/active")).rows;
  const metric = (key: string) => metrics.find((m) => m.builtinKey === key)!.id;
  const sabaq = types.find((t) => t.builtinKey === "sabaq")!.id;
  const manzil = types.find((t) => t.builtinKey === "manzil")!.id;
  const today = schoolToday();
  const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const before = (await admin.post<{ data: Row }>("/admin/api/hifzsession", { date: yesterday, recitationGroupId: group.id })).data;
  const mistakes = [
    { ayah: 6233, metricId: metric("lahn_jali") },
    { ayah: 6235, metricId: metric("prompted") },
  ];
  await admin.call("PUT", "/admin/api/hifzlog/sitting", {
    sessionId: before.id,
    hafiz: [
      {
        hafizId: hafiz[0]!.id,
        logs: [
          { recitationTypeId: sabaq, startAyah: 6231, endAyah: 6236, mistakes },
          // An-Nasr (6214-6216), on page 603, with a prompt on 110:2: a second page with mistakes.
          { recitationTypeId: manzil, startAyah: 6214, endAyah: 6216, mistakes: [{ ayah: 6215, metricId: metric("prompted") }] },
        ],
      },
      { hafizId: hafiz[1]!.id },
    ],
  });
  const sitting = (await admin.post<{ data: Row }>("/admin/api/hifzsession", { date: today, recitationGroupId: group.id })).data;
  return { admin, name, hafiz, sabaq, sitting };
}

describe("a hifz teacher and the children of their halqa", () => {
  it("opens a child's profile and heat map from the halqa card, in readable page chips a finger can hit, and comes back to the sitting as it was", async () => {
    const { name, hafiz, sabaq, sitting } = await teachersHalqa();
    const child = hafiz[0]!;
    const page = await browser.page(PHONE);
    await signInAs(page, "staff");
    await page.goto(`/parent/halqa?sessionId=${sitting.id}`);
    await appReady(page);
    const card = page.getByTestId(`hafiz-${child.id}`);
    await card.getByRole("button", { name: `${name} Child 1` }).click();
    // Something typed before leaving: the child came late.
    await card.getByTestId(`h${child.id}-attendance`).getByText("Late").click();

    // The sabaq carries on after An-Nas with Al-Falaq, the whole surah (113:1-113:5, the rest of
    // the child's page within the surah), so a mistake on 113:3 is pinned without typing "To".
    const log = `h${child.id}-t${sabaq}`;
    await card.getByRole("switch", { name: "Sabaq", exact: true }).check();
    expect([await page.getByTestId(`${log}-from-surah`).inputValue(), await page.getByTestId(`${log}-from-ayah`).inputValue()]).toEqual(["113", "1"]);
    expect([await page.getByTestId(`${log}-to-surah`).inputValue(), await page.getByTestId(`${log}-to-ayah`).inputValue()]).toEqual(["113", "5"]);
    await page.getByTestId(`${log}-mistakes`).click();
    const pinner = page.getByTestId(`${log}-pinner`);
    await pinner.getByText("Tap an ayah of \u2066113:1–113:5\u2069 to pin a mistake on it.").waitFor();
    await pinner.locator('[data-ayah="6228"]').tap();
    await page.getByTestId(`${log}-pinner-pinned`).getByText("113:3").waitFor();
    // An-Nas is on the same page, outside the range: the tap says which ayah, which range, and what to change.
    await pinner.locator('[data-ayah="6231"]').tap();
    await page.getByText(/114:1.*is outside the range recited, .*113:1–113:5.*change “From” or “To”/).waitFor();
    expect(
      await page
        .getByTestId(`${log}-pinner-pinned`)
        .getByText(/^11\d:\d$/)
        .count(),
    ).toBe(1);

    // The card's link opens the child's profile in the teacher's own area.
    await card.getByRole("link", { name: "Progress, heat map and open mistakes" }).click();
    await page.waitForURL((u) => u.pathname === `/parent/hafiz/${child.id}`);
    await page.getByTestId("hifz-dashboard").waitFor();
    await page.getByRole("heading", { name: `${name} Child 1` }).waitFor();
    // The heat map opens on the page of the hottest ayah, 114:3 on page 604, coloured; the open mistakes are listed.
    const text = page.getByTestId("mushaf-text");
    await text.locator('[data-ayah="6233"]').waitFor();
    expect(await text.locator('[data-ayah="6233"]').evaluate((e) => getComputedStyle(e).backgroundColor)).not.toBe("rgba(0, 0, 0, 0)");
    const open = page.getByTestId("open-mistakes");
    await open.getByText("114:3").waitFor();
    await open.getByText("114:5").waitFor();

    // "Pages with mistakes": every chip's number reads at 4.5:1 or better, chosen or not, and is a 44 px target.
    const chips = page.getByTestId("mistake-pages").getByRole("button");
    expect(await chips.allInnerTexts()).toEqual(["603", "604"]);
    expect(await chips.nth(1).getAttribute("aria-pressed")).toBe("true");
    for (const chip of await chips.all()) {
      const { fg, bg, width, height } = await chip.evaluate((e) => {
        const label = e.querySelector(".mantine-Button-label") ?? e;
        const box = e.getBoundingClientRect();
        return { fg: getComputedStyle(label).color, bg: getComputedStyle(e).backgroundColor, width: box.width, height: box.height };
      });
      expect(contrast(fg, bg), `${fg} on ${bg}`).toBeGreaterThanOrEqual(4.5);
      expect(Math.min(width, height)).toBeGreaterThanOrEqual(44);
    }
    // The phone's 360 px hold the whole profile: a wider page would make the browser zoom out to fit it.
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await seriousViolations(page)).toBe("");
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/teacher-hafiz-heat-360.png`, fullPage: true });

    // Back to the sitting: the lateness and the pinned mistake typed before are still there, unsaved.
    await page.getByRole("link", { name: "Back to the sitting" }).click();
    await page.waitForURL((u) => u.pathname === "/parent/halqa" && u.searchParams.get("sessionId") === String(sitting.id));
    const again = page.getByTestId(`hafiz-${child.id}`);
    await again.getByText("Late").first().waitFor();
    await again.getByRole("button", { name: `${name} Child 1` }).click();
    await page.getByTestId(`${log}-mistakes`).click();
    await page.getByTestId(`${log}-pinner-pinned`).getByText("113:3").waitFor();

    // The hifz page lists the teacher's own hafiz students, each opening its profile.
    await page.goto("/parent/hifz");
    await page.getByRole("heading", { name: "My hafiz students" }).waitFor();
    await page
      .getByTestId("taught-hafiz")
      .getByRole("link", { name: new RegExp(`${name} Child 2`) })
      .click();
    await page.waitForURL((u) => u.pathname === `/parent/hafiz/${hafiz[1]!.id}`);
    await page.getByTestId("hifz-dashboard").waitFor();
  });
});
