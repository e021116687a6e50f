import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { SURAHS } from "@taleem/contract";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { fontCodePoints } from "../../../test/font-cmap.js";
import { adminOfNewTenant, type TestApp, testApp } from "../../../test/harness.js";
import { rolesOf, signedInUser } from "../../../test/people.js";

describe("the Quran's layouts", () => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof adminOfNewTenant>>;
  beforeAll(async () => {
    app = await testApp();
    admin = await adminOfNewTenant(app);
  });

  it("lists the built-in Madani layout with where its font is", async () => {
    const res = await admin.api.get("/admin/api/layouts");
    expect(res.statusCode).toBe(200);
    expect(res.json().rows).toContainEqual(
      expect.objectContaining({
        layoutName: "madani-604",
        pageCount: 604,
        kind: "ayah-pages",
        fontFamily: "Amiri Quran",
        fontUrl: "/admin/api/layouts/madani-604/font",
      }),
    );
  });

  it("gives the page each surah and juz begins on, and the text's licence", async () => {
    const meta = (await admin.api.get("/admin/api/layouts/madani-604/metadata")).json();
    // Al-Baqarah begins on page 2, An-Nas is on 604; juz 30 (Amma) begins on page 582.
    expect([meta.surahPages[1], meta.surahPages[2], meta.surahPages[114]]).toEqual([1, 2, 604]);
    expect([meta.juzPages[1], meta.juzPages[2], meta.juzPages[30]]).toEqual([1, 22, 582]);
    expect(meta.licence).toContain("CC BY-SA 4.0");
  });

  it("draws a page from its ayahs: the first holds Al-Fatihah, the last ends the Quran", async () => {
    const first = (await admin.api.get("/admin/api/layouts/madani-604/pages/1")).json();
    expect(first).toMatchObject({ layoutName: "madani-604", pageNumber: 1 });
    expect(first.ayahs.map((a: { surah: number; ayah: number }) => `${a.surah}:${a.ayah}`)).toEqual(["1:1", "1:2", "1:3", "1:4", "1:5", "1:6", "1:7"]);
    // Bismillah as the Uthmani text writes it (small high sukun U+06E1, alef wasla U+0671).
    expect(first.ayahs[0].text).toBe(
      "\u0628\u0650\u0633\u06E1\u0645\u0650 \u0671\u0644\u0644\u0651\u064E\u0647\u0650 \u0671\u0644\u0631\u0651\u064E\u062D\u06E1\u0645\u064E\u0670\u0646\u0650 \u0671\u0644\u0631\u0651\u064E\u062D\u0650\u064A\u0645\u0650",
    );
    const last = (await admin.api.get("/admin/api/layouts/madani-604/pages/604")).json();
    expect(last.ayahs.at(-1)).toMatchObject({ number: 6236, surah: 114, ayah: 6, juz: 30 });

    const three = (await admin.api.get("/admin/api/layouts/madani-604/pages?start=2&end=4")).json();
    expect(three.pages.map((p: { pageNumber: number }) => p.pageNumber)).toEqual([2, 3, 4]);
    expect(three.pages[0].ayahs[0]).toMatchObject({ surah: 2, ayah: 1 });
  });

  it("keeps the text as its source gives it, every one of the 6,236 ayahs, its open tanween in the code points the font draws", async () => {
    const res = await app.services.db.execute(
      sql`select count(*)::int as n, encode(sha256(convert_to(string_agg(text, '' order by number), 'UTF8')), 'hex') as hash from quran_ayahs`,
    );
    const [row] = (res as unknown as { rows: { n: number; hash: string }[] }).rows;
    // The SHA-256 of quran-json 3.1.2's dist/quran.json texts joined in order, as scripts/build-quran-data.mjs
    // writes them for the font (FOR_THE_FONT: open tanween at U+08F0-U+08F2, no thin space in 2:72).
    expect(row).toEqual({ n: 6236, hash: "20e8892eda0a7adf3fc591270906d54d0a35c42536b27c1a048f11ae10228987" });
    // Al-Fajr 25 as the Madani mushaf prints it: «فَيَوۡمَئِذٖ» with an open kasratan (U+08F2), «أَحَدٞ» with an open dammatan (U+08F1).
    const page = (await admin.api.get("/admin/api/layouts/madani-604/pages/594")).json();
    expect(page.ayahs.find((a: { surah: number; ayah: number }) => a.surah === 89 && a.ayah === 25).text).toBe(
      "\u0641\u064E\u064A\u064E\u0648\u06E1\u0645\u064E\u0626\u0650\u0630\u08F2 \u0644\u0651\u064E\u0627 \u064A\u064F\u0639\u064E\u0630\u0651\u0650\u0628\u064F \u0639\u064E\u0630\u064E\u0627\u0628\u064E\u0647\u064F\u06E5\u0653 \u0623\u064E\u062D\u064E\u062F\u08F1",
    );
  });

  it("has a glyph in the served font, and in the app's Arabic font it falls back to, for every character the mushaf draws", async () => {
    // What a page draws in the mushaf's font: the ayahs as served, each surah's name above its
    // first ayah, and each ayah's number in Arabic-Indic digits between ornate parentheses.
    const drawn = new Map<number, string>();
    const note = (text: string, where: string) => {
      for (const c of text) if (!drawn.has(c.codePointAt(0)!)) drawn.set(c.codePointAt(0)!, where);
    };
    for (let start = 1; start <= 604; start += 20) {
      const reply = await admin.api.get(`/admin/api/layouts/madani-604/pages?start=${start}&end=${Math.min(start + 19, 604)}`);
      for (const page of reply.json().pages as { ayahs: { surah: number; ayah: number; text: string }[] }[])
        for (const a of page.ayahs) note(a.text, `${a.surah}:${a.ayah}`);
    }
    for (const s of SURAHS) note(s.nameArabic, `the name of surah ${s.number}`);
    note("\uFD3F\uFD3E\u0660\u0661\u0662\u0663\u0664\u0665\u0666\u0667\u0668\u0669", "an ayah's number");
    const lacking = (font: Set<number>) =>
      [...drawn].filter(([c]) => !font.has(c)).map(([c, where]) => `U+${c.toString(16).toUpperCase().padStart(4, "0")} (first in ${where})`);

    // The source wrote the open tanween with these marks, which the Madani mushaf never prints:
    // the font has them, so they would show as a wrong mark rather than a box.
    expect([0x0656, 0x0657, 0x065e].filter((c) => drawn.has(c))).toEqual([]);
    const served = await admin.api.get("/admin/api/layouts/madani-604/font");
    expect(lacking(fontCodePoints(served.rawPayload))).toEqual([]);
    // Until the mushaf's font has come (or when it cannot), the page draws in Noto Naskh Arabic.
    const naskh = await readFile(createRequire(import.meta.url).resolve("@fontsource/noto-naskh-arabic/files/noto-naskh-arabic-arabic-400-normal.woff2"));
    expect(lacking(fontCodePoints(naskh))).toEqual([]);
  });

  it("answers a page past the end or an unknown layout with 404, and a bad range with 400 naming the field", async () => {
    const past = await admin.api.get("/admin/api/layouts/madani-604/pages/605");
    expect(past.statusCode).toBe(404);
    expect(past.json()).toMatchObject({ code: "quran.page_not_found", params: { field: "pageNumber", pageCount: 604 } });
    const unknown = await admin.api.get("/admin/api/layouts/indopak-13/pages/1");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: "quran.layout_not_found", params: { field: "layoutName" } });
    const backwards = await admin.api.get("/admin/api/layouts/madani-604/pages?start=5&end=3");
    expect(backwards.statusCode).toBe(400);
    expect(JSON.stringify(backwards.json().params)).toContain("end");
    expect((await admin.api.get("/admin/api/layouts/madani-604/pages?start=1&end=21")).statusCode).toBe(400);
  });

  it("serves the layout's font for a year, and lets a parent read the pages too", async () => {
    const font = await admin.api.get("/admin/api/layouts/madani-604/font");
    expect(font.statusCode).toBe(200);
    expect(font.headers["content-type"]).toBe("font/woff2");
    expect(font.headers["cache-control"]).toContain("max-age=31536000");
    expect(font.rawPayload.subarray(0, 4).toString("latin1")).toBe("wOF2");

    const roles = await rolesOf(admin.api);
    const parent = await signedInUser(app, admin.tenant, admin.api, [roles.parent as number]);
    expect((await parent.api.get("/admin/api/layouts/madani-604/pages/582")).statusCode).toBe(200);
  });

  it("rewrites a database made before the open tanween were fixed, and changes nothing on one made after", async () => {
    const text = async () =>
      ((await app.services.db.execute(sql`select text from quran_ayahs where surah = 89 and ayah = 25`)) as unknown as { rows: { text: string }[] }).rows[0]!
        .text;
    const fixed = await text();
    const migration = await readFile(new URL("../../db/migrations/0021_quran_open_tanween.sql", import.meta.url), "utf8");
    const run = async () => {
      for (const statement of migration.split("--> statement-breakpoint")) await app.services.db.execute(sql.raw(statement));
    };
    await run();
    expect(await text()).toBe(fixed);
    // 89:25 as the text was stored before: its dammatan as U+065E.
    await app.services.db.execute(
      sql`update quran_ayahs set text = translate(text, ${"\u08F0\u08F1\u08F2"}, ${"\u0657\u065E\u0656"}) where surah = 89 and ayah = 25`,
    );
    expect(await text()).toContain("\u065E");
    await run();
    expect(await text()).toBe(fixed);
  });
});
