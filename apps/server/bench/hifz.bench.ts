import { MADANI_PAGE_STARTS, TOTAL_AYAHS } from "@taleem/contract";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../src/db/client.js";
import { hifzFeedback, hifzLogs } from "../src/modules/hifz/logs.table.js";
import { quranAyahs } from "../src/modules/hifz/quran.table.js";
import { students } from "../src/modules/students/students.table.js";
import { benchClient, benchKinds, type DatabaseKind, fmt, kindLabel, openBenchApp, pct, seedSchool } from "./bench-kit.js";

/**
 * A hafiz with 2,000 logs and 600 mistakes: the dashboard (progress, revision of each juz, heat
 * map, weakest ayahs, grade trend) beside the bare SQL reading the same rows, by surah and by page
 * (the heat of every page, which the profile loads once); and turning to a mushaf page, whose heat
 * is then in hand: the page's ayahs beside their bare read.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const SCHOOL = { code: "BENCHHIFZ", students: 50, mobile: "+919000000071" };
const LOGS = 2000;
const MISTAKES = 600;
const PAGE = 590;

async function benchOn(kind: DatabaseKind) {
  const { app, database, analyze, close } = await openBenchApp(kind);
  const db = database.db as Db;
  try {
    const tenantId = await seedSchool(db, SCHOOL);
    const call = await benchClient(app, SCHOOL);
    const [student] = await db.select({ id: students.id }).from(students).where(eq(students.tenantId, tenantId)).orderBy(asc(students.id)).limit(1);
    const hafiz = (await call<{ data: { id: number } }>("POST", "/admin/api/hafiz", { studentId: student!.id })).data;
    const types = (await call<{ rows: { id: number }[] }>("GET", "/admin/api/recitationtype/active")).rows;
    const metrics = (await call<{ rows: { id: number }[] }>("GET", "/admin/api/recitationmetric/active")).rows;
    // 2,000 days of three streams' worth of logs, spread over the Quran, and 600 mistakes in them.
    const day = (i: number) => new Date(Date.parse("2021-01-01T00:00:00Z") + i * 86_400_000).toISOString().slice(0, 10);
    const logs = Array.from({ length: LOGS }, (_, i) => {
      const start = 1 + ((i * 97) % (TOTAL_AYAHS - 40));
      return {
        tenantId,
        hafizId: hafiz.id,
        recitationTypeId: types[i % types.length]!.id,
        date: day(Math.floor(i / 3)),
        startAyah: start,
        endAyah: start + (i % 30),
        pages: 1,
        status: (i % 9 ? "completed" : "partial") as "completed",
        grade: 1 + (i % 5),
      };
    });
    for (let i = 0; i < logs.length; i += 500) await db.insert(hifzLogs).values(logs.slice(i, i + 500));
    const pageFirst = MADANI_PAGE_STARTS[PAGE - 1]!;
    const pageLast = MADANI_PAGE_STARTS[PAGE]! - 1;
    await db.insert(hifzFeedback).values(
      Array.from({ length: MISTAKES }, (_, i) => ({
        tenantId,
        hafizId: hafiz.id,
        // A third of them on the measured page.
        ayahNumber: i % 3 ? 1 + ((i * 131) % TOTAL_AYAHS) : pageFirst + (i % (pageLast - pageFirst + 1)),
        metricId: metrics[i % metrics.length]!.id,
        date: day(Math.floor((i * LOGS) / 3 / MISTAKES)),
        isResolved: i % 4 === 0,
      })),
    );
    await analyze();

    const dashboardPath = `/admin/api/hifzprogress/hifz-dashboard?studentId=${student!.id}`;
    const bareDashboard = () =>
      Promise.all([
        db
          .select()
          .from(hifzLogs)
          .where(and(eq(hifzLogs.tenantId, tenantId), eq(hifzLogs.hafizId, hafiz.id))),
        db
          .select()
          .from(hifzFeedback)
          .where(and(eq(hifzFeedback.tenantId, tenantId), eq(hifzFeedback.hafizId, hafiz.id))),
      ]);
    const page = () => call("GET", `/admin/api/layouts/madani-604/pages/${PAGE}`);
    const barePage = () => db.select().from(quranAyahs).where(eq(quranAyahs.page, PAGE));
    const dash = await call<{ totalLogs: number; heatMapData: unknown[] }>("GET", dashboardPath);
    if (dash.totalLogs !== LOGS) throw new Error(`the dashboard counted ${dash.totalLogs} logs, not ${LOGS}`);
    const timed = async (run: () => Promise<unknown>) => {
      const t = performance.now();
      await run();
      return performance.now() - t;
    };
    const r = { dashboards: [] as number[], byPage: [] as number[], bareDashboards: [] as number[], pages: [] as number[], barePages: [] as number[] };
    for (let i = 0; i < ROUNDS; i++) {
      r.dashboards.push(await timed(() => call("GET", dashboardPath)));
      r.byPage.push(await timed(() => call("GET", `${dashboardPath}&layoutMode=page`)));
      r.bareDashboards.push(await timed(bareDashboard));
      r.pages.push(await timed(page));
      r.barePages.push(await timed(barePage));
    }
    return { ...r, heatGroups: dash.heatMapData.length };
  } finally {
    await close();
  }
}

console.log(`Memorisation: a hafiz with ${LOGS.toLocaleString("en-US")} logs and ${MISTAKES} mistakes.`);
if (!process.env.DATABASE_URL) console.log("(Set DATABASE_URL to run the same against PostgreSQL.)");
for (const kind of benchKinds()) {
  const r = await benchOn(kind);
  const line = (label: string, ours: number[], bare: number[]) =>
    console.log(
      `  ${label.padEnd(34)} Taleem p50 ${fmt(pct(ours, 50))} ms  p95 ${fmt(pct(ours, 95))} ms   bare SQL p50 ${fmt(pct(bare, 50))} ms  p95 ${fmt(pct(bare, 95))} ms   ${fmt(pct(ours, 50) / pct(bare, 50))}x`,
    );
  console.log(`\n${kindLabel(kind)}`);
  line(`dashboard (${r.heatGroups} surahs on the heat map)`, r.dashboards, r.bareDashboards);
  line("dashboard by page (every page's heat)", r.byPage, r.bareDashboards);
  line(`turn to page ${PAGE}, its heat in hand`, r.pages, r.barePages);
}
