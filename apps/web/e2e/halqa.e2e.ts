import { mkdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { adminApi, appReady, PHONE, seriousViolations, setupBrowser, signInAs, switchLanguage } from "./harness";

const browser = setupBrowser();
const SHOTS = "/tmp/shots";
const tag = () => Math.random().toString(36).slice(2, 7).toUpperCase();

/** An-Nas (114) holds the Quran's last six ayahs, 6231 to 6236, on Madani page 604. */
const AN_NAS = 6231;
const PINNED = "rgba(250, 82, 82, 0.35)";

interface Row {
  id: number;
}

describe("the halqa on a teacher's phone", () => {
  it("logs a sabaq with two mistakes tapped on the mushaf, in Urdu at 360 px, kept offline and sent when the connection returns", async () => {
    const admin = await adminApi();
    const name = `HLQ${tag()}`;
    const group = (await admin.post<{ data: Row }>("/admin/api/recitation-group", { name })).data;
    const hafiz: Row[] = [];
    for (let i = 1; i <= 2; i++) {
      const student = (await admin.post<{ data: Row }>("/admin/api/student", { admissionNo: `${name}-${i}`, name: `${name} Child ${i}` })).data;
      hafiz.push((await admin.post<{ data: Row }>("/admin/api/hafiz", { studentId: student.id, recitationGroupId: group.id, direction: "backward" })).data);
    }
    const types = (await admin.get<{ rows: (Row & { builtinKey: string | null })[] }>("/admin/api/recitationtype/active")).rows;
    const sabaq = types.find((t) => t.builtinKey === "sabaq")!;
    const child = hafiz[0]!;

    const page = await browser.page(PHONE);
    await signInAs(page, "admin");
    // From the halqas' list: the halqa is chosen already.
    await page.goto(`/admin/halqa?groupId=${group.id}`);
    await appReady(page);
    // The switcher saves the choice to the shared demo admin's profile: set back to English at the end.
    await switchLanguage(page, "ur");
    try {
      await page.getByRole("heading", { name: "حلقہ", exact: true }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
      await page.getByRole("button", { name: "شروع کریں" }).click();
      await page.waitForURL((u) => !!u.searchParams.get("sessionId"));
      const sessionId = Number(new URL(page.url()).searchParams.get("sessionId"));
      // Both children are seated in the new sitting.
      await page.getByTestId(`hafiz-${hafiz[1]!.id}`).waitFor();
      const card = page.getByTestId(`hafiz-${child.id}`);
      await card.locator("button").first().click();

      // The sabaq: a backward beginner starts at An-Nas 1; the range is taken to its last ayah.
      const log = `h${child.id}-t${sabaq.id}`;
      await card.getByRole("switch", { name: "سبق", exact: true }).check();
      expect(await page.getByTestId(`${log}-from-surah`).inputValue()).toBe("114");
      const to = page.getByTestId(`${log}-to-ayah`);
      await to.fill("9");
      await to.blur();
      // An-Nas has six ayahs: the picker keeps the ayah inside the surah.
      expect(await to.inputValue()).toBe("6");
      await page.getByTestId(`${log}-grades`).getByText("5", { exact: true }).click();
      await card.getByText("درجہ: ممتاز").waitFor();

      // Two mistakes, one tap each, on 114:2 and 114:4 of the page.
      await page.getByTestId(`${log}-mistakes`).click();
      const ayah = (n: number) => page.getByTestId(`${log}-pinner`).locator(`[data-ayah="${n}"]`);
      await ayah(AN_NAS + 1).tap();
      await ayah(AN_NAS + 3).tap();
      const pinned = page.getByTestId(`${log}-pinner-pinned`);
      await pinned.getByText("114:4").waitFor();
      expect(await pinned.getByText(/^114:\d$/).count()).toBe(2);
      const colour = (n: number) => ayah(n).evaluate((e) => (e as HTMLElement).style.backgroundColor);
      expect(await colour(AN_NAS + 1)).toBe(PINNED);
      expect(await colour(AN_NAS + 3)).toBe(PINNED);
      expect(await colour(AN_NAS + 2)).not.toBe(PINNED);

      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page)).toBe("");
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/halqa-ur-360.png`, fullPage: true });

      // No signal in class: the sitting waits on the phone, and goes when the connection returns.
      await page.context().setOffline(true);
      await page.getByRole("button", { name: "سب محفوظ کریں" }).click();
      await page.getByTestId("waiting-badge").waitFor();
      expect(await page.evaluate((id) => !!localStorage.getItem(`taleem_hifz_sitting:${id}`), sessionId)).toBe(true);
      await page.context().setOffline(false);
      await page.getByTestId("waiting-badge").waitFor({ state: "detached" });

      const mistakes = await admin.get<{ rows: { ayahNumber: number; reference: string; isResolved: boolean }[] }>(`/admin/api/hifzfeedback/hafiz/${child.id}`);
      expect(mistakes.rows.map((m) => m.ayahNumber).sort()).toEqual([AN_NAS + 1, AN_NAS + 3]);
      expect(mistakes.rows.map((m) => m.reference).sort()).toEqual(["114:2", "114:4"]);
      const sitting = await admin.get<{ rows: { hafizId: number; recitationTypeId: number; startAyah: number; endAyah: number; grade: number | null }[] }>(
        `/admin/api/hifzlog/session/${sessionId}`,
      );
      expect(sitting.rows).toEqual([
        expect.objectContaining({ hafizId: child.id, recitationTypeId: sabaq.id, startAyah: AN_NAS, endAyah: AN_NAS + 5, grade: 5 }),
      ]);

      // Opened again, the sitting shows what was saved, the two ayahs still coloured.
      await page.reload();
      await appReady(page);
      const reopened = page.getByTestId(`hafiz-${child.id}`);
      await reopened.locator("button").first().click();
      // The saved log is in the card (its grade) before its mistakes are opened.
      await reopened.getByText("درجہ: ممتاز").waitFor();
      await page.getByTestId(`${log}-mistakes`).click();
      await ayah(AN_NAS + 3).waitFor();
      expect(await colour(AN_NAS + 1)).toBe(PINNED);
      expect(await colour(AN_NAS + 3)).toBe(PINNED);
    } finally {
      await page.context().setOffline(false);
      await switchLanguage(page, "en");
      await page.getByRole("heading", { name: "Halqa", exact: true }).waitFor();
    }
  });
});
