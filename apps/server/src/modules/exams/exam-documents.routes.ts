import { mkdir, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import {
  examMasterMarkSheets,
  examRankList,
  examSetRankList,
  examSetReportCard,
  type Language,
  languageOr,
  type MarkSheetsResult,
  markSheetsFile,
  markSheetsProgress,
  type ReportCard,
  reportCardFileName,
  startMarkSheetsJob,
} from "@taleem/contract";
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { OpenContext, RequestContext } from "../../platform/actions/request-context.js";
import { serveAction } from "../../platform/actions/serve-action.js";
import { PdfRenderer } from "../../platform/files/pdf-renderer.js";
import { nameOfPath, UploadStore } from "../../platform/files/uploads.js";
import { AppError, conflict, notFound } from "../../platform/http/errors.js";
import { jobQueueOf } from "../../platform/jobs/job-queue.js";
import { newJobId } from "../../platform/jobs/job-registry.js";
import type { Services } from "../../platform/services.js";
import { schoolDigits } from "../../platform/tenancy/school-digits.js";
import { tenantOf } from "../../platform/tenancy/tenant-of.js";
import { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { dayText } from "../../platform/texts/dates.js";
import { activeCounts } from "../academics/enrolments.service.js";
import { printReportCards } from "./exam-documents.print.js";
import { docText } from "./exam-documents.texts.js";
import { examMasterClassrooms, examMasters, examSets } from "./exams.table.js";
import { samplePaper, sampleSet } from "./exams-samples.service.js";
import { paperRankListHtml, type SetRankSection, setRankListHtml } from "./rank-list.html.js";
import type { PrintDoc } from "./report-card.html.js";
import { examMasterCards, examRanking, examSetCards } from "./report-cards.service.js";

/** The job kind of mark sheets made for many classrooms. */
export const MARK_SHEETS_JOB = "exams.mark-sheets";
/** More students than this, without a classroom, are made as a job, not in the request. */
export const MARK_SHEETS_IN_REQUEST = 60;
/** A job's PDF stays on disk this long: well past the 15 minutes its progress is answered. */
const KEEP_FILE_MS = 60 * 60_000;

interface MarkSheetsPayload {
  tenantId: number;
  /** The job's own id: its file is kept under it. */
  job: string;
  examMasterId: number;
  classroomIds: number[] | null;
  language: Language;
  /** The students counted when it started: the bar's total. */
  total: number;
  sample?: boolean;
}

/** The language a PDF is printed in: asked for, else the caller's own, else English. */
const printLanguage = (ctx: RequestContext, lang: Language | undefined): Language => lang ?? languageOr(ctx.principal.language);

/** The school's logo as a data URL (Chromium prints offline), when it is a stored image of this school. */
async function logoOf(store: UploadStore, scope: TenantScope, path: string | null): Promise<string | null> {
  const name = path ? nameOfPath(path) : undefined;
  if (!path || !name || !path.startsWith(`/admin/open/upload/${scope.tenantId}/`)) return null;
  const type = name.endsWith(".png") ? "image/png" : name.endsWith(".webp") ? "image/webp" : name.endsWith(".jpg") ? "image/jpeg" : null;
  const bytes = type ? await store.read(scope.tenantId, name) : undefined;
  return bytes ? `data:${type};base64,${bytes.toString("base64")}` : null;
}

/** What every page of a document shares: the school's header in `language`, and today. */
export async function printDoc(scope: TenantScope, store: UploadStore, language: Language): Promise<PrintDoc & { timeZone: string }> {
  const [tenant, digits] = await Promise.all([tenantOf(scope), schoolDigits(scope, language)]);
  return {
    language,
    digits,
    timeZone: tenant.timeZone,
    school: {
      name: tenant.name,
      address: tenant.address,
      contact: [tenant.contactPhone, tenant.contactEmail].filter(Boolean).join(" · "),
      logo: await logoOf(store, scope, tenant.logo),
    },
    printed: docText(language, "printed", { date: dayText(language, tenant.timeZone, new Date(), digits) }),
  };
}

/** Chromium's failure told plainly; an AppError (no Chromium installed) as it is. */
async function printed(ctx: OpenContext, what: string, print: () => Promise<Buffer>): Promise<Buffer> {
  try {
    return await print();
  } catch (err) {
    if (err instanceof AppError) throw err;
    ctx.req.log.error({ err }, `${what} PDF failed`);
    throw new AppError(503, "pdf.failed", "Failed to download PDF");
  }
}

const sendPdf = (reply: FastifyReply, name: string, file: Buffer) =>
  reply
    .header("content-type", "application/pdf")
    .header("content-disposition", `attachment; filename="${name}"`)
    .header("cache-control", "no-store")
    .send(file);

/** The classrooms that sit a term's examination. */
async function classroomsOf(scope: TenantScope, examMasterId: number): Promise<number[]> {
  const rows = await scope.db
    .select({ id: examMasterClassrooms.classroomId })
    .from(examMasterClassrooms)
    .where(scope.where(examMasterClassrooms, eq(examMasterClassrooms.examMasterId, examMasterId)));
  return rows.map((r) => r.id);
}

/** Asked-for classrooms must sit the examination: another's (or another school's) is a 404. */
function requireSitting(rooms: number[], asked: number[]) {
  const stray = asked.find((id) => !rooms.includes(id));
  if (stray !== undefined) throw notFound("Classroom");
}

const subtitleOf = (m: { name: string; batchName: string }) => [m.name, m.batchName].filter(Boolean).join(" · ");

/** A job's PDF on disk, DATA_DIR/exports/<school>/<job>.pdf, removed an hour after it was made. */
class JobFiles {
  constructor(private readonly root: string) {}

  private path(tenantId: number, job: string) {
    return join(this.root, String(tenantId), `${job}.pdf`);
  }

  async write(tenantId: number, job: string, bytes: Buffer) {
    await mkdir(join(this.root, String(tenantId)), { recursive: true });
    await writeFile(this.path(tenantId, job), bytes);
    await this.sweep();
  }

  read(tenantId: number, job: string): Promise<Buffer | undefined> {
    return readFile(this.path(tenantId, job)).catch(() => undefined);
  }

  /** Removes files older than KEEP_FILE_MS; a file it cannot remove is tried again next time. */
  async sweep(now = Date.now()) {
    for (const school of await readdir(this.root).catch(() => [] as string[])) {
      for (const name of await readdir(join(this.root, school)).catch(() => [] as string[])) {
        const path = join(this.root, school, name);
        const info = await stat(path).catch(() => undefined);
        if (info && now - info.mtimeMs > KEEP_FILE_MS) await rm(path, { force: true }).catch(() => undefined);
      }
    }
  }
}

/**
 * The exam module's PDFs, printed by Chromium with no transaction held while it prints: report
 * cards of a term's examination (one classroom in the request, many as a job kept for download)
 * and the rank lists of one paper and of an exam set.
 */
export function serveExamDocuments(app: FastifyInstance, services: Services) {
  const pdf = new PdfRenderer();
  app.addHook("onClose", () => pdf.close());
  const store = new UploadStore(services.config.dataDir);
  const files = new JobFiles(join(services.config.dataDir, "exports"));
  const queue = jobQueueOf(app);

  // Each card is laid out on its own and a chunk Chromium cannot print is split down to the card it
  // cannot print, so one bad record fails its card, listed in `failed`, and the others are printed.
  queue.handle(MARK_SHEETS_JOB, async (raw, control) => {
    const p = raw as unknown as MarkSheetsPayload;
    if (p.sample) return null;
    const scope = new TenantScope(services.db, p.tenantId);
    const { doc, got } = await scope.transaction(async (tx) => ({
      doc: await printDoc(tx, store, p.language),
      got: await examMasterCards(tx, p.examMasterId, p.classroomIds ? { classroomIds: p.classroomIds } : {}),
    }));
    const all = got.cards.length + got.failed.length;
    const total = p.total;
    // The bar counts the students counted when the job started; the cards found may differ a little.
    const report = (done: number) => control.progress(all ? Math.floor(((got.failed.length + done) / all) * total) : total);
    report(0);
    const made = await printReportCards(pdf, doc, docText(p.language, "reportCard"), subtitleOf(got.master), got.cards, { isolate: true, onProgress: report });
    await files.write(p.tenantId, p.job, made.file);
    return { cards: made.printed, failed: [...got.failed, ...made.failed], fileName: `mark-sheets-${p.examMasterId}.pdf` } satisfies MarkSheetsResult;
  });

  serveAction(
    app,
    examMasterMarkSheets,
    async (ctx, { params, query }) => {
      const language = printLanguage(ctx, query.lang);
      const { doc, got } = await ctx.scope.transaction(async (scope) => {
        const master = await scope.find(examMasters, params.id, "Examination");
        const rooms = await classroomsOf(scope, master.id);
        if (query.classroomId) requireSitting(rooms, [query.classroomId]);
        const tooMany = (students: number) => {
          if (query.classroomId || students <= MARK_SHEETS_IN_REQUEST) return;
          throw conflict(
            "mark_sheets.use_job",
            `This examination has ${students} students; report cards for more than ${MARK_SHEETS_IN_REQUEST} are made as a job. Choose one classroom, or start the job (POST /admin/api/exammaster/mark-sheets/${master.id}/job) and download its file when it is done.`,
            { students, limit: MARK_SHEETS_IN_REQUEST },
          );
        };
        // Counted first from the enrolments, so a whole school is refused without working out its cards.
        if (!query.classroomId) tooMany([...(await activeCounts(scope, rooms)).values()].reduce((s, n) => s + n, 0));
        const got = await examMasterCards(scope, master.id, query.classroomId ? { classroomIds: [query.classroomId] } : {});
        tooMany(got.cards.length + got.failed.length);
        return { doc: await printDoc(scope, store, language), got };
      });
      const made = await printed(
        ctx,
        "mark sheets",
        async () => (await printReportCards(pdf, doc, docText(language, "reportCard"), subtitleOf(got.master), got.cards)).file,
      );
      // The cards that could not be made are named to the screen; the PDF holds the others.
      if (got.failed.length) ctx.reply.header("x-cards-failed", String(got.failed.length));
      return sendPdf(ctx.reply, `mark-sheets-${got.master.id}.pdf`, made);
    },
    { transaction: false },
  );

  serveAction(
    app,
    startMarkSheetsJob,
    async (ctx, { params, body }) => {
      const language = printLanguage(ctx, body.lang);
      const { master, total, classroomIds } = await ctx.scope.transaction(async (scope) => {
        const master = await scope.find(examMasters, params.id, "Examination");
        const rooms = await classroomsOf(scope, master.id);
        if (body.classroomIds?.length) requireSitting(rooms, body.classroomIds);
        const chosen = body.classroomIds?.length ? body.classroomIds : rooms;
        const counts = await activeCounts(scope, chosen);
        return { master, total: [...counts.values()].reduce((s, n) => s + n, 0), classroomIds: body.classroomIds?.length ? body.classroomIds : null };
      });
      const job = newJobId();
      const payload = { tenantId: ctx.scope.tenantId, examMasterId: master.id, classroomIds, language, job, total } satisfies MarkSheetsPayload;
      await queue.enqueue(ctx.scope.tenantId, MARK_SHEETS_JOB, total, payload, job);
      return { message: `Making ${total} report cards of ${master.name}`, job, total };
    },
    { transaction: false, sample: async (scope) => ({ params: { id: (await samplePaper(scope, true)).master.id }, body: {} }) },
  );

  serveAction(app, markSheetsProgress, async (ctx, { params }) => queue.progress(ctx.principal.tenantId, MARK_SHEETS_JOB, params.job) as never, {
    transaction: false,
    sample: async (scope) => ({ params: { job: await queue.sample(scope.tenantId, MARK_SHEETS_JOB) } }),
  });

  serveAction(
    app,
    markSheetsFile,
    async (ctx, { params }) => {
      const state = await queue.progress(ctx.principal.tenantId, MARK_SHEETS_JOB, params.job);
      if (state.state === "running") {
        throw conflict("mark_sheets.running", `The report cards are still being made (${state.done} of ${state.total}); download them when the job is done.`, {
          done: state.done,
          total: state.total,
        });
      }
      if (state.state === "failed") {
        throw conflict("mark_sheets.failed", `The job stopped and made no file: ${state.error?.message ?? "unknown error"}`, { error: state.error?.code });
      }
      const result = state.result as MarkSheetsResult | null;
      if (!result) throw conflict("mark_sheets.no_file", "This job made no file.", {});
      const file = await files.read(ctx.principal.tenantId, params.job);
      if (!file) throw notFound("File");
      return sendPdf(ctx.reply, result.fileName, file);
    },
    { transaction: false, sample: async (scope) => ({ params: { job: await queue.sample(scope.tenantId, MARK_SHEETS_JOB) } }) },
  );

  serveAction(
    app,
    examSetReportCard,
    async (ctx, { params, query }) => {
      const language = printLanguage(ctx, query.lang);
      const { doc, got } = await ctx.scope.transaction(async (scope) => ({
        // Ranked over the whole set, as on the screen and in the mark sheets; only this card is made.
        got: await examSetCards(scope, params.id, { studentIds: [params.studentId] }),
        doc: await printDoc(scope, store, language),
      }));
      const card = got.cards.find((c) => c.studentId === params.studentId);
      const failed = got.failed.find((f) => f.studentId === params.studentId);
      if (failed) throw conflict("report_card.failed", `This student's report card cannot be made: ${failed.message}`, { name: failed.name });
      if (!card) throw notFound("Student");
      const made = await printed(
        ctx,
        "report card",
        async () => (await printReportCards(pdf, doc, docText(language, "reportCard"), subtitleOf(got.set), [card])).file,
      );
      return sendPdf(ctx.reply, reportCardFileName(card, got.set), made);
    },
    {
      transaction: false,
      sample: async (scope) => {
        const { set, studentId } = await sampleSet(scope, true);
        return { params: { id: set.id, studentId } };
      },
    },
  );

  serveAction(
    app,
    examRankList,
    async (ctx, { params, query }) => {
      const language = printLanguage(ctx, query.lang);
      const { doc, ranking } = await ctx.scope.transaction(async (scope) => ({
        ranking: await examRanking(scope, params.id),
        doc: await printDoc(scope, store, language),
      }));
      const html = paperRankListHtml(doc, {
        ...ranking.exam,
        date: ranking.exam.date ? dayText(language, doc.timeZone, ranking.exam.date) : null,
        rows: ranking.rows,
      });
      return sendPdf(ctx.reply, `rank-list-${ranking.exam.id}.pdf`, await printed(ctx, "rank list", () => pdf.render(html)));
    },
    { transaction: false },
  );

  serveAction(
    app,
    examSetRankList,
    async (ctx, { params, query }) => {
      const language = printLanguage(ctx, query.lang);
      const { doc, set, got } = await ctx.scope.transaction(async (scope) => ({
        set: await scope.find(examSets, params.examsetId, "Exam set"),
        got: await examSetCards(scope, params.examsetId, query.classroomId ? { classroomIds: [query.classroomId] } : {}),
        doc: await printDoc(scope, store, language),
      }));
      const overall = params.type === "overall";
      const byRank = (rank: (c: ReportCard) => number | null) => (a: ReportCard, b: ReportCard) =>
        (rank(a) ?? Number.MAX_SAFE_INTEGER) - (rank(b) ?? Number.MAX_SAFE_INTEGER) ||
        a.classroomLabel.localeCompare(b.classroomLabel) ||
        (a.rollNo ?? Number.MAX_SAFE_INTEGER) - (b.rollNo ?? Number.MAX_SAFE_INTEGER) ||
        a.studentName.localeCompare(b.studentName);
      let sections: SetRankSection[];
      if (overall) sections = [{ title: docText(language, "overall"), cards: [...got.cards].sort(byRank((c) => c.overallRank)) }];
      else {
        const rooms = new Map<number, ReportCard[]>();
        for (const c of got.cards) rooms.set(c.classroomId, [...(rooms.get(c.classroomId) ?? []), c]);
        sections = [...rooms.values()]
          .map((cards) => ({ title: cards[0]!.classroomLabel, cards: cards.sort(byRank((c) => c.classRank)) }))
          .sort((a, b) => a.title.localeCompare(b.title));
        if (!sections.length) sections = [{ title: "", cards: [] }];
      }
      const html = setRankListHtml(doc, { name: got.set.name, batchName: got.set.batchName, rankRule: set.rankRule }, params.type, sections);
      return sendPdf(ctx.reply, `rank-list-${set.id}.pdf`, await printed(ctx, "rank list", () => pdf.render(html)));
    },
    { transaction: false, sample: async (scope) => ({ params: { examsetId: (await sampleSet(scope, true)).set.id, type: "class" as const } }) },
  );
}
