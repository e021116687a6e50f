import { beforeAll, describe, expect, it, vi } from "vitest";
import { deviceOf } from "../app/store-redirect";
import { formatMinor, setSchoolCurrency } from "../ui/resource/money";
import { setSchoolDigits } from "./digits";
import {
  dateInputFormat,
  formatDate,
  formatDateTime,
  formatNumber,
  parseTypedDate,
  schoolDay,
  setMomentTimeZone,
  setSchoolTimeZone,
  typedDate,
} from "./format";
import { i18n, i18nReady } from "./i18n";

// The texts are not needed here: every locale file answers empty, at once.
vi.hoisted(() => {
  globalThis.fetch = async () => new Response("{}", { status: 200, headers: { "content-type": "application/json" } });
});

describe("formatting for the language", () => {
  beforeAll(async () => {
    await i18nReady;
  });

  it("reads a calendar date as that day, whatever the time zone", async () => {
    await i18n.changeLanguage("en");
    expect(formatDate("2026-01-05")).toBe("5 Jan 2026");
    expect(formatDate(null)).toBe("");
  });

  it("writes numbers the language's way", async () => {
    await i18n.changeLanguage("en");
    expect(formatNumber(1234567)).toBe("12,34,567");
    await i18n.changeLanguage("ar");
    expect(formatNumber(12)).toBe(new Intl.NumberFormat("ar").format(12));
    await i18n.changeLanguage("en");
  });
});

describe("one school's digits for a language", () => {
  beforeAll(async () => {
    await i18nReady;
    setSchoolCurrency("INR");
  });
  const latin = /[0-9]/;
  const urdu = /[\u06f0-\u06f9]/;
  const everyFigure = () => [
    formatDate("2026-12-07"),
    formatDateTime(new Date(Date.UTC(2026, 11, 7, 4, 30))),
    formatNumber(1780),
    formatMinor(178000),
    typedDate("2026-12-07"),
    i18n.t("{{count}}", { count: 40 }),
  ];

  it("writes an Urdu page's dates, counts, amounts and typed dates all in Latin digits by default", async () => {
    setSchoolDigits(undefined);
    i18n.addResource("ur", "common", "{{count}}", "{{count}} طلبہ");
    await i18n.changeLanguage("ur");
    const figures = everyFigure();
    expect(
      figures.filter((f) => urdu.test(f)),
      "no Urdu digit",
    ).toEqual([]);
    expect(figures.every((f) => latin.test(f))).toBe(true);
  });

  it("writes them all in Urdu digits when the school chooses them for Urdu, and English stays Latin", async () => {
    setSchoolDigits({ ur: "native" });
    await i18n.changeLanguage("ur");
    const figures = everyFigure();
    expect(
      figures.filter((f) => latin.test(f)),
      "no Latin digit",
    ).toEqual([]);
    expect(figures.every((f) => urdu.test(f))).toBe(true);
    expect(parseTypedDate("۰۷/۱۲/۲۰۲۶"), "a date typed in Urdu digits").toBe("2026-12-07");
    await i18n.changeLanguage("en");
    expect(formatNumber(1780)).toBe("1,780");
    setSchoolDigits(undefined);
  });
});

describe("app store choice", () => {
  it("knows Android, iPhone, iPad (as a touch Mac) and the rest", () => {
    expect(deviceOf("Mozilla/5.0 (Linux; Android 14; Pixel 8)")).toBe("android");
    expect(deviceOf("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X)")).toBe("ios");
    expect(deviceOf("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)", 5)).toBe("ios");
    expect(deviceOf("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)", 0)).toBe("other");
    expect(deviceOf("Mozilla/5.0 (Windows NT 10.0; Win64; x64)")).toBe("other");
  });
});

describe("dates typed the school's way", () => {
  it("reads day-first input in India and the Gulf, month-first in the United States, ISO anywhere", () => {
    expect(dateInputFormat("IN")).toBe("DD/MM/YYYY");
    expect(parseTypedDate("12/05/2015", "IN")).toBe("2015-05-12");
    expect(parseTypedDate("12.5.2015", "SA")).toBe("2015-05-12");
    expect(parseTypedDate("12/05/2015", "US")).toBe("2015-12-05");
    expect(parseTypedDate("2015-05-12", "IN")).toBe("2015-05-12");
    expect(parseTypedDate("31/02/2015", "IN")).toBeNull();
  });

  it("writes a date back the way it is typed there, so a picked day reads as the school reads it", () => {
    expect(typedDate("2015-05-12", "IN")).toBe("12/05/2015");
    expect(typedDate("2015-05-12", "US")).toBe("05/12/2015");
    expect(typedDate("2015-05-12", "JP")).toBe("2015-05-12");
    expect(parseTypedDate(typedDate("2015-05-12", "PK"), "PK")).toBe("2015-05-12");
    expect(typedDate("12/05", "IN")).toBe("12/05");
  });
});

describe("the school's day", () => {
  it("is today in the school's zone, not the device's", () => {
    // Kiritimati (UTC+14) and Pago Pago (UTC-11) are 25 hours apart: Kiritimati is always a day
    // or two ahead (two from 10:00 to 11:00 UTC).
    setSchoolTimeZone("Pacific/Kiritimati");
    const east = schoolDay();
    setSchoolTimeZone("Pacific/Pago_Pago");
    const west = schoolDay();
    setSchoolTimeZone(null);
    expect([86_400_000, 2 * 86_400_000]).toContain(Date.parse(east) - Date.parse(west));
  });

  it("falls back to the device's day for a zone the browser does not know", () => {
    setSchoolTimeZone("Mars/Olympus_Mons");
    const now = new Date();
    const device = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
    expect(schoolDay()).toBe(device);
    setSchoolTimeZone(null);
  });
});

describe("a moment on a page the server draws", () => {
  it("is read in the school's zone when set, a calendar day stays itself, and an unknown zone falls back", () => {
    // 21:29 UTC on 6 December is 02:59 on 7 December in Kerala.
    const moment = "2026-12-06T21:29:00Z";
    setMomentTimeZone("Asia/Kolkata");
    try {
      expect(formatDateTime(moment)).toMatch(/7 Dec 2026.*2:59/);
      expect(formatDate("2026-12-06")).toBe("6 Dec 2026");
      setMomentTimeZone("UTC");
      expect(formatDateTime(moment)).toMatch(/6 Dec 2026.*9:29/);
      setMomentTimeZone("Mars/Olympus_Mons");
      expect(formatDateTime(moment)).not.toBe("");
    } finally {
      setMomentTimeZone(null);
    }
  });
});
